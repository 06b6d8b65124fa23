import { randomUUID } from "node:crypto";
import type { ClaimStatus } from "@kalinga/domain/claim-lifecycle";
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

export async function readQueue(
  q: Queryable,
  query: QueueQuery,
): Promise<{ rows: QueueRow[]; total: number }> {
  const search = query.search?.trim() || null;
  const mobile = search ? mobileDigits(search) : null;
  const namePattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const params = [
    query.status,
    query.claimType,
    query.assigned === "unassigned" ? null : query.assigned,
    query.assigned === "unassigned",
    query.visibleTo,
    search,
    namePattern,
    mobile,
  ];
  const where = `c.submitted_at IS NOT NULL
       AND ($1::text IS NULL OR c.status = $1)
       AND ($2::text IS NULL OR s.claim_type = $2)
       AND ($3::uuid IS NULL OR c.assigned_to = $3)
       AND (NOT $4::boolean OR c.assigned_to IS NULL)
       AND ($5::uuid IS NULL OR c.assigned_to = $5 OR c.assigned_to IS NULL)
       AND ($6::text IS NULL
         OR upper(c.web_reference_number) = upper($6)
         OR (s.payload->'insuredInformation'->>'firstName') || ' ' || (s.payload->'insuredInformation'->>'lastName') ILIKE $7
         OR (s.payload->'insuredInformation'->>'lastName') ILIKE $7
         OR ($8::text IS NOT NULL AND s.payload->'insuredInformation'->>'phoneNumber' = $8))`;
  const [{ rows }, count] = await Promise.all([
    q.query<{
      id: string;
      web_reference_number: string;
      status: ClaimStatus;
      claim_type: "Death" | "Living";
      cause: string | null;
      first_name: string | null;
      last_name: string | null;
      mobile: string | null;
      submitted_at: Date;
      updated_at: Date;
      assigned_to: string | null;
      assignee_name: string | null;
    }>(
      `SELECT c.id, c.web_reference_number, c.status, s.claim_type, c.submitted_at, c.updated_at,
         s.payload->'basicInformation'->>'causeOfLoss' AS cause,
         s.payload->'insuredInformation'->>'firstName' AS first_name,
         s.payload->'insuredInformation'->>'lastName' AS last_name,
         s.payload->'insuredInformation'->>'phoneNumber' AS mobile,
         c.assigned_to, u.name AS assignee_name
       FROM claims c JOIN claim_submissions s ON s.claim_id = c.id
       LEFT JOIN staff_users u ON u.id = c.assigned_to
       WHERE ${where}
       ORDER BY c.submitted_at ASC, c.id ASC
       OFFSET $9 LIMIT $10`,
      [...params, query.offset, query.limit],
    ),
    q.query<{ total: string | number }>(
      `SELECT count(*) AS total FROM claims c JOIN claim_submissions s ON s.claim_id = c.id WHERE ${where}`,
      params,
    ),
  ]);
  return {
    total: Number(count.rows[0]?.total ?? 0),
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
