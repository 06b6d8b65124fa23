import { session, type TrackingCheck } from "./session-store.ts";

// The claimant's check of the claims filed with a mobile number (decision 0055), apart from any
// claim being filed: its own reference, token and verified number, and the claim it looks at.
// Screens use these; only this module and claim-session.ts name the stored items (decision 0076).

/** The check under way, verified or not. */
export function trackingCheck(): TrackingCheck | undefined {
  return session.get("trackingCheck");
}

/** The check's number is proved: the tracking screens open. */
export function isCheckVerified(): boolean {
  return trackingCheck()?.verified === true;
}

/**
 * A new check from initClaimTracking's answer: its reference and token, and the number it is for
 * (none on the logged-in channels, where the portal's sign-in verified it already).
 */
export function beginCheck(
  started: { webReferenceNumber: string; token: string },
  mobileNumber: string,
  verified: boolean,
): void {
  session.set("trackingCheck", {
    webReferenceNumber: started.webReferenceNumber,
    token: started.token,
    mobileNumber,
    verified,
  });
}

/** The OTP proved the number: the check's token now reads the claims filed with it. */
export function verifyCheck(mobileNumber: string, token: string | undefined): void {
  const check = trackingCheck();
  if (!check) return;
  session.set("trackingCheck", {
    ...check,
    token: token ?? check.token,
    mobileNumber,
    verified: true,
  });
}

/** The check ended (token expired, a draft resumed, a new check): the next needs a new OTP. */
export function endCheck(): void {
  session.remove("trackingCheck");
}

/** The reference of the claim the status and abeyance screens show, if one is chosen. */
export function trackedClaim(): string | undefined {
  return session.get("trackedClaim");
}

export function trackClaim(webReferenceNumber: string | null): void {
  if (webReferenceNumber) session.set("trackedClaim", webReferenceNumber);
  else session.remove("trackedClaim");
}
