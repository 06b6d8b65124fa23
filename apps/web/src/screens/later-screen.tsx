import { Link, useLocation } from "react-router";

/** Routes whose screens later steps of the journey fill in; a deep link lands somewhere useful. */
export default function LaterScreen() {
  const { pathname } = useLocation();
  return (
    <section className="k-screen" aria-labelledby="k-later-title">
      <h2 id="k-later-title" className="k-screen-title">
        This part of the claim is not open yet
      </h2>
      <p>
        You can start a claim now, and we will keep what you enter in this browser tab.
        <span className="k-vh"> Page: {pathname}</span>
      </p>
      <p className="k-aside">
        <Link to="/cf">Start a claim</Link>
      </p>
    </section>
  );
}
