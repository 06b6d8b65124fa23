import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { closeTab, openTab } from "../session/session-test-support.ts";

// The application config: kept as the `config` session item when the service has it, and "not
// found" logged with nothing stored when it has not.

const CONFIG = { memberPortalUrl: { first: "/customer-portal", "bank-partner": "/bank-life/cp" } };

let events: Record<string, unknown>[] = [];

async function loadWidgetModules() {
  vi.resetModules();
  const store = await import("../session/session-store.ts");
  const client = await import("./app-config-client.ts");
  const config = await import("../session/app-config.ts");
  return { store, client, config };
}

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

beforeEach(() => {
  openTab();
  events = [];
  vi.stubGlobal("window", {
    dataLayer: { push: (event: Record<string, unknown>) => events.push(event) },
  });
});
afterEach(closeTab);

describe("app config", () => {
  it("keeps data.jsonByPath.item.appConfig as the config session item, across a reload", async () => {
    answer(200, { data: { jsonByPath: { item: { appConfig: CONFIG } } } });
    const { store, client, config } = await loadWidgetModules();
    await client.loadAppConfig("/api", store.openSession());
    expect(store.session.get("config")).toEqual(CONFIG);
    expect(config.memberPortalEnrollUrl("bank-partner")).toBe("/bank-life/cp/enroll");
    expect(fetch).toHaveBeenCalledWith("/api/content/app-config", expect.anything());
    await store.session.flushed();

    const reloaded = await loadWidgetModules();
    await reloaded.store.openSession();
    expect(reloaded.store.session.get("config")).toEqual(CONFIG);
    expect(events).toEqual([]);
  });

  it.each([
    ["a failed call", 503, { returnCode: "503" }],
    ["an answer without the config", 200, { data: { jsonByPath: { item: {} } } }],
    ["a config that is not an object", 200, { data: { jsonByPath: { item: { appConfig: [1] } } } }],
  ])("logs not found and stores nothing on %s", async (_, status, body) => {
    answer(status, body);
    const { store, client, config } = await loadWidgetModules();
    await client.loadAppConfig("/api", store.openSession());
    expect(store.session.get("config")).toBeUndefined();
    expect(config.memberPortalEnrollUrl("first")).toBeUndefined();
    expect(events).toEqual([
      { event: "kalinga_content_error", call: "app-config", message: "not found" },
    ]);
  });

  it("logs not found when the service cannot be reached", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("offline"))),
    );
    const { store, client } = await loadWidgetModules();
    await client.loadAppConfig("/api", store.openSession());
    expect(store.session.get("config")).toBeUndefined();
    expect(events).toHaveLength(1);
  });
});
