import { Link } from "react-router";

/** Claim status check; the lookup arrives with claim tracking. */
export default function ClaimsTrackingScreen() {
  return (
    <section className="k-screen" aria-labelledby="k-tracking-title">
      <h2 id="k-tracking-title" className="k-screen-title">
        Check claim status
      </h2>
      <p>
        Checking a claim&rsquo;s status online is not open yet. Keep your web reference number: our
        claims team can look the claim up with it.
      </p>
      <p className="k-aside">
        <Link to="/cf">Start a claim</Link>
      </p>
    </section>
  );
}
