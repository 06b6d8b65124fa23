import { Link, useLocation } from "react-router";
import { SCREEN_TEXTS as T } from "./screen-texts.ts";

/** Routes whose screens later steps of the journey fill in; a deep link lands somewhere useful. */
export default function LaterScreen() {
  const { pathname } = useLocation();
  return (
    <section className="k-screen" aria-labelledby="k-later-title">
      <h2 id="k-later-title" className="k-screen-title">
        {T.laterTitle}
      </h2>
      <p>
        {T.laterText}
        <span className="k-vh"> {T.laterPage(pathname)}</span>
      </p>
      <p className="k-aside">
        <Link to="/cf">{T.startClaim}</Link>
      </p>
    </section>
  );
}
