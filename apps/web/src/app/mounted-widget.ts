import { afterEach, beforeEach, vi } from "vitest";
import { mount, unmount } from "../embed.tsx";
import { session } from "../session/session-store.ts";
import type { KalingaMountOptions } from "../widget/kalinga-widget.d.ts";

// The widget mounted on an insurer's page as embed.tsx mounts it, for component tests of what
// the page's start-up calls bring (texts, edits, languages): each file answers the calls itself.

/** The mount and its start-up calls take longer when the machine is busy. */
export const WAIT = { timeout: 5000 };

/**
 * Registers a file's hooks: a fresh tab on the corporate website's claim page (the living-claim
 * reminder already seen), `fetch` answered by `answer`, a host element mounted into and removed.
 */
export function widgetMountedPerTest(answer: (address: URL) => Response) {
  let host: HTMLElement | undefined;
  /** Every address the widget asked for, in order. */
  const asked: URL[] = [];
  const hostElement = () => {
    if (!host) throw new Error("The widget's host exists only inside a test.");
    return host;
  };

  beforeEach(() => {
    window.history.replaceState(null, "", "/help-support/claims/cf");
    session.remove("locale");
    session.set("isRemindedForLivingClaims", true);
    asked.length = 0;
    vi.stubGlobal("fetch", async (url: string) => {
      const address = new URL(url, "http://widget.test");
      asked.push(address);
      return answer(address);
    });
    host = document.createElement("div");
    document.body.append(host);
  });

  afterEach(() => {
    unmount(hostElement());
    hostElement().remove();
    vi.unstubAllGlobals();
  });

  return {
    asked,
    mount: (options: KalingaMountOptions = {}) =>
      mount(hostElement(), { routerBase: "/help-support/claims", ...options }),
    unmount: () => unmount(hostElement()),
    /** The widget's root inside the shadow root: where its screens render. */
    root: () => hostElement().shadowRoot?.querySelector(".k-root") as HTMLElement,
  };
}
