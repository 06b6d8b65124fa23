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

  it("asks nothing for English", async () => {
    serve();
    expect(await loadCatalogue(PLACE, "en")).toBeNull();
    expect(asked).toEqual([]);
  });
});
