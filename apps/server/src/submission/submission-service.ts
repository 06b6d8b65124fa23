import type { FinalSubmitClaimResponse } from "@kalinga/domain/claim-api";
import { RETURN_CODES } from "@kalinga/domain/claim-api";
import { claimAddressee } from "@kalinga/domain/claim-messages";
import type { FinalSubmitClaim } from "@kalinga/domain/claim-payload-schema";
import { CLAIM_RECORD_STATUS } from "@kalinga/domain/claim-record-status";
import { todayInManila } from "@kalinga/domain/dates";
import { buildUploadSlots, slotFactsOfPayload } from "@kalinga/domain/upload-slots";
import { type Claim, findClaim, portalPolicyOf } from "../claims/claim-repository.ts";
import type { Queryable } from "../db/database.ts";
import { filledSlotKeys } from "../documents/document-repository.ts";
import { badRequest } from "../http/api-error.ts";
import type { ClaimAccess } from "../http/claim-token.ts";
import type { CompleteIdempotentRequest } from "../http/idempotency.ts";
import { DOCUMENT_MESSAGES } from "../http/upload-messages.ts";
import { enqueueClaimAcknowledgment } from "../notifications/enqueue-notification.ts";
import type { MessageWordsOf } from "../notifications/message-locale.ts";
import { matchClaimToPolicy } from "../policies/policy-match.ts";
import { findSubmissionResponse, recordSubmission } from "./submission-repository.ts";

// The submit (docs/decisions/0025, 0026) recomputes the claim's upload slots from the payload,
// refuses while a mandatory one is empty, and otherwise stores the payload and the declarations,
// closes the claim and queues the acknowledgment in the caller's transaction. Every repeat, with
// or without an Idempotency-Key, gets the first answer back.

const SUBMISSION_MESSAGES = {
  /** A portal claim's payload naming another policy than the one its user chose. */
  otherPolicy: "This claim was started for another policy. Please start again from your portal.",
} as const;

type Submit = {
  claim: ClaimAccess;
  body: FinalSubmitClaim;
  now: Date;
  /** Completes the call's Idempotency-Key with the answer, in the same transaction. */
  complete: CompleteIdempotentRequest<FinalSubmitClaimResponse>;
  /** The published words of the acknowledgment (decision 0096). */
  wordsOf: MessageWordsOf;
};

/** The mandatory slots of this payload that hold no file yet. */
async function missingDocuments(tx: Queryable, claimId: string, body: FinalSubmitClaim, now: Date) {
  const facts = slotFactsOfPayload(body, todayInManila(now));
  const slots = buildUploadSlots(facts);
  const filled = await filledSlotKeys(tx, claimId);
  const missing = slots
    .filter((slot) => slot.mandatory && !filled.has(slot.key))
    .map((slot) => ({ slotKey: slot.key, label: slot.label }));
  return { facts, slots, missing };
}

/** Queues the acknowledgment to the number the OTP proved, greeting its owner (decision 0067). */
async function acknowledge(tx: Queryable, submit: Submit, current: Claim) {
  const { claim, body, now, wordsOf } = submit;
  const addressee = claimAddressee(body, current.verifiedMobileNumber);
  await enqueueClaimAcknowledgment(
    tx,
    {
      claimId: claim.claimId,
      webReferenceNumber: claim.webReferenceNumber,
      companyName: body.basicInformation.companyName,
      channelName: current.channelName,
      claimType: body.basicInformation.claimType,
      firstName: addressee.firstName,
      lateInsured: addressee.lateInsured,
      mobileNumber: addressee.mobile,
      emailAddress: addressee.email,
      locale: current.locale,
    },
    now,
    wordsOf,
  );
}

export async function submitClaim(tx: Queryable, submit: Submit) {
  const { claim, body, now, complete } = submit;
  const current = await findClaim(tx, claim.claimId, true);
  const previous = await findSubmissionResponse(tx, claim.claimId);
  if (previous) {
    await complete?.(tx, previous);
    return { response: previous, repeat: true };
  }
  if (current?.status !== CLAIM_RECORD_STATUS.draft) {
    return { refused: "claim-closed" as const, message: DOCUMENT_MESSAGES.claimClosed };
  }
  // On the logged-in channels the claim is for the policy the portal's user chose (decision 0059).
  const chosen = await portalPolicyOf(tx, claim.claimId);
  if (chosen !== null && body.policyInformation.policyNumber !== chosen) {
    throw badRequest([
      { field: "policyInformation.policyNumber", message: SUBMISSION_MESSAGES.otherPolicy },
    ]);
  }
  const { facts, slots, missing } = await missingDocuments(tx, claim.claimId, body, now);
  if (missing.length > 0) {
    return {
      refused: "missing-documents" as const,
      message: DOCUMENT_MESSAGES.missingDocuments,
      missing,
    };
  }
  const response = {
    returnCode: RETURN_CODES.ok,
    webReferenceNumber: claim.webReferenceNumber,
    status: CLAIM_RECORD_STATUS.submitted,
    submittedAt: now.toISOString(),
  };
  const { declarations, ...payload } = body;
  const claimType = body.basicInformation.claimType;
  await recordSubmission(
    tx,
    {
      claimId: claim.claimId,
      payload,
      declarations,
      claimType,
      slotFacts: facts,
      response,
      submittedAt: now,
    },
    slots.map((slot) => slot.key),
  );
  const insured = body.insuredInformation;
  await matchClaimToPolicy(
    tx,
    claim.claimId,
    {
      companyName: body.basicInformation.companyName,
      policyNumber: body.policyInformation.policyNumber ?? "",
      insured,
    },
    now,
  );
  await acknowledge(tx, submit, current);
  await complete?.(tx, response);
  return { response, repeat: false };
}
