import type { FinalSubmitClaimResponse } from "@kalinga/domain/claim-api";
import { maskLast4 } from "@kalinga/domain/mask";
import type { PublicStartForm } from "@kalinga/domain/start-form";
import { useEffect } from "react";
import type { ClaimData } from "../claim/claim-data-store.ts";
import type { VerifiedClaim } from "../claim/verified-claim.tsx";
import { isOpen, keepReceipt, receipt as storedReceipt } from "../session/claim-answers.ts";
import type { ClaimReceipt } from "../session/claim-session.ts";
import * as claimSession from "../session/claim-session.ts";

// A submitted claim keeps its token only while its confirmation or its rating is on screen
// (docs/decisions/0033): the rating needs it, nothing after does. The receipt keeps what the
// confirmation shows, so the confirmation still opens after the session clearing.

/** The routes of a submitted claim that may still call the server with its token. */
const SUBMITTED_CLAIM_ROUTES = /\/claims-(submission|rating)\/?$/;

/** The receipt written when the submit succeeds. */
export function saveSubmittedClaim(
  claim: VerifiedClaim,
  response: FinalSubmitClaimResponse,
  data: ClaimData,
): ClaimReceipt {
  const step1 = claimSession.step1() as Partial<PublicStartForm> | undefined;
  const mobile = claimSession.verifiedMobileNumber() ?? step1?.phoneNumber ?? "";
  const receipt: ClaimReceipt = {
    webReferenceNumber: claim.webReferenceNumber,
    submittedAt: response.submittedAt,
    claimType: data.details.claimType,
    maskedMobileNumber: maskLast4(mobile),
    emailAddress: step1?.emailAddress ?? "",
    rated: false,
  };
  keepReceipt(receipt);
  return receipt;
}

/**
 * The receipt this tab shows: the one of the tab's claim, or, once that claim's session is
 * cleared, the last one submitted. A claim still being filed has none.
 */
export function submittedClaimOfTab(claim: VerifiedClaim | null): ClaimReceipt | null {
  const receipt = storedReceipt();
  if (claim) {
    if (receipt?.webReferenceNumber === claim.webReferenceNumber) return receipt;
    // Submitted before receipts were kept: the claim data holds the answer.
    const data = claim.readData();
    return data.submitted ? saveSubmittedClaim(claim, data.submitted, data) : null;
  }
  return receipt ?? null;
}

/** The rating can be sent while the submitted claim's session (its token) is still open. */
export function canRate(receipt: ClaimReceipt): boolean {
  return !receipt.rated && isOpen(receipt.webReferenceNumber);
}

/** After the rating: the receipt says so, and the claim's session is cleared. */
export function markRated(receipt: ClaimReceipt): void {
  keepReceipt({ ...receipt, rated: true });
  claimSession.endSubmittedClaim();
}

/**
 * Clears the submitted claim's session when the claimant leaves its confirmation and rating for
 * any other screen of the widget.
 */
export function useEndSubmittedClaimOnLeave(): void {
  useEffect(
    () => () => {
      // The router has already moved on when a screen unmounts.
      if (!SUBMITTED_CLAIM_ROUTES.test(window.location.pathname)) claimSession.endSubmittedClaim();
    },
    [],
  );
}
