import type { MouseEvent, ReactNode } from "react";
import { useHref, useLocation, useNavigate, useResolvedPath } from "react-router";

type Props = { to: string; state?: unknown; className?: string; children: ReactNode };

/**
 * A link to another screen of the widget. React Router's Link lives in its DOM module, whose
 * framework code (prefetching, forms, scroll restoration) would ride along on the start step.
 */
export function Link({ to, state, className, children }: Props) {
  const href = useHref(to);
  const target = useResolvedPath(to);
  const location = useLocation();
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A modified or middle click opens the address the browser's own way (a new tab, a window).
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || modified) return;
    event.preventDefault();
    // A link to the screen already shown replaces its entry, as React Router's Link does.
    const here =
      location.pathname === target.pathname &&
      location.search === target.search &&
      location.hash === target.hash;
    navigate(to, { state, replace: here });
  };
  return (
    <a href={href} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
