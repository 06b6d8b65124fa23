import type { ReactNode } from "react";
import { Link } from "./link.tsx";

/** The screen's one way on: a link drawn as the main button, alone in the actions row. */
export function ActionLink({
  to,
  state,
  children,
}: {
  to: string;
  state?: unknown;
  children: ReactNode;
}) {
  return (
    <div className="k-actions">
      <Link className="k-btn k-btn--contained" to={to} state={state}>
        {children}
      </Link>
    </div>
  );
}

/** A way elsewhere that the screen does not push: a plain link set apart below its content. */
export function AsideLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="k-aside">
      <Link to={to}>{children}</Link>
    </p>
  );
}
