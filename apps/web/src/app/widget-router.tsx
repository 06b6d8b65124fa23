import { type ReactNode, startTransition, useLayoutEffect, useRef, useState } from "react";
import { UNSAFE_createBrowserHistory as createBrowserHistory, Router } from "react-router";

/**
 * React Router's BrowserRouter, built from its core: the DOM module it lives in would bring its
 * framework code (prefetching, forms, scroll restoration) to the start step.
 */
export function WidgetRouter({ basename, children }: { basename: string; children: ReactNode }) {
  const historyRef = useRef<ReturnType<typeof createBrowserHistory>>(null);
  historyRef.current ??= createBrowserHistory({ window, v5Compat: true });
  const history = historyRef.current;
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(
    () => history.listen((update) => startTransition(() => setState(update))),
    [history],
  );
  return (
    <Router
      basename={basename}
      location={state.location}
      navigationType={state.action}
      navigator={history}
    >
      {children}
    </Router>
  );
}
