import { UNEXPECTED_APPLICATION_ERROR } from "@kalinga/domain/spec-messages";
import { Component, type ReactNode } from "react";
import { useMessage, useTexts } from "../ui/locale.ts";
import { APP_TEXTS } from "./app-texts.ts";

/** The fallback when a screen fails to load or render. */
function ErrorScreen() {
  const texts = useTexts(APP_TEXTS);
  const inLocale = useMessage();
  return (
    <section className="k-screen" aria-labelledby="k-error-title">
      <h2 id="k-error-title" className="k-screen-title">
        {inLocale(UNEXPECTED_APPLICATION_ERROR)}
      </h2>
      <p>{texts.reloadHint}</p>
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
