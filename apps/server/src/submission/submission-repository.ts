import type { FinalSubmitClaimResponse } from "@kalinga/domain/claim-api";
import type { ClaimStatus } from "@kalinga/domain/claim-lifecycle";
import type { FinalSubmitClaim } from "@kalinga/domain/claim-payload-schema";
import { CLAIM_RECORD_STATUS } from "@kalinga/domain/claim-record-status";
import type { Declarations } from "@kalinga/domain/declarations";
import type { SlotFacts } from "@kalinga/domain/upload-slots";
import { type QueueFilter, queueConditions } from "../claims/claim-queue-filter.ts";
import { agentClaimIds } from "../claims/claim-queue-repository.ts";
import { markClaimSubmitted } from "../claims/claim-repository.ts";
import type { Queryable } from "../db/database.ts";
import { markRequiredSlots } from "../documents/document-repository.ts";
import { deleteDraft } from "../drafts/draft-repository.ts";
import { CLAIMANT, recordClaimEvent } from "../lifecycle/lifecycle-repository.ts";
import { payloadColumnsOf } from "./payload-columns.ts";
import {
  type SubmittedClaim,
  type SubmittedClaimRow,
  submittedClaimOf,
} from "./submitted-claim.ts";

// A submitted claim's rows: the payload as sent, the declarations apart (the payload has no place
// for them), the slot facts the documents were checked against, and the answer every repeat gets.

export type NewSubmission = {
  claimId: string;
  /** The parsed body as sent (unknown keys dropped), without the declarations. */
  payload: unknown;
  /** Agreed at submittedAt. */
  declarations: unknown;
  claimType: string;
  slotFacts: SlotFacts;
  response: FinalSubmitClaimResponse;
  submittedAt: Date;
};

/** One JSON column of the claim's submission; null before the submit. */
async function submissionColumn<T>(q: Queryable, claimId: string, column: string) {
  const { rows } = await q.query<{ value: T }>(
    `SELECT ${column} AS value FROM claim_submissions WHERE claim_id = $1`,
    [claimId],
  );
  return rows[0]?.value ?? null;
}

/** The answer of an earlier submit of the claim, if there was one. */
export const findSubmissionResponse = (q: Queryable, claimId: string) =>
  submissionColumn<FinalSubmitClaimResponse>(q, claimId, "response");

/** Records the submission, closes the claim and marks which stored files the claim asks for. */
export async function recordSubmission(
  tx: Queryable,
  submission: NewSubmission,
  askedSlotKeys: string[],
): Promise<void> {
  const { claimId, submittedAt } = submission;
  await tx.query(
    `INSERT INTO claim_submissions
       (claim_id, payload, declarations, claim_type, slot_facts, response, submitted_at)
     VALUES ($1, $2::jsonb, $3::jsonb, $4, $5::jsonb, $6::jsonb, $7)`,
    [
      claimId,
      JSON.stringify(submission.payload),
      JSON.stringify(submission.declarations),
      submission.claimType,
      JSON.stringify(submission.slotFacts),
      JSON.stringify(submission.response),
      submittedAt,
    ],
  );
  await markClaimSubmitted(
    tx,
    claimId,
    submittedAt,
    payloadColumnsOf(submission.payload, submission.claimType),
  );
  // The claim's lifecycle starts with its first event, by the claimant who submitted it.
  await recordClaimEvent(
    tx,
    claimId,
    { kind: "status", to: CLAIM_RECORD_STATUS.submitted },
    CLAIMANT,
    submittedAt,
  );
  // The submission holds the claim now: its draft's answers go with the submit (decision 0043).
  await deleteDraft(tx, claimId);
  // Files in slots the final claim no longer asks for stay with it, marked as not required.
  await markRequiredSlots(tx, claimId, askedSlotKeys);
}

/** The declarations the claimant agreed to at the submit, kept beside the payload. */
export const declarationsOf = (q: Queryable, claimId: string) =>
  submissionColumn<unknown>(q, claimId, "declarations");

/** A condition true when the claim (`claimId`, a column or parameter) has been submitted. */
export function isSubmitted(claimId: string): string {
  return `EXISTS (SELECT 1 FROM claim_submissions WHERE claim_id = ${claimId})`;
}

/** A claim's submission as stored, for the development claim record; null before the submit. */
export async function submissionRecordRow(q: Queryable, claimId: string) {
  // The JSON columns hold what the submit wrote from the parsed body, so they have its types.
  const { rows } = await q.query<{
    payload: Omit<FinalSubmitClaim, "declarations">;
    declarations: Declarations;
    slot_facts: SlotFacts;
    submitted_at: Date | string;
  }>(
    "SELECT payload, declarations, slot_facts, submitted_at FROM claim_submissions WHERE claim_id = $1",
    [claimId],
  );
  return rows[0] ?? null;
}

// Submitted claims: a claim's row with its submission, read from the submission's side, as the
// lifecycle, the console's queue, the insurer, tracking and the agent's report read them.

const SUBMITTED_COLUMNS = `c.id, c.web_reference_number, c.status, s.claim_type, c.company_name,
  c.submitted_at, c.updated_at, s.payload, c.decision, c.policy_number, c.match_code,
  c.verified_mobile_number, c.locale, c.channel_name`;

/** A submitted claim by its reference number; `lock` holds its row until the transaction ends. */
export async function findSubmittedClaim(
  q: Queryable,
  webReferenceNumber: string,
  options: { lock?: boolean } = {},
): Promise<SubmittedClaim | null> {
  const { rows } = await q.query<SubmittedClaimRow>(
    `SELECT ${SUBMITTED_COLUMNS} FROM claim_submissions s JOIN claims c ON c.id = s.claim_id
     WHERE c.web_reference_number = $1 ${options.lock ? "FOR UPDATE OF c" : ""}`,
    [webReferenceNumber],
  );
  return rows[0] ? submittedClaimOf(rows[0]) : null;
}

export type ClaimListQuery = {
  status: ClaimStatus | null;
  updatedSince: Date | null;
  /** The last row of the previous page. */
  after: { updatedAt: Date; claimId: string } | null;
  limit: number;
};

/** Submitted claims, newest change first, keyset-paged on (updated_at, id). */
export async function listSubmittedClaims(
  q: Queryable,
  query: ClaimListQuery,
): Promise<SubmittedClaim[]> {
  const { rows } = await q.query<SubmittedClaimRow>(
    `SELECT ${SUBMITTED_COLUMNS} FROM claim_submissions s JOIN claims c ON c.id = s.claim_id
     WHERE c.submitted_at IS NOT NULL
       AND ($1::text IS NULL OR c.status = $1)
       AND ($2::timestamptz IS NULL OR c.updated_at >= $2)
       AND ($3::timestamptz IS NULL OR (c.updated_at, c.id) < ($3::timestamptz, $4::uuid))
     ORDER BY c.updated_at DESC, c.id DESC
     LIMIT $5`,
    [
      query.status,
      query.updatedSince,
      query.after?.updatedAt ?? null,
      query.after?.claimId ?? null,
      query.limit,
    ],
  );
  return rows.map(submittedClaimOf);
}

export type QueueClaimRow = {
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
};

/**
 * A page of the console's queue: submitted claims, oldest first. The page's claims are found on
 * the claims' index alone, then read: a deep page skips index entries, not rows. What a row shows
 * is on the claim (migration 031), so the payload is not read.
 */
export async function queueRows(
  q: Queryable,
  filter: QueueFilter,
  page: { offset: number; limit: number },
): Promise<QueueClaimRow[]> {
  const where = queueConditions(filter);
  const n = where.params.length;
  const { rows } = await q.query<QueueClaimRow>(
    `WITH page AS (
       SELECT c.id FROM claims c WHERE ${where.sql}
       ORDER BY c.submitted_at ASC, c.id ASC OFFSET $${n + 1} LIMIT $${n + 2}
     )
     SELECT c.id, c.web_reference_number, c.status, c.claim_type, c.submitted_at, c.updated_at,
       c.cause_of_loss AS cause, c.insured_first_name AS first_name,
       c.insured_last_name AS last_name, c.insured_mobile AS mobile,
       c.assigned_to, u.name AS assignee_name
     FROM page JOIN claims c ON c.id = page.id
     LEFT JOIN staff_users u ON u.id = c.assigned_to
     ORDER BY c.submitted_at ASC, c.id ASC`,
    [...where.params, page.offset, page.limit],
  );
  return rows;
}

export type AgentReportRow = {
  web_reference_number: string;
  status: string;
  submitted_at: Date | string;
  agent_code: string | null;
  claim_type: "Death" | "Living";
  cause: string | null;
  first_name: string | null;
  last_name: string | null;
  policy_number_given: string | null;
  open_requirements: number | string;
};

/** The last `count` submitted claims, newest first, on the queue's index (a restored backup's check). */
export async function latestSubmittedClaims(
  q: Queryable,
  count: number,
): Promise<{ id: string; webReferenceNumber: string; status: string }[]> {
  const { rows } = await q.query<{ id: string; web_reference_number: string; status: string }>(
    `SELECT c.id, c.web_reference_number, c.status
     FROM claim_submissions s JOIN claims c ON c.id = s.claim_id
     WHERE c.submitted_at IS NOT NULL
     ORDER BY c.submitted_at DESC, c.id DESC LIMIT $1`,
    [count],
  );
  return rows.map((row) => ({
    id: row.id,
    webReferenceNumber: row.web_reference_number,
    status: row.status,
  }));
}

/**
 * An agent's claims, newest first: filed under the agent's code, or on the agent's policies. What
 * the report shows is on the claim (migration 031), so the payload is not read.
 */
export async function agentReportRows(
  q: Queryable,
  agent: { companyName: string; agentCode: string },
  limit: number,
): Promise<AgentReportRow[]> {
  const { rows } = await q.query<AgentReportRow>(
    `SELECT c.web_reference_number, c.status, c.submitted_at, c.agent_code, c.claim_type,
       c.cause_of_loss AS cause, c.insured_first_name AS first_name,
       c.insured_last_name AS last_name, c.policy_number_given,
       (SELECT count(*) FROM claim_requirements r WHERE r.claim_id = c.id AND r.state = 'open')
         AS open_requirements
     FROM claims c
     WHERE c.id IN (${agentClaimIds("$1", "$2")})
     ORDER BY c.submitted_at DESC, c.id DESC
     LIMIT $3`,
    [agent.companyName, agent.agentCode, limit],
  );
  return rows;
}

/**
 * Whose claims a tracking check reads: those a verified number filed (decision 0055), or on the
 * logged-in channels the portal's user's (decision 0059): a member's on the member's policies, an
 * agent's filed by the agent or on the agent's policies.
 */
export type TrackingScope =
  | { kind: "number"; mobile: string }
  | { kind: "member"; companyName: string; policies: string[] }
  | { kind: "agent"; companyName: string; agentCode: string };

export type TrackedClaimRow = {
  id: string;
  web_reference_number: string;
  status: string;
  claim_type: "Death" | "Living";
  cause: string | null;
  policy_number_given: string | null;
  policy_number: string | null;
  match_code: number | null;
  submitted_at: Date;
};

/** The scope's condition, its parameters numbered from `from`. */
function scopeCondition(scope: TrackingScope, from: number): { sql: string; params: unknown[] } {
  const at = (n: number) => `$${from + n}`;
  switch (scope.kind) {
    case "number":
      return { sql: `c.verified_mobile_number = ${at(0)}`, params: [scope.mobile] };
    case "member":
      return {
        sql: `c.company_name = ${at(0)} AND c.policy_number_given
          IN (SELECT jsonb_array_elements_text(${at(1)}::jsonb))`,
        params: [scope.companyName, JSON.stringify(scope.policies)],
      };
    case "agent":
      return {
        sql: `c.id IN (${agentClaimIds(at(0), at(1))})`,
        params: [scope.companyName, scope.agentCode],
      };
  }
}

// What tracking shows is on the claim (migrations 028 and 031): the payload is not read.
const TRACKED_CLAIMS = `SELECT c.id, c.web_reference_number, c.status, c.claim_type, c.submitted_at,
    c.cause_of_loss AS cause, c.policy_number_given, c.policy_number, c.match_code
  FROM claims c
  WHERE c.purpose = 'filing' AND c.submitted_at IS NOT NULL`;

/** The claims of a tracking check's scope, newest first. */
export async function trackedClaimRows(
  q: Queryable,
  scope: TrackingScope,
): Promise<TrackedClaimRow[]> {
  const where = scopeCondition(scope, 1);
  const { rows } = await q.query<TrackedClaimRow>(
    `${TRACKED_CLAIMS} AND ${where.sql} ORDER BY c.submitted_at DESC, c.id`,
    where.params,
  );
  return rows;
}

/** One claim of the scope by its reference; null for any other claim, so nothing is revealed. */
export async function trackedClaimRow(
  q: Queryable,
  scope: TrackingScope,
  webReferenceNumber: string,
): Promise<TrackedClaimRow | null> {
  const where = scopeCondition(scope, 2);
  const { rows } = await q.query<TrackedClaimRow>(
    `${TRACKED_CLAIMS} AND c.web_reference_number = $1 AND ${where.sql}`,
    [webReferenceNumber, ...where.params],
  );
  return rows[0] ?? null;
}
