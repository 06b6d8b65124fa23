import type { FinalSubmitClaimResponse } from "@kalinga/domain/claim-api";
import type { FinalSubmitClaim } from "@kalinga/domain/claim-payload-schema";
import { CLAIM_RECORD_STATUS } from "@kalinga/domain/claim-record-status";
import type { Declarations } from "@kalinga/domain/declarations";
import type { SlotFacts } from "@kalinga/domain/upload-slots";
import { markClaimSubmitted } from "../claims/claim-repository.ts";
import type { Queryable } from "../db/database.ts";
import { markRequiredSlots } from "../documents/document-repository.ts";
import { deleteDraft } from "../drafts/draft-repository.ts";
import { CLAIMANT, recordClaimEvent } from "../lifecycle/lifecycle-repository.ts";

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

/** The answer of an earlier submit of the claim, if there was one. */
export async function findSubmissionResponse(
  q: Queryable,
  claimId: string,
): Promise<FinalSubmitClaimResponse | null> {
  const { rows } = await q.query<{ response: FinalSubmitClaimResponse }>(
    "SELECT response FROM claim_submissions WHERE claim_id = $1",
    [claimId],
  );
  return rows[0]?.response ?? null;
}

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
  await markClaimSubmitted(tx, claimId, submittedAt);
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
export async function declarationsOf(q: Queryable, claimId: string): Promise<unknown> {
  const { rows } = await q.query<{ declarations: unknown }>(
    "SELECT declarations FROM claim_submissions WHERE claim_id = $1",
    [claimId],
  );
  return rows[0]?.declarations ?? null;
}

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
