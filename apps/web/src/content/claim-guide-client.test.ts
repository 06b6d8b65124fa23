import { englishClaimGuide } from "@kalinga/content/claim-guide";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { WidgetSetting } from "../widget/widget-options.ts";

// The claim guide's configuration: keyed by item id, fetched once per page life, its defaults
// when the service fails or an item is broken.

const setting = {
  apiBase: "/api",
  company: "bank-partner",
  channel: "corporate-website",
} as WidgetSetting;

const bankOverview = { title: "What to prepare for your Bank Life claim", intro: "Bring these." };
const tree = {
  items: [
    { id: "Living", element: { pageConfiguration: "{not json" } },
    { id: "overview", element: { pageConfiguration: JSON.stringify(bankOverview) } },
  ],
};

async function freshClient() {
  vi.resetModules();
  return import("./claim-guide-client.ts");
}

beforeEach(() => vi.unstubAllGlobals());

describe("the claim guide client", () => {
  it("keys the items by id, keeps defaults for a broken item, and fetches once per page life", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(tree)));
    vi.stubGlobal("fetch", fetch);
    const { loadClaimGuide } = await freshClient();
    const guide = await loadClaimGuide(setting);
    expect(guide.overview).toEqual(bankOverview);
    expect(guide.Living).toEqual(englishClaimGuide.Living);
    expect(guide.Death).toEqual(englishClaimGuide.Death);
    await loadClaimGuide(setting);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(
      "/api/content/claim-guide?company=bank-partner&channel=corporate-website",
      expect.anything(),
    );
  });

  it("asks for the guide in the widget's locale, once per locale", async () => {
    const fetch = vi.fn(async (_url: string) => new Response(JSON.stringify(tree)));
    vi.stubGlobal("fetch", fetch);
    const { loadClaimGuide } = await freshClient();
    await loadClaimGuide(setting, "fil");
    await loadClaimGuide(setting, "fil");
    await loadClaimGuide(setting, "en");
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      "/api/content/claim-guide?company=bank-partner&channel=corporate-website&locale=fil",
      "/api/content/claim-guide?company=bank-partner&channel=corporate-website",
    ]);
  });

  it("gives the defaults when the service fails, and asks again the next time", async () => {
    const fetch = vi.fn(async () => new Response("{}", { status: 503 }));
    vi.stubGlobal("fetch", fetch);
    const { loadClaimGuide } = await freshClient();
    expect(await loadClaimGuide(setting)).toEqual(englishClaimGuide);
    await loadClaimGuide(setting);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("leaves out items without an id or a configuration text", async () => {
    const { itemsById } = await freshClient();
    expect(
      itemsById({
        items: [
          { element: { pageConfiguration: "{}" } },
          { id: "x", element: {} },
          { id: "y", element: { pageConfiguration: '{"a":1}' } },
        ],
      }),
    ).toEqual({ y: { a: 1 } });
    expect(itemsById(null)).toEqual({});
  });
});
