import { Link } from "react-router";
import { SCREEN_TEXTS as T } from "./screen-texts.ts";

/** The logged-in start form of the member and agent portals; policy lookup arrives with portal sign-in. */
export default function LoggedInStartScreen() {
  return (
    <section className="k-screen" aria-labelledby="k-cfm-title">
      <p className="k-step">{T.portalStep}</p>
      <h2 id="k-cfm-title" className="k-screen-title">
        {T.portalTitle}
      </h2>
      <p>{T.portalText}</p>
      <p className="k-aside">
        <Link to="/cf">{T.portalLink}</Link>
      </p>
    </section>
  );
}
