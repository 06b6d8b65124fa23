import type { OpenDraft } from "@kalinga/domain/claim-responses";
import type { PublicStartForm } from "@kalinga/domain/start-form";
import { keepStep1, reference, step1 } from "./claim-session.ts";
import { session } from "./session-store.ts";

// The claim session's verifying and resuming (decision 0076): the OTP modal, the portals' sign-in
// and a resumed draft use these, apart from claim-session.ts so the start step does not load them.

/**
 * The claim's mobile number is proved (the OTP, or the portal's sign-in): the claim's new token if
 * the server gave one, and the pass that lets a second Next skip the OTP.
 */
export function verify(mobileNumber: string, token?: string): void {
  if (token) session.set("token", token);
  session.set("otpVerify", { otpMobileNumber: mobileNumber });
  session.set("isOtpAvailable", { webReferenceNumber: reference() ?? "", pass: true });
}

/** Keeps the number's open drafts the OTP answer offered, until the claimant chooses (0044). */
export function offerDrafts(drafts: OpenDraft[]): void {
  if (drafts.length > 0) session.set("draftOffer", drafts);
  else session.remove("draftOffer");
}

/** A resumed draft becomes the tab's claim, its number proved by the OTP that found it. */
export function resumeClaim(resumed: {
  webReferenceNumber: string;
  token: string;
  step1: PublicStartForm;
  mobileNumber: string;
}): void {
  session.endClaim();
  session.set("webReferenceNumber", resumed.webReferenceNumber);
  session.set("token", resumed.token);
  keepStep1(resumed.step1);
  verify(resumed.mobileNumber);
}

/** The claim went on elsewhere: this tab lets it go but keeps Step 1 for the OTP to come. */
export function endClaimKeepingStep1(): void {
  const kept = step1();
  session.endClaim();
  if (kept) keepStep1(kept);
}
