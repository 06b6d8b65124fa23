import { Link } from "react-router";
import { session } from "../session/session-store.ts";

/** Step 2 of 4, reached once the mobile number is verified. */
export default function ClaimsDetailsScreen() {
  const webReferenceNumber = session.get("webReferenceNumber");
  const verified = session.get("isOtpAvailable");
  if (
    !webReferenceNumber ||
    !verified?.pass ||
    verified.webReferenceNumber !== webReferenceNumber
  ) {
    return (
      <section className="k-screen" aria-labelledby="k-details-title">
        <h2 id="k-details-title" className="k-screen-title">
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
  return (
    <section className="k-screen" aria-labelledby="k-details-title">
      <h2 id="k-details-title" className="k-screen-title">
        <span className="k-step">Step 2 of 4</span> Claim details
      </h2>
      <p>Your mobile number is verified. Your web reference number is</p>
      <p className="k-reference" data-testid="web-reference-number">
        {webReferenceNumber}
      </p>
      <p>Keep it: you will need it to follow your claim and to send documents later.</p>
    </section>
  );
}
