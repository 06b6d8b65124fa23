import { Link } from "react-router";

/** The logged-in start form of the member and agent portals; policy lookup arrives with portal sign-in. */
export default function LoggedInStartScreen() {
  return (
    <section className="k-screen" aria-labelledby="k-cfm-title">
      <p className="k-step">Step 1 of 4</p>
      <h2 id="k-cfm-title" className="k-screen-title">
        File a claim from your portal
      </h2>
      <p>
        Filing from the member portal with your policy already filled in is not open yet. You can
        file from the public form.
      </p>
      <p className="k-aside">
        <Link to="/cf">Use the public claim form</Link>
      </p>
    </section>
  );
}
