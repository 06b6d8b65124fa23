import { createContext, useContext } from "react";

/** Where the widget lives: its shadow root, and the element floating layers render into. */
export interface WidgetRoot {
  root: ShadowRoot | Document;
  container: HTMLElement;
}

// Outside a shadow root (tests, a page without one) the widget simply lives in the document.
export const WidgetRootContext = createContext<WidgetRoot | null>(null);

export function useWidgetRoot(): WidgetRoot {
  return useContext(WidgetRootContext) ?? { root: document, container: document.body };
}
