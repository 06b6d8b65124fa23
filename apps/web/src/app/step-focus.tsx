import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

// Where a screen opens (docs/decisions/0040-where-a-step-opens.md): after each move between the
// widget's screens the new screen's heading is at the top of the view and has the focus, so a
// screen reader announces it; going back returns to where the claimant was on that screen.

const HEADING = ".k-screen-title";
/** A lazy screen on a slow phone may take this long to arrive; after it, nothing moves. */
const WAIT_MS = 10_000;

type BackState = { back?: boolean } | null;

export function StepFocus() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const anchor = useRef<HTMLSpanElement>(null);
  const scrollByPath = useRef(new Map<string, number>());
  const shownPath = useRef(location.pathname);
  const firstScreen = useRef(true);

  // Keep each screen's scroll as the claimant leaves it, so Back can return there.
  useEffect(() => {
    let frame = 0;
    const remember = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        scrollByPath.current.set(shownPath.current, window.scrollY);
      });
    };
    window.addEventListener("scroll", remember, { passive: true });
    return () => {
      window.removeEventListener("scroll", remember);
      cancelAnimationFrame(frame);
    };
  }, []);

  useEffect(() => {
    shownPath.current = location.pathname;
    // The page's first screen leaves the host page's scroll and focus alone.
    if (firstScreen.current) {
      firstScreen.current = false;
      return;
    }
    const back = navigationType === "POP" || (location.state as BackState)?.back === true;
    const saved = back ? scrollByPath.current.get(location.pathname) : undefined;
    const root = anchor.current?.getRootNode() as ParentNode | undefined;
    const until = performance.now() + WAIT_MS;
    let frame = 0;
    const settle = () => {
      const heading = root?.querySelector<HTMLElement>(HEADING);
      if (!heading) {
        if (performance.now() < until) frame = requestAnimationFrame(settle);
        return;
      }
      if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
      if (saved === undefined) heading.scrollIntoView({ block: "start" });
      else window.scrollTo(window.scrollX, saved);
      heading.focus({ preventScroll: true });
    };
    settle();
    return () => cancelAnimationFrame(frame);
  }, [location, navigationType]);

  return <span ref={anchor} hidden />;
}
