import type { OpenDraft } from "@kalinga/domain/claim-draft";
import type { PublicStartForm } from "@kalinga/domain/start-form";
import { callClaimApiOrShowError } from "../api/claim-api-client.ts";
import { type SubmittedClaim, session } from "./session-store.ts";

export type { SubmittedClaim };

// The claim being filed in this tab, in the claimant's terms: start it, verify its mobile number,
// keep its Step 1 and answers, end it. Screens use these; only this module and tracking-session.ts
// name the stored items (decision 0076). Plain functions, so a step loads only those it calls.

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
 * A new claim: initClaimRequest goes without the last claim's token, and nothing of that claim
 * (reference, OTP pass, form data) is left for this one. `forgetReceipt` drops the last receipt
 * too; `step1` is kept before the call, so a failed start still refills the form.
 */
export async function startClaim(
  options: { step1?: PublicStartForm; forgetReceipt?: boolean } = {},
): Promise<{ webReferenceNumber: string } | null> {
  endClaim();
  if (options.forgetReceipt) session.remove("submittedClaim");
  if (options.step1) keepStep1(options.step1);
  const claim = await callClaimApiOrShowError("initClaimRequest", {});
  if (!claim) return null;
  session.set("webReferenceNumber", claim.webReferenceNumber);
  session.set("token", claim.token);
  return { webReferenceNumber: claim.webReferenceNumber };
}

/**
 * The claim's mobile number is proved (the OTP, or the portal's sign-in): the claim's new token if
 * the server gave one, and the pass that lets a second Next skip the OTP.
 */
export function verify(mobileNumber: string, token?: string): void {
  if (token) session.set("token", token);
  session.set("otpVerify", { otpMobileNumber: mobileNumber });
  session.set("isOtpAvailable", { webReferenceNumber: reference() ?? "", pass: true });
}

/** The number this claim's OTP (or sign-in) proved, if any. */
export function verifiedMobileNumber(): string | undefined {
  return session.get("otpVerify")?.otpMobileNumber;
}

/** The claim is verified: its pass names this claim, not an earlier one of the tab. */
export function isVerified(): boolean {
  const pass = session.get("isOtpAvailable");
  return !!pass?.pass && pass.webReferenceNumber === reference();
}

/** A number verified for this claim lets the claimant skip the OTP on a second Next. */
export function isVerifiedFor(mobileNumber: string): boolean {
  return isVerified() && verifiedMobileNumber() === mobileNumber;
}

/** The number's open drafts the OTP answer offered, until the claimant chooses (decision 0044). */
export function draftsOffered(): OpenDraft[] {
  return session.get("draftOffer") ?? [];
}

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
  endClaim();
  session.set("webReferenceNumber", resumed.webReferenceNumber);
  session.set("token", resumed.token);
  keepStep1(resumed.step1);
  verify(resumed.mobileNumber);
}

/**
 * Section 3's session clearing (the token, the reference, the level-1 list) and every other item
 * of the claim (OTP pass, verified number, Step 1, answers): the next claim never inherits them.
 */
export function endClaim(): void {
  session.endClaim();
}

/** The claim went on elsewhere: this tab lets it go but keeps Step 1 for the OTP to come. */
export function endClaimKeepingStep1(): void {
  const kept = step1();
  endClaim();
  if (kept) keepStep1(kept);
}

/** Ends the claim once it is submitted (its receipt names it); a claim still being filed stays. */
export function endSubmittedClaim(): void {
  session.endSubmittedClaim();
}

/** The claim's answers as stored (claim-data-store.ts reads them field by field). */
export function storedAnswers(): unknown {
  return session.get("claimDataStore");
}

export function storeAnswers(answers: unknown): void {
  session.set("claimDataStore", answers);
}

/** What the confirmation shows of the last claim submitted in this tab. */
export function receipt(): SubmittedClaim | undefined {
  return session.get("submittedClaim");
}

export function keepReceipt(next: SubmittedClaim): void {
  session.set("submittedClaim", next);
}

/** The claim can still call the server: it has its token (a submitted one until it is rated). */
export function isOpen(webReferenceNumber: string): boolean {
  return reference() === webReferenceNumber && session.get("token") !== undefined;
}

/** The living-claims reminder shows once a session. */
export function wasReminded(): boolean {
  return session.get("isRemindedForLivingClaims") === true;
}

export function markReminded(): void {
  session.set("isRemindedForLivingClaims", true);
}

/** Resolves once every change so far is stored: before a navigation that reloads the claim. */
export function saved(): Promise<unknown> {
  return session.flushed();
}
