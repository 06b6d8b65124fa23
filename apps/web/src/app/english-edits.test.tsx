import { TEST_COMPANIES } from "@kalinga/domain/fixtures/companies";
import { within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { START_TEXTS } from "../start/start-texts.ts";
import { WAIT, widgetMountedPerTest } from "./mounted-widget.ts";

// The insurer's published edits of the English reach the mounted widget (decision 0092): asked for
// at start with the widget's company and channel (and the page's preview token), shown on the first
// screen, kept after a switch to Filipino and back; the shipped English when the call fails.

const EDITED_TITLE = "Begin your claim with us";
const DRAFT_TITLE = "A draft title to preview";
const FILIPINO_TITLE = "Simulan ang iyong claim";

let englishServed: boolean;
beforeEach(() => {
  englishServed = true;
});

const widget = widgetMountedPerTest(({ pathname, searchParams }) => {
  if (pathname === "/api/content/companies") return Response.json({ companies: TEST_COMPANIES });
  if (pathname === "/api/content/texts")
    return Response.json({ locales: [{ locale: "fil", name: "Filipino" }] });
  if (pathname === "/api/content/texts/fil")
    return Response.json({ locale: "fil", texts: { "start.title": FILIPINO_TITLE } });
  if (pathname === "/api/content/texts/en" && englishServed) {
    const title = searchParams.get("preview") === "draft-token" ? DRAFT_TITLE : EDITED_TITLE;
    return Response.json({ locale: "en", texts: { "start.title": title } });
  }
  return new Response("{}", { status: 503 });
});
const rootOf = () => within(widget.root());
const englishAsked = () => widget.asked.filter((url) => url.pathname === "/api/content/texts/en");

describe("published English edits", () => {
  it("show on the first screen, asked for with the company and channel", async () => {
    await widget.mount();
    expect(
      await rootOf().findByRole("heading", { name: new RegExp(EDITED_TITLE) }, WAIT),
    ).toBeTruthy();
    expect(rootOf().queryByRole("heading", { name: new RegExp(START_TEXTS.title) })).toBeNull();
    const [call] = englishAsked();
    expect(call?.searchParams.get("company")).toBe("first");
    expect(call?.searchParams.get("channel")).toBe("corporate-website");
    expect(call?.searchParams.has("preview")).toBe(false);

    // Filipino and back: the edits come back with the English, without asking again.
    await userEvent.click(await rootOf().findByRole("button", { name: "Filipino" }, WAIT));
    await rootOf().findByRole("heading", { name: new RegExp(FILIPINO_TITLE) }, WAIT);
    await userEvent.click(rootOf().getByRole("button", { name: "English" }));
    await rootOf().findByRole("heading", { name: new RegExp(EDITED_TITLE) }, WAIT);
    expect(englishAsked()).toHaveLength(1);
  });

  it("show the draft when the page carries a preview token", async () => {
    window.history.replaceState(null, "", "/help-support/claims/cf?kalinga-preview=draft-token");
    await widget.mount();
    await rootOf().findByRole("heading", { name: new RegExp(DRAFT_TITLE) }, WAIT);
    expect(englishAsked().at(-1)?.searchParams.get("preview")).toBe("draft-token");
  });

  it("leave the shipped English when they cannot be read", async () => {
    englishServed = false;
    window.history.replaceState(null, "", "/help-support/claims/cf?kalinga-preview=other");
    await widget.mount();
    await rootOf().findByRole("heading", { name: new RegExp(START_TEXTS.title) }, WAIT);
    expect(englishAsked()).toHaveLength(1);
    expect(rootOf().queryByText(/could not|unavailable/i)).toBeNull();
  });
});
