import { Link } from "react-router";
import { SCREEN_TEXTS as T } from "./screen-texts.ts";

/** Claim status check; the lookup arrives with claim tracking. */
export default function ClaimsTrackingScreen() {
  return (
    <section className="k-screen" aria-labelledby="k-tracking-title">
      <h2 id="k-tracking-title" className="k-screen-title">
        {T.trackingTitle}
      </h2>
      <p>{T.trackingText}</p>
      <p className="k-aside">
        <Link to="/cf">{T.startClaim}</Link>
      </p>
    </section>
  );
}
