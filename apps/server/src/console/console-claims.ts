import { randomUUID } from "node:crypto";
import type { ClaimStatus } from "@kalinga/domain/claim-lifecycle";
import type { QueueFilter } from "../claims/claim-queue-filter.ts";
import { queueCount, queueRows } from "../claims/claim-queue-repository.ts";
import { setAssignee, touchClaim } from "../claims/claim-repository.ts";
import type { Queryable } from "../db/database.ts";
import { type Actor, recordClaimEvent } from "../lifecycle/lifecycle-repository.ts";

export { assigneeOf } from "../claims/claim-repository.ts";
export { statusChangesOf } from "../lifecycle/lifecycle-repository.ts";

// What the console reads and writes beside the lifecycle: the queue with its filters and search,
// assignment to examiners, and notes.

export type QueueQuery = {
  status: ClaimStatus | null;
  claimType: "Death" | "Living" | null;
  /** "mine", "unassigned", a staff id, or null for every claim. */
  assigned: string | null;
  /** Only claims assigned to this examiner or to nobody (an examiner's own view). */
  visibleTo: string | null;
  /** A reference number, part of the insured's name, or a mobile number. */
  search: string | null;
  offset: number;
  limit: number;
  /** Claims are counted up to this many; past it the total reads "at least". */
  countUpTo: number;
};

export type QueueRow = {
  claimId: string;
  webReferenceNumber: string;
  status: ClaimStatus;
  claimType: "Death" | "Living";
  causeOfLoss: string;
  insuredName: string;
  mobile: string;
  submittedAt: Date;
  updatedAt: Date;
  assignedTo: string | null;
  assigneeName: string | null;
};

/** "09171234567", "+63 917 123 4567" and "9171234567" all search for 9171234567. */
function mobileDigits(search: string): string | null {
  const digits = search.replace(/[\s()+-]/g, "");
  if (!/^\d{7,13}$/.test(digits)) return null;
  return digits.replace(/^(63|0)(?=9\d{9}$)/, "");
}

/** The queue's filter as the repository reads it, from the console's query. */
export function queueFilter(query: QueueQuery): QueueFilter {
  const search = query.search?.trim() || null;
  return {
    status: query.status,
    claimType: query.claimType,
    assignedTo: query.assigned === "unassigned" ? null : query.assigned,
    unassignedOnly: query.assigned === "unassigned",
    visibleTo: query.visibleTo,
    search,
    // The names are kept lowercased: LIKE on the lowercased search, cheaper per row than ILIKE.
    namePattern: search ? `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
    mobile: search ? mobileDigits(search) : null,
  };
}

/**
 * A search's page, then its count only when the first page is full or a later one is asked: most
 * searches (a reference, a number, a name) fit one page, whose rows are their count, and a rare
 * name's trigram index is then read once, not twice.
 */
async function searchedRows(
  q: Queryable,
  filter: QueueFilter,
  page: { offset: number; limit: number },
  countUpTo: number,
) {
  const rows = await queueRows(q, filter, page);
  const counted =
    page.offset === 0 && rows.length < page.limit && rows.length <= countUpTo
      ? { total: rows.length, atLeast: false }
      : await queueCount(q, filter, countUpTo);
  return [rows, counted] as const;
}

export async function readQueue(
  q: Queryable,
  query: QueueQuery,
): Promise<{ rows: QueueRow[]; total: number; totalIsAtLeast: boolean }> {
  const filter = queueFilter(query);
  const page = { offset: query.offset, limit: query.limit };
  const [rows, count] =
    filter.search === null
      ? await Promise.all([queueRows(q, filter, page), queueCount(q, filter, query.countUpTo)])
      : await searchedRows(q, filter, page, query.countUpTo);
  return {
    total: count.total,
    totalIsAtLeast: count.atLeast,
    rows: rows.map((row) => ({
      claimId: row.id,
      webReferenceNumber: row.web_reference_number,
      status: row.status,
      claimType: row.claim_type,
      causeOfLoss: row.cause ?? "",
      insuredName: [row.first_name, row.last_name].filter(Boolean).join(" "),
      mobile: row.mobile ?? "",
      submittedAt: new Date(row.submitted_at),
      updatedAt: new Date(row.updated_at),
      assignedTo: row.assigned_to,
      assigneeName: row.assignee_name,
    })),
  };
}

export async function assignClaim(
  q: Queryable,
  claim: { claimId: string; assignedTo: string | null },
  to: string | null,
  actor: Actor,
  now: Date,
): Promise<void> {
  await setAssignee(q, claim.claimId, to);
  await recordClaimEvent(
    q,
    claim.claimId,
    { kind: "assignment", detail: { from: claim.assignedTo, to } },
    actor,
    now,
  );
  await touchClaim(q, claim.claimId, now);
}

export type ClaimNote = { id: string; author: string; body: string; at: Date };

export async function addNote(
  q: Queryable,
  claimId: string,
  staffId: string,
  body: string,
  now: Date,
): Promise<void> {
  await q.query(
    "INSERT INTO claim_notes (id, claim_id, staff_id, body, created_at) VALUES ($1, $2, $3, $4, $5)",
    [randomUUID(), claimId, staffId, body, now],
  );
}

export async function listNotes(q: Queryable, claimId: string): Promise<ClaimNote[]> {
  const { rows } = await q.query<{ id: string; name: string; body: string; created_at: Date }>(
    `SELECT n.id, u.name, n.body, n.created_at FROM claim_notes n JOIN staff_users u ON u.id = n.staff_id
     WHERE n.claim_id = $1 ORDER BY n.created_at, n.id`,
    [claimId],
  );
  return rows.map((row) => ({
    id: row.id,
    author: row.name,
    body: row.body,
    at: new Date(row.created_at),
  }));
}
