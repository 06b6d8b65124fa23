import type { OpenDraft } from "@kalinga/domain/claim-responses";
import type { PublicStartForm } from "@kalinga/domain/start-form";
import { callClaimApiOrShowError } from "../api/claim-api-client.ts";
import { type ClaimReceipt, session } from "./session-store.ts";

export type { ClaimReceipt };

// The claim being filed in this tab, in the claimant's terms: start it, keep its Step 1, end it.
// Screens use the session/ modules and never the stored items (decision 0076): this one holds what
// the start step needs; claim-verification.ts and claim-answers.ts what later steps load.

/** The claim's reference (its web reference number), once a claim is started in this tab. */
export function reference(): string | undefined {
  return session.get("webReferenceNumber");
}

/** Step 1 as it was last valid; Steps 2 to 4 check it again with the domain's rules. */
export function step1(): PublicStartForm | undefined {
  return session.get("step1");
}

export function keepStep1(valid: PublicStartForm): void {
  session.set("step1", valid);
}

/**
 * A new claim, the one way both start forms begin one: initClaimRequest goes without the last
 * claim's token, and nothing of that claim (reference, OTP pass, form data, receipt) is left for
 * this one. The public form's Step 1 is kept before the call, so a failed start still refills it.
 */
export async function startClaim(step1?: PublicStartForm): Promise<boolean> {
  session.endClaim();
  session.remove("submittedClaim");
  if (step1) keepStep1(step1);
  const claim = await callClaimApiOrShowError("initClaimRequest", {});
  if (claim) {
    session.set("webReferenceNumber", claim.webReferenceNumber);
    session.set("token", claim.token);
  }
  return !!claim;
}

/** The number this claim's OTP (or sign-in) proved, if any. */
export function verifiedMobileNumber(): string | undefined {
  return session.get("otpVerify")?.otpMobileNumber;
}

/**
 * The claim is verified: its pass names this claim, not an earlier one of the tab, and, when a
 * number is given, that number (a number verified lets a second Next skip the OTP).
 */
export function isVerified(mobileNumber?: string): boolean {
  const pass = session.get("isOtpAvailable");
  return (
    !!pass?.pass &&
    pass.webReferenceNumber === reference() &&
    (mobileNumber === undefined || verifiedMobileNumber() === mobileNumber)
  );
}

/** The number's open drafts the OTP answer offered, until the claimant chooses (decision 0044). */
export function draftsOffered(): OpenDraft[] {
  return session.get("draftOffer") ?? [];
}

/** Ends the claim once it is submitted (its receipt names it); a claim still being filed stays. */
export function endSubmittedClaim(): void {
  session.endSubmittedClaim();
}

/** The living-claims reminder shows once a session. */
export function wasReminded(): boolean {
  return session.get("isRemindedForLivingClaims") === true;
}

export function markReminded(): void {
  session.set("isRemindedForLivingClaims", true);
}
