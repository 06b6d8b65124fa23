import { TEST_COMPANIES } from "@kalinga/domain/fixtures/companies";
import { waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import { APP_TEXTS } from "./app/app-texts.ts";
import { mount, unmount } from "./embed.tsx";
import { START_TEXTS } from "./start/start-texts.ts";
import type { KalingaApi, KalingaMountOptions } from "./widget/kalinga-widget.d.ts";
import type { WidgetOptions } from "./widget/widget-options.ts";

// The widget as a single-page portal uses it (decision 0082): mounted, unmounted and mounted again
// on one element, with one root each time and nothing of an unmounted widget left listening.

type Listening = { target: EventTarget; type: string; listener: unknown };

/** Every listener added on window and document, less those removed again. */
function watchListeners(): Listening[] {
  const live: Listening[] = [];
  for (const target of [window, document] as EventTarget[]) {
    const add = target.addEventListener.bind(target);
    const remove = target.removeEventListener.bind(target);
    vi.spyOn(target, "addEventListener").mockImplementation((type, listener, options) => {
      live.push({ target, type, listener });
      add(type, listener, options);
    });
    vi.spyOn(target, "removeEventListener").mockImplementation((type, listener, options) => {
      const index = live.findIndex(
        (entry) => entry.target === target && entry.type === type && entry.listener === listener,
      );
      if (index >= 0) live.splice(index, 1);
      remove(type, listener, options);
    });
  }
  return live;
}

/** Every interval started, less those cleared. */
function watchIntervals(): Set<unknown> {
  const live = new Set<unknown>();
  const start = globalThis.setInterval;
  const clear = globalThis.clearInterval;
  vi.spyOn(globalThis, "setInterval").mockImplementation(((...args: Parameters<typeof start>) => {
    const id = start(...args);
    live.add(id);
    return id;
  }) as typeof setInterval);
  vi.spyOn(globalThis, "clearInterval").mockImplementation((id) => {
    live.delete(id);
    clear(id);
  });
  return live;
}

/** The start form's heading, once the widget has rendered it (a popup over it may hide it from roles). */
const startHeading = (shadow: ShadowRoot) =>
  waitFor(() => {
    const headings = shadow.querySelectorAll("#k-start-title");
    expect(headings).toHaveLength(1);
    expect(headings[0]?.textContent).toContain(START_TEXTS.title);
  });

let host: HTMLElement;

beforeEach(() => {
  window.history.replaceState(null, "", "/help-support/claims/cf");
  // Content and notice calls fail: the widget starts on its shipped defaults.
  vi.stubGlobal("fetch", async () => new Response("{}", { status: 404 }));
  host = document.createElement("div");
  document.body.append(host);
});

afterEach(() => {
  unmount(host);
  host.remove();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("mount and unmount", () => {
  it("unmounts to an empty shadow root and mounts again with one root", async () => {
    const listeners = watchListeners();
    const intervals = watchIntervals();
    const widget = await mount(host, { routerBase: "/help-support/claims" });
    expect(widget.element).toBe(host);
    const shadow = host.shadowRoot as ShadowRoot;
    await startHeading(shadow);
    expect(shadow.adoptedStyleSheets.length).toBeGreaterThan(0);
    // The start form polls the filing notice and listens on the page while it shows.
    await waitFor(() => expect(intervals.size).toBeGreaterThan(0), { timeout: 10_000 });
    expect(listeners.length).toBeGreaterThan(0);

    widget.unmount();
    expect(shadow.childNodes).toHaveLength(0);
    expect(shadow.adoptedStyleSheets).toHaveLength(0);
    expect(intervals.size).toBe(0);
    // React DOM listens for selectionchange once per document, for every root it will ever have.
    const left = listeners.map((entry) => entry.type);
    expect(left.filter((type) => type !== "selectionchange")).toEqual([]);

    await mount(host, { routerBase: "/help-support/claims" });
    expect(host.shadowRoot).toBe(shadow);
    await startHeading(shadow);
    expect(shadow.querySelectorAll(".k-root")).toHaveLength(1);
    expect(shadow.adoptedStyleSheets.length).toBeGreaterThan(0);
    await waitFor(() => expect(intervals.size).toBeGreaterThan(0), { timeout: 10_000 });

    // A second round leaves exactly what the first did: nothing doubles up.
    unmount(host);
    expect(shadow.childNodes).toHaveLength(0);
    expect(intervals.size).toBe(0);
    expect(listeners.map((entry) => entry.type)).toEqual(left);
  });

  it("mounting twice on one element leaves one root, and the first handle no longer unmounts", async () => {
    const first = mount(host, { routerBase: "/help-support/claims" });
    const second = await mount(host, { routerBase: "/help-support/claims" });
    (await first).unmount();
    const shadow = host.shadowRoot as ShadowRoot;
    await startHeading(shadow);
    expect(shadow.querySelectorAll(".k-root")).toHaveLength(1);
    second.unmount();
    expect(shadow.childNodes).toHaveLength(0);
  });

  it("unmounting an element the widget is not on changes nothing", () => {
    const other = document.createElement("div");
    expect(() => unmount(other)).not.toThrow();
    expect(other.shadowRoot).toBeNull();
  });

  it("matches its published types", () => {
    const api: KalingaApi = { mount, unmount };
    expect(Object.keys(api)).toEqual(["mount", "unmount"]);
    // Checked by `npm run typecheck`: every option the widget reads is published, and no other.
    expectTypeOf<keyof KalingaMountOptions>().toEqualTypeOf<keyof WidgetOptions>();
    expectTypeOf(mount).toEqualTypeOf<KalingaApi["mount"]>();
    expectTypeOf(unmount).toEqualTypeOf<KalingaApi["unmount"]>();
  });
});

describe("a page whose origin the service does not allow", () => {
  it("shows the claimant whom to turn to and tells the page's developers what to set", async () => {
    const asked: string[] = [];
    vi.stubGlobal("fetch", async (url: URL | string) => {
      asked.push(String(url));
      return String(url).endsWith("/widget/origin")
        ? Response.json({ allowed: false })
        : new Response("{}", { status: 404 });
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await mount(host, {
      apiBase: "https://claims.example.test/api",
      routerBase: "/help-support/claims",
    });
    const root = within(host.shadowRoot?.querySelector(".k-root") as HTMLElement);
    expect(
      await root.findByRole("heading", { name: APP_TEXTS.originNotAllowedTitle }),
    ).toBeTruthy();
    expect(root.getByText(APP_TEXTS.originNotAllowedBodyNoCompany)).toBeTruthy();
    expect(host.shadowRoot?.querySelector("#k-start-title")).toBeNull();
    expect(asked).toContain("https://claims.example.test/api/widget/origin");
    expect(String(logged.mock.calls[0]?.[0])).toContain("KALINGA_ALLOWED_ORIGINS");
  });

  it("starts as before when the check cannot be made", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await mount(host, {
      apiBase: "https://claims.example.test/api",
      routerBase: "/help-support/claims",
    });
    await startHeading(host.shadowRoot as ShadowRoot);
  });
});

describe("the first screen's calls", () => {
  it("go out beside the company list; the setting and the content follow it when it answers", async () => {
    const asked: string[] = [];
    let answerCompanies: (() => void) | undefined;
    const companiesAnswered = new Promise<void>((resolve) => {
      answerCompanies = resolve;
    });
    vi.stubGlobal("fetch", async (url: URL | string) => {
      const path = new URL(String(url)).pathname;
      asked.push(path);
      if (path.endsWith("/content/companies")) {
        await companiesAnswered;
        return Response.json({ companies: TEST_COMPANIES });
      }
      return path.endsWith("/widget/origin")
        ? Response.json({ allowed: true })
        : new Response("{}", { status: 404 });
    });
    const mounted = mount(host, {
      apiBase: "https://claims.example.test/api",
      routerBase: "/help-support/claims",
    });
    // The list has not answered: the origin check and the application config are already asked.
    await waitFor(() =>
      expect(asked).toEqual(
        expect.arrayContaining([
          "/api/content/companies",
          "/api/widget/origin",
          "/api/content/app-config",
        ]),
      ),
    );
    expect(asked.some((path) => path.startsWith("/api/content/page"))).toBe(false);

    answerCompanies?.();
    await mounted;
    const shadow = host.shadowRoot as ShadowRoot;
    await startHeading(shadow);
    expect(asked).toContain("/api/content/page");
    const root = shadow.querySelector<HTMLElement>(".k-root");
    expect(root?.style.getPropertyValue("--kalinga-primary")).toBe(
      TEST_COMPANIES[0]?.brand.primaryColour,
    );
  });
});
