import { RETURN_CODES, TOKEN_END_REASONS } from "@kalinga/domain/claim-api";
import {
  type ClaimDraft,
  claimDraftSchema,
  DRAFT_MAX_BYTES,
  DRAFT_MESSAGES,
} from "@kalinga/domain/claim-draft";
import { CLAIM_RECORD_STATUS } from "@kalinga/domain/claim-record-status";
import { findClaim } from "../claims/claim-repository.ts";
import type { ServerConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import { listDocuments } from "../documents/document-repository.ts";
import { toUploadedDocument } from "../documents/uploaded-document.ts";
import { badRequest } from "../http/api-error.ts";
import type { ClaimCallHandlers } from "../http/claim-call-routes.ts";
import { issueToken } from "../http/claim-token.ts";
import { DOCUMENT_MESSAGES } from "../http/upload-messages.ts";
import { type Refusal, refusableTransaction } from "../refusal.ts";
import { closeClaimAccess, lockResumableDraft, saveDraft } from "./draft-repository.ts";
import { openDraft, sealDraft } from "./draft-seal.ts";
import { draftDates } from "./draft-service.ts";

// saveClaimDraft and resumeClaimDraft (docs/decisions/0043, 0044): a verified claim keeps its
// answers on the server, and a claimant who verifies the same number continues it, anywhere.

const draftNotFound: Refusal = {
  refused: "draft-not-found",
  message: DRAFT_MESSAGES.draftNotFound,
};

export function draftCalls(
  db: Database,
  config: ServerConfig,
  secret: string,
): Pick<ClaimCallHandlers, "saveClaimDraft" | "resumeClaimDraft"> {
  return {
    async saveClaimDraft({ claim, body, now }) {
      const plain = JSON.stringify(body.draft);
      if (Buffer.byteLength(plain, "utf8") > DRAFT_MAX_BYTES) {
        throw badRequest([{ field: "draft", message: DRAFT_MESSAGES.tooLarge }]);
      }
      const { expiresAt, reminderDueAt } = draftDates(config, now);
      return refusableTransaction(db, async (tx) => {
        const current = await findClaim(tx, claim.claimId, true);
        if (current?.status !== CLAIM_RECORD_STATUS.draft) {
          return { refused: "claim-closed", message: DOCUMENT_MESSAGES.claimClosed } as Refusal;
        }
        await saveDraft(tx, {
          claimId: claim.claimId,
          ...sealDraft(secret, claim.webReferenceNumber, plain),
          claimType: body.draft.details.claimType,
          now,
          expiresAt,
          reminderDueAt,
        });
        return { returnCode: RETURN_CODES.ok, expiresAt: expiresAt.toISOString() };
      });
    },

    async resumeClaimDraft({ request, claim, body, now }) {
      const outcome = await refusableTransaction(db, async (tx) => {
        const current = await findClaim(tx, claim.claimId, true);
        if (
          !current?.verifiedMobileNumber ||
          body.draftReferenceNumber === claim.webReferenceNumber
        ) {
          return draftNotFound;
        }
        // The number this token just proved must be the number that verified the draft.
        const draft = await lockResumableDraft(tx, {
          webReferenceNumber: body.draftReferenceNumber,
          mobileNumber: current.verifiedMobileNumber,
          companyName: current.companyName,
          now,
        });
        const plain = draft ? openDraft(secret, draft.webReferenceNumber, draft) : null;
        const parsed = plain ? claimDraftSchema.safeParse(JSON.parse(plain)) : null;
        if (!draft || !parsed?.success) return draftNotFound;
        // The new, empty claim is given up; the draft's other tokens (another device) end too.
        await closeClaimAccess(tx, claim.claimId, now, true);
        // The other device's tokens end saying why, so that device can tell its claimant (0069).
        await closeClaimAccess(tx, draft.claimId, now, false, TOKEN_END_REASONS.continuedElsewhere);
        const token = await issueToken(tx, {
          claimId: draft.claimId,
          rights: "otp-verified",
          now,
          expiresAt: new Date(now.getTime() + config.token.maxAgeSeconds * 1000),
        });
        const documents = await listDocuments(tx, draft.claimId);
        return { draft: parsed.data as ClaimDraft, token, documents, expiresAt: draft.expiresAt };
      });
      if ("refused" in outcome) return outcome;
      request.log.info(
        { webReferenceNumber: body.draftReferenceNumber, abandoned: claim.webReferenceNumber },
        "draft resumed",
      );
      return {
        returnCode: RETURN_CODES.ok,
        webReferenceNumber: body.draftReferenceNumber,
        token: outcome.token,
        draft: outcome.draft,
        documents: outcome.documents.map(toUploadedDocument),
        expiresAt: outcome.expiresAt.toISOString(),
      };
    },
  };
}
