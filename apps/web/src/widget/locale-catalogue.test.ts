import { afterEach, describe, expect, it, vi } from "vitest";
import { loadCatalogue } from "./locale-catalogue.ts";

// A catalogue is asked for with the widget's company and channel, so the insurer's published words
// come with it, and with the preview token a console link put on the page (decision 0090).

const PLACE = { apiBase: "/api", company: "first", channel: "corporate-website" };
let asked: string[] = [];

/** A page at this query, and a service that answers every catalogue. */
function serve(search = "") {
  asked = [];
  vi.stubGlobal("window", { location: { search } });
  vi.stubGlobal("fetch", async (url: string) => {
    asked.push(url);
    return Response.json({ texts: { "claimDetails.title": "Ano ang nangyari" } });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("loadCatalogue", () => {
  it("asks with the company and channel", async () => {
    serve();
    const catalogue = await loadCatalogue(PLACE, "fil");
    expect(catalogue).toEqual({ "claimDetails.title": "Ano ang nangyari" });
    expect(asked).toEqual(["/api/content/texts/fil?company=first&channel=corporate-website"]);
  });

  it("passes on the page's preview token", async () => {
    serve("?kalinga-preview=abc.def");
    await loadCatalogue(PLACE, "ceb");
    expect(asked).toEqual([
      "/api/content/texts/ceb?company=first&channel=corporate-website&preview=abc.def",
    ]);
  });

  it("asks for English with the place: null when nothing is edited, the edits when some are", async () => {
    asked = [];
    vi.stubGlobal("window", { location: { search: "" } });
    let edits: Record<string, string> = {};
    vi.stubGlobal("fetch", async (url: string) => {
      asked.push(url);
      return Response.json({ locale: "en", texts: edits });
    });
    expect(await loadCatalogue(PLACE, "en")).toBeNull();
    expect(asked).toEqual(["/api/content/texts/en?company=first&channel=corporate-website"]);
    // Another channel is another place, asked for on its own.
    edits = { "claimDetails.title": "Tell us what happened" };
    const portal = { ...PLACE, channel: "member-portal" };
    expect(await loadCatalogue(portal, "en")).toEqual(edits);
    expect(asked).toHaveLength(2);
  });

  it("keeps the shipped English when the English edits cannot be read, and asks again later", async () => {
    asked = [];
    vi.stubGlobal("window", { location: { search: "?kalinga-preview=down" } });
    let up = false;
    vi.stubGlobal("fetch", async (url: string) => {
      asked.push(url);
      return up
        ? Response.json({ texts: { "start.title": "Begin here" } })
        : new Response("", { status: 503 });
    });
    expect(await loadCatalogue(PLACE, "en")).toBeNull();
    up = true;
    await vi.waitFor(async () =>
      expect(await loadCatalogue(PLACE, "en")).toEqual({ "start.title": "Begin here" }),
    );
    expect(asked[0]).toBe(
      "/api/content/texts/en?company=first&channel=corporate-website&preview=down",
    );
  });
});
