import { RETURN_CODES } from "@kalinga/domain/claim-api";
import { claimAddressee } from "@kalinga/domain/claim-messages";
import { CLAIM_RECORD_STATUS } from "@kalinga/domain/claim-record-status";
import { todayInManila } from "@kalinga/domain/dates";
import { buildUploadSlots, slotFactsOfPayload } from "@kalinga/domain/upload-slots";
import { findClaim, portalPolicyOf } from "../claims/claim-repository.ts";
import type { Database } from "../db/database.ts";
import { DOCUMENT_MESSAGES } from "../documents/document-messages.ts";
import { filledSlotKeys } from "../documents/document-repository.ts";
import { badRequest } from "../http/api-error.ts";
import type { ClaimCallHandlers } from "../http/claim-call-routes.ts";
import { enqueueClaimAcknowledgment } from "../notifications/enqueue-notification.ts";
import { matchClaimToPolicy } from "../policies/policy-match.ts";
import { isRefusal, refusableTransaction } from "../refusal.ts";
import { findSubmissionResponse, recordSubmission } from "./submission-repository.ts";

// finalSubmitClaim (docs/decisions/0025, 0026). The submit recomputes the claim's upload slots from
// the payload, refuses while a mandatory one is empty, and otherwise stores the payload and the
// declarations, closes the claim and queues the acknowledgment in one transaction. Every repeat,
// with or without an Idempotency-Key, gets the first answer back.

export const SUBMISSION_MESSAGES = {
  /** A portal claim's payload naming another policy than the one its user chose. */
  otherPolicy: "This claim was started for another policy. Please start again from your portal.",
} as const;

export function submissionCalls(
  db: Database,
  /** Called after a submit commits, so its acknowledgment leaves before the next poll. */
  wakeNotifications: () => void,
): Pick<ClaimCallHandlers, "finalSubmitClaim"> {
  return {
    async finalSubmitClaim({ request, claim, body, now, complete }) {
      const outcome = await refusableTransaction(db, async (tx) => {
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
        const facts = slotFactsOfPayload(body, todayInManila(now));
        const slots = buildUploadSlots(facts);
        const filled = await filledSlotKeys(tx, claim.claimId);
        const missing = slots
          .filter((slot) => slot.mandatory && !filled.has(slot.key))
          .map((slot) => ({ slotKey: slot.key, label: slot.label }));
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
        await recordSubmission(
          tx,
          {
            claimId: claim.claimId,
            payload,
            declarations,
            claimType: body.basicInformation.claimType,
            slotFacts: facts,
            response,
            submittedAt: now,
          },
          slots.map((slot) => slot.key),
        );
        await matchClaimToPolicy(
          tx,
          claim.claimId,
          {
            companyName: body.basicInformation.companyName,
            policyNumber: body.policyInformation.policyNumber ?? "",
            insured: body.insuredInformation,
          },
          now,
        );
        // The number the OTP proved (the payload's on a logged-in channel), greeting its owner (decision 0067).
        const addressee = claimAddressee(body, current.verifiedMobileNumber);
        await enqueueClaimAcknowledgment(
          tx,
          {
            claimId: claim.claimId,
            webReferenceNumber: claim.webReferenceNumber,
            companyName: body.basicInformation.companyName,
            claimType: body.basicInformation.claimType,
            firstName: addressee.firstName,
            lateInsured: addressee.lateInsured,
            mobileNumber: addressee.mobile,
            emailAddress: addressee.email,
          },
          now,
        );
        await complete?.(tx, response);
        return { response, repeat: false };
      });
      if (isRefusal(outcome)) return outcome;
      if (!outcome.repeat) {
        request.log.info({ webReferenceNumber: claim.webReferenceNumber }, "claim submitted");
        wakeNotifications();
      }
      return outcome.response;
    },
  };
}
