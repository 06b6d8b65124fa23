import type { PublicStartForm } from "@kalinga/domain/start-form";
import { Link } from "react-router";
import { session } from "../session/session-store.ts";

export type VerifiedClaim = {
  webReferenceNumber: string;
  /** The insured's date of birth (ISO) from Step 1: no date of the claim is earlier. */
  insuredDateOfBirth: string;
};

/** The claim of this tab once its mobile number is verified; null before that. */
export function verifiedClaim(): VerifiedClaim | null {
  const webReferenceNumber = session.get("webReferenceNumber");
  const pass = session.get("isOtpAvailable");
  if (!webReferenceNumber || !pass?.pass || pass.webReferenceNumber !== webReferenceNumber) {
    return null;
  }
  const step1 = session.get("step1") as Partial<PublicStartForm> | undefined;
  return { webReferenceNumber, insuredDateOfBirth: step1?.dateOfBirth ?? "" };
}

/** Shown by Steps 2 and 3 when the claim was not started and verified in this tab. */
export function StartClaimFirst() {
  return (
    <section className="k-screen" aria-labelledby="k-start-first-title">
      <h2 id="k-start-first-title" className="k-screen-title">
        Please start your claim first
      </h2>
      <p>
        We need the insured&rsquo;s details and a verified mobile number before the claim details.
      </p>
      <p className="k-aside">
        <Link to="/cf">Start your claim</Link>
      </p>
    </section>
  );
}
