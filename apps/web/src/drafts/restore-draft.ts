import { emptyClaimDetails } from "@kalinga/domain/claim-details";
import type { ResumeClaimDraftResponse } from "@kalinga/domain/claim-responses";
import { emptyPayout } from "@kalinga/domain/payout";
import { saveClaimData } from "../claim/claim-data-store.ts";
import { resumeClaim } from "../session/claim-verification.ts";

/**
 * Puts a resumed draft into the tab: its reference, token, Step 1 and answers. `verifiedNumber`
 * is the number just proved (the server checked it is the draft's): it stays this tab's pass.
 */
export function restoreDraft(resumed: ResumeClaimDraftResponse, verifiedNumber?: string): void {
  const { webReferenceNumber, token, draft } = resumed;
  resumeClaim({
    webReferenceNumber,
    token,
    step1: draft.step1,
    mobileNumber: verifiedNumber ?? draft.step1.phoneNumber,
  });
  saveClaimData(webReferenceNumber, {
    details: { ...emptyClaimDetails, ...draft.details },
    payout: { ...emptyPayout, ...draft.payout },
    beneficiaries: draft.beneficiaries,
  });
}
