import { UNEXPECTED_APPLICATION_ERROR } from "@kalinga/domain/messages";
import { Component, type ReactNode } from "react";

/** The fallback when a screen fails to load or render. */
export function ErrorScreen() {
  return (
    <section className="k-screen" aria-labelledby="k-error-title">
      <h2 id="k-error-title" className="k-screen-title">
        {UNEXPECTED_APPLICATION_ERROR}
      </h2>
      <p>Please reload the page. What you entered in this browser tab is kept.</p>
    </section>
  );
}

/** Catches what a screen throws (a chunk that failed to load included) and shows ErrorScreen. */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
