import { randomUUID } from "node:crypto";
import type { ClaimStatus, RequirementState } from "@kalinga/domain/claim-lifecycle";
import { lockClaimStatus } from "../claims/claim-repository.ts";
import type { Queryable } from "../db/database.ts";

// The claim_events and claim_requirements tables: a submitted claim's events and requested items.
// The claims row itself (status, decision, policy match) is claims/claim-repository.ts's.

/** Who made a change: a staff user, an integration key's client, the claimant or the system. */
export type Actor = { kind: "staff" | "integration" | "claimant" | "system"; id: string };
export const CLAIMANT: Actor = { kind: "claimant", id: "claimant" };
export const SYSTEM: Actor = { kind: "system", id: "system" };

export type ClaimEvent = {
  kind: "status" | "requirements" | "requirement" | "decision" | "policy-match" | "assignment";
  from?: string | null;
  to?: string | null;
  reason?: string | null;
  detail?: Record<string, unknown>;
};

export async function recordClaimEvent(
  q: Queryable,
  claimId: string,
  event: ClaimEvent,
  actor: Actor,
  now: Date,
): Promise<void> {
  await q.query(
    `INSERT INTO claim_events
       (id, claim_id, kind, from_status, to_status, actor_kind, actor_id, reason, detail, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10)`,
    [
      randomUUID(),
      claimId,
      event.kind,
      event.from ?? null,
      event.to ?? null,
      actor.kind,
      actor.id,
      event.reason ?? null,
      JSON.stringify(event.detail ?? {}),
      now,
    ],
  );
}

export type Requirement = {
  id: string;
  documentCd: string | null;
  description: string;
  /** yyyy-MM-dd */
  dueDate: string;
  state: RequirementState;
  rejectionReason: string | null;
  replaces: string | null;
  askedAt: Date;
  receivedAt: Date | null;
  decidedAt: Date | null;
};

type RequirementRow = {
  id: string;
  document_cd: string | null;
  description: string;
  due_date: string;
  state: RequirementState;
  rejection_reason: string | null;
  replaces: string | null;
  asked_at: Date;
  received_at: Date | null;
  decided_at: Date | null;
};

export type NewRequirement = {
  documentCd: string | null;
  description: string;
  dueDate: string;
  replaces?: string | null;
};

export async function insertRequirements(
  q: Queryable,
  claimId: string,
  items: readonly NewRequirement[],
  now: Date,
): Promise<string[]> {
  const ids: string[] = [];
  for (const item of items) {
    const id = randomUUID();
    await q.query(
      `INSERT INTO claim_requirements
         (id, claim_id, document_cd, description, due_date, state, replaces, asked_at)
       VALUES ($1, $2, $3, $4, $5::date, 'open', $6, $7)`,
      [id, claimId, item.documentCd, item.description, item.dueDate, item.replaces ?? null, now],
    );
    ids.push(id);
  }
  return ids;
}

export async function listRequirements(q: Queryable, claimId: string): Promise<Requirement[]> {
  const { rows } = await q.query<RequirementRow>(
    `SELECT id, document_cd, description, to_char(due_date, 'YYYY-MM-DD') AS due_date, state,
            rejection_reason, replaces, asked_at, received_at, decided_at
     FROM claim_requirements WHERE claim_id = $1 ORDER BY seq`,
    [claimId],
  );
  return rows.map((row) => ({
    id: row.id,
    documentCd: row.document_cd,
    description: row.description,
    dueDate: row.due_date,
    state: row.state,
    rejectionReason: row.rejection_reason,
    replaces: row.replaces,
    askedAt: new Date(row.asked_at),
    receivedAt: row.received_at ? new Date(row.received_at) : null,
    decidedAt: row.decided_at ? new Date(row.decided_at) : null,
  }));
}

/** Moves one item from `from` to `to`; false when the item is not in `from` (or not the claim's). */
export async function moveRequirement(
  q: Queryable,
  claimId: string,
  requirementId: string,
  from: RequirementState,
  to: RequirementState,
  now: Date,
  rejectionReason: string | null = null,
): Promise<boolean> {
  const column = to === "received" ? "received_at" : "decided_at";
  const { rows } = await q.query<{ id: string }>(
    `UPDATE claim_requirements SET state = $4, ${column} = $5, rejection_reason = $6
     WHERE claim_id = $1 AND id = $2 AND state = $3 RETURNING id`,
    [claimId, requirementId, from, to, now, rejectionReason],
  );
  return rows.length === 1;
}

export type EventRow = {
  kind: string;
  from: string | null;
  to: string | null;
  actor: Actor;
  reason: string | null;
  detail: Record<string, unknown>;
  at: Date;
};

export async function listEvents(q: Queryable, claimId: string): Promise<EventRow[]> {
  const { rows } = await q.query<{
    kind: string;
    from_status: string | null;
    to_status: string | null;
    actor_kind: Actor["kind"];
    actor_id: string;
    reason: string | null;
    detail: Record<string, unknown>;
    created_at: Date;
  }>(
    `SELECT kind, from_status, to_status, actor_kind, actor_id, reason, detail, created_at
     FROM claim_events WHERE claim_id = $1 ORDER BY seq`,
    [claimId],
  );
  return rows.map((row) => ({
    kind: row.kind,
    from: row.from_status,
    to: row.to_status,
    actor: { kind: row.actor_kind, id: row.actor_id },
    reason: row.reason,
    detail: row.detail,
    at: new Date(row.created_at),
  }));
}

/** The status changes of many claims at once, for the queue's clocks. */
export async function statusChangesOf(
  q: Queryable,
  claimIds: readonly string[],
): Promise<Map<string, { to: ClaimStatus; at: Date }[]>> {
  const changes = new Map<string, { to: ClaimStatus; at: Date }[]>();
  if (claimIds.length === 0) return changes;
  const { rows } = await q.query<{ claim_id: string; to_status: ClaimStatus; created_at: Date }>(
    `SELECT claim_id, to_status, created_at FROM claim_events
     WHERE claim_id = ANY($1::uuid[]) AND kind = 'status' AND to_status IS NOT NULL ORDER BY seq`,
    [claimIds],
  );
  for (const row of rows) {
    const list = changes.get(row.claim_id) ?? [];
    list.push({ to: row.to_status, at: new Date(row.created_at) });
    changes.set(row.claim_id, list);
  }
  return changes;
}

/** Claim events not yet queued for the insurer's webhook, oldest first, each with its claim's reference. */
export async function takeUnqueuedEvents(tx: Queryable, batch: number) {
  const { rows } = await tx.query<{
    id: string;
    kind: string;
    from_status: string | null;
    to_status: string | null;
    actor_kind: string;
    created_at: Date;
    web_reference_number: string;
    claim_id: string;
  }>(
    `SELECT e.id, e.kind, e.from_status, e.to_status, e.actor_kind, e.created_at,
       c.web_reference_number, e.claim_id
     FROM claim_events e JOIN claims c ON c.id = e.claim_id
     WHERE e.webhook_queued_at IS NULL
     ORDER BY e.seq LIMIT $1
     FOR UPDATE OF e SKIP LOCKED`,
    [batch],
  );
  return rows;
}

export async function markEventsQueued(tx: Queryable, eventIds: readonly string[], now: Date) {
  await tx.query("UPDATE claim_events SET webhook_queued_at = $2 WHERE id = ANY($1::uuid[])", [
    eventIds,
    now,
  ]);
}

/** Sets the due date of a claim's open requirements (the development overdue call); how many. */
export async function setOpenRequirementsDue(
  q: Queryable,
  webReferenceNumber: string,
  dueDate: string,
): Promise<number> {
  const { rowCount } = await q.query(
    `UPDATE claim_requirements r SET due_date = $2 FROM claims c
     WHERE r.claim_id = c.id AND c.web_reference_number = $1 AND r.state = 'open'`,
    [webReferenceNumber, dueDate],
  );
  return rowCount;
}

/** Locks the claim and reads one of its items, for a change to that item's files. */
export async function lockRequirement(
  tx: Queryable,
  claimId: string,
  requirementId: string,
): Promise<{ state: string; dueDate: string } | null> {
  await lockClaimStatus(tx, claimId);
  const { rows } = await tx.query<{ state: string; due_date: string }>(
    `SELECT state, to_char(due_date, 'YYYY-MM-DD') AS due_date FROM claim_requirements
     WHERE claim_id = $1 AND id = $2`,
    [claimId, requirementId],
  );
  return rows[0] ? { state: rows[0].state, dueDate: rows[0].due_date } : null;
}
