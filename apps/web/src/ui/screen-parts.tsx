// The parts the claim's later screens are built of: the titled screen and its links on.
import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "react-router";

/**
 * A screen headed by its title, which names it for screen readers; a step of the claim shows its
 * step number before the title. A screen reached after an action sets focusTitle, so focus moves
 * to its title on arrival.
 */
export function TitledScreen({
  id,
  title,
  step,
  focusTitle = false,
  children,
}: {
  id: string;
  title: string;
  step?: string;
  focusTitle?: boolean;
  children?: ReactNode;
}) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);
  return (
    <section className="k-screen" aria-labelledby={id}>
      <h2 id={id} className="k-screen-title" tabIndex={focusTitle ? -1 : undefined} ref={titleRef}>
        {step ? <span className="k-step">{step}</span> : null}
        {step ? " " : null}
        {title}
      </h2>
      {children}
    </section>
  );
}

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
