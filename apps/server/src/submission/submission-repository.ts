import type { FinalSubmitClaimResponse } from "@kalinga/domain/claim-api";
import type { ClaimStatus } from "@kalinga/domain/claim-lifecycle";
import type { FinalSubmitClaim } from "@kalinga/domain/claim-payload-schema";
import { CLAIM_RECORD_STATUS } from "@kalinga/domain/claim-record-status";
import type { Declarations } from "@kalinga/domain/declarations";
import type { SlotFacts } from "@kalinga/domain/upload-slots";
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

/**
 * The claims whose submitted payload names this e-mail address (lower-case): the insured's, a
 * beneficiary's or a guardian's. A data subject's look-up (decision 0111), through the index of
 * migration 034 on those addresses, trimmed and in lower case.
 */
export async function claimIdsNamingEmail(q: Queryable, emailAddress: string): Promise<string[]> {
  const { rows } = await q.query<{ claim_id: string }>(
    "SELECT claim_id FROM claim_submissions WHERE claim_payload_emails(payload) @> ARRAY[$1::text]",
    [emailAddress],
  );
  return rows.map((row) => row.claim_id);
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
