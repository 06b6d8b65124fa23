import { useEffect, useRef } from "react";
import { Navigate, NavLink, Outlet, useLocation } from "react-router";
import { may, useSession } from "./session.tsx";
import { TEXTS } from "./texts.ts";

/** The signed-in frame: skip link, navigation, who is signed in; focus goes to the heading on each page. */
export function Layout() {
  const { staff, ready, signOut } = useSession();
  const location = useLocation();
  const main = useRef<HTMLElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new page's heading takes focus.
  useEffect(() => {
    main.current?.querySelector<HTMLElement>("h1")?.focus();
  }, [location.pathname]);

  if (!ready) return <p className="c-loading">{TEXTS.loading}</p>;
  if (!staff)
    return <Navigate to="/sign-in" replace state={{ from: location.pathname + location.search }} />;

  return (
    <>
      <a className="c-skip" href="#content">
        {TEXTS.skipToContent}
      </a>
      <header className="c-header">
        <p className="c-product">{TEXTS.product}</p>
        <nav aria-label={TEXTS.nav.label}>
          <ul>
            <li>
              <NavLink to="/" end>
                {TEXTS.nav.queue}
              </NavLink>
            </li>
            {may(staff, "manage-staff") && (
              <li>
                <NavLink to="/staff">{TEXTS.nav.staff}</NavLink>
              </li>
            )}
            {may(staff, "manage-companies") && (
              <li>
                <NavLink to="/companies">{TEXTS.nav.companies}</NavLink>
              </li>
            )}
            {may(staff, "manage-notices") && (
              <li>
                <NavLink to="/notices">{TEXTS.nav.notices}</NavLink>
              </li>
            )}
            {may(staff, "edit-content") && (
              <li>
                <NavLink to="/content">{TEXTS.nav.content}</NavLink>
              </li>
            )}
            {may(staff, "handle-data-subjects") && (
              <li>
                <NavLink to="/data-subjects">{TEXTS.nav.dataSubjects}</NavLink>
              </li>
            )}
            {may(staff, "read-audit-log") && (
              <li>
                <NavLink to="/audit">{TEXTS.nav.audit}</NavLink>
              </li>
            )}
          </ul>
        </nav>
        <p className="c-who">{TEXTS.signedInAs(staff.name, TEXTS.roles[staff.role])}</p>
        <NavLink to="/password">{TEXTS.ownPassword.link}</NavLink>
        <button type="button" className="c-button c-button--quiet" onClick={() => void signOut()}>
          {TEXTS.signOut}
        </button>
      </header>
      <main id="content" ref={main}>
        <Outlet />
      </main>
    </>
  );
}
