import type { Environment } from "downshift";
import { useMemo } from "react";
import { useWidgetRoot } from "./widget-root.tsx";

/**
 * Downshift looks up focus and listens for presses through its `environment`. In a shadow root
 * the document only sees the host element, so give it the shadow root's own view: its focused
 * element, its events and its ids, with the widget's container standing in for the body.
 */
export function useDownshiftEnvironment(): Environment {
  const { root, container } = useWidgetRoot();
  return useMemo(() => {
    if (root instanceof Document) return window;
    const document = {
      // Focus outside the shadow root reads as "the body", as it would in a plain document.
      get activeElement() {
        return root.activeElement ?? container;
      },
      body: container,
      getElementById: (id: string) => root.getElementById(id),
      createElement: (tagName: string) => container.ownerDocument.createElement(tagName),
    };
    return {
      addEventListener: root.addEventListener.bind(root),
      removeEventListener: root.removeEventListener.bind(root),
      // Downshift reads only the members above.
      document: document as unknown as Document,
      Node: window.Node,
    } as Environment;
  }, [root, container]);
}
