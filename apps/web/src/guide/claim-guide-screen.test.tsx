import { readFileSync } from "node:fs";
import type { Catalogue } from "@kalinga/domain/localized-texts";
import { cleanup, screen, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openWidget, renderAt } from "../test-support/widget-under-test.tsx";
import { LocaleContext } from "../ui/locale.ts";
import ClaimGuideScreen from "./claim-guide-screen.tsx";

// The claim guide: its words from the claim-guide configuration, the documents of each claim type
// from the domain's catalogue, the defaults when the content service fails.

afterEach(cleanup);

const overview = {
  title: "What to prepare for your Bank Life claim",
  intro: "Gather these first.",
};

function serveGuide(status: number) {
  const fetch = vi.fn(async (_url: string) =>
    Response.json(
      { items: [{ id: "overview", element: { pageConfiguration: JSON.stringify(overview) } }] },
      { status },
    ),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("the claim guide screen", () => {
  it("shows the configuration's words and each claim type's documents and who may file it", async () => {
    await openWidget("corporate-website");
    serveGuide(200);
    renderAt(
      "/claim-guide",
      <Routes>
        <Route path="claim-guide" element={<ClaimGuideScreen />} />
      </Routes>,
    );
    expect(await screen.findByRole("heading", { name: overview.title })).toBeTruthy();
    const living = screen.getByRole("region", { name: "Living claim (accident or illness)" });
    expect(within(living).getByText("Who may file")).toBeTruthy();
    expect(within(living).getByText("Attending physician's statement")).toBeTruthy();
    expect(within(living).getByText("Police or narration report (accidents only)")).toBeTruthy();
    const death = screen.getByRole("region", { name: "Death claim" });
    expect(within(death).getByText("PSA death certificate of the insured")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Back" })).toBeTruthy();
  });
});

describe("the claim guide in Filipino", () => {
  it("asks for the guide in Filipino and names each document in Filipino (decisions 0091, 0097)", async () => {
    // Read from the repository root, where the tests run.
    const filipino = JSON.parse(
      readFileSync("apps/server/content/locales/fil.json", "utf8"),
    ) as Catalogue;
    await openWidget("corporate-website");
    const fetch = serveGuide(200);
    renderAt(
      "/claim-guide",
      <LocaleContext.Provider
        value={{ locale: "fil", catalogue: filipino, failed: null, choose: () => undefined }}
      >
        <Routes>
          <Route path="claim-guide" element={<ClaimGuideScreen />} />
        </Routes>
      </LocaleContext.Provider>,
    );
    expect(await screen.findByRole("heading", { name: overview.title })).toBeTruthy();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      expect.stringMatching(/\/content\/claim-guide\?.*&locale=fil$/),
    ]);
    expect(screen.getByText(filipino["document-names.D0101"] as string)).toBeTruthy();
    expect(screen.getByText(filipino["document-names.L0201"] as string)).toBeTruthy();
    expect(screen.queryByText("PSA death certificate of the insured")).toBeNull();
    const items = screen.getAllByRole("listitem").map((item) => item.textContent);
    expect(items.filter((text) => /\b(of|the)\b/.test(text ?? ""))).toEqual([]);
  });
});
