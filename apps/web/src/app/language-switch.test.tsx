import { readFileSync } from "node:fs";
import { fill } from "@kalinga/domain/localized-texts";
import { FIELD_MESSAGES } from "@kalinga/domain/messages";
import { waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { session } from "../session/session-store.ts";
import { START_TEXTS } from "../start/start-texts.ts";
import { UI_TEXTS } from "../ui/ui-texts.ts";
import { LOCALE_TEXTS } from "../widget/locale-texts.ts";
import { WAIT, widgetMountedPerTest } from "./mounted-widget.ts";

// The language switch on the mounted widget: Filipino fetched when chosen, the choice kept for the
// session and the root's lang following it; English kept when a catalogue cannot be loaded (first:
// a catalogue loaded once is kept for the page).

const FILIPINO = JSON.parse(
  // Read from the repository root, where the tests run: happy-dom gives modules no file URL.
  readFileSync("apps/server/content/locales/fil.json", "utf8"),
) as Record<string, string>;

let catalogueServed: boolean;
beforeEach(() => {
  catalogueServed = true;
});

const widget = widgetMountedPerTest(({ pathname }) => {
  if (pathname === "/api/content/texts")
    return Response.json({ locales: [{ locale: "fil", name: "Filipino" }] });
  if (pathname === "/api/content/texts/fil" && catalogueServed)
    return Response.json({ locale: "fil", texts: FILIPINO });
  return new Response("{}", { status: 404 });
});
const rootOf = widget.root;
const askedPaths = () => widget.asked.map((url) => url.pathname);

describe("the language switch", () => {
  it("stays in English and says so when the Filipino texts cannot be loaded", async () => {
    catalogueServed = false;
    await widget.mount();
    const root = within(rootOf());
    await userEvent.click(await root.findByRole("button", { name: "Filipino" }, WAIT));
    expect(
      await root.findByText(fill(LOCALE_TEXTS.unavailable, { language: "Filipino" }), {}, WAIT),
    ).toBeTruthy();
    expect(root.getByRole("button", { name: "English" }).getAttribute("aria-pressed")).toBe("true");
    await waitFor(() =>
      expect(root.getByRole("heading", { level: 2 }).textContent).toContain(START_TEXTS.title),
    );
    expect(rootOf().lang).toBe("en");
    expect(session.get("locale")).toBeUndefined();

    // Asked for by the mount option, it starts in English and says so too.
    widget.unmount();
    await widget.mount({ locale: "fil" });
    expect(
      await within(rootOf()).findByText(
        fill(LOCALE_TEXTS.unavailable, { language: "Filipino" }),
        {},
        WAIT,
      ),
    ).toBeTruthy();
    expect(rootOf().lang).toBe("en");
  });
  it("switches every text to Filipino, keeps the choice for the session, and marks the root's lang", async () => {
    await widget.mount();
    const root = within(rootOf());
    expect(askedPaths()).not.toContain("/api/content/texts/fil");
    const english = await root.findByRole("button", { name: "English" }, WAIT);
    expect(english.getAttribute("aria-pressed")).toBe("true");
    expect(root.getByRole("group", { name: LOCALE_TEXTS.switchLabel })).toBeTruthy();

    await userEvent.click(root.getByRole("button", { name: "Filipino" }));
    await root.findByRole("heading", { name: new RegExp(FILIPINO["start.title"] as string) }, WAIT);
    expect(root.getByRole("button", { name: "Filipino" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    expect(root.getByRole("group", { name: FILIPINO["locale.switchLabel"] })).toBeTruthy();
    expect(root.getByRole("button", { name: FILIPINO["ui.next"] })).toBeTruthy();
    expect(root.queryByRole("button", { name: UI_TEXTS.next })).toBeNull();
    expect(rootOf().lang).toBe("fil");
    expect(session.get("locale")).toBe("fil");
    // The domain's messages come in Filipino too; their English stays as the specification has it.
    await userEvent.click(root.getByRole("button", { name: FILIPINO["ui.next"] }));
    expect(
      await root.findByText(FILIPINO["fieldMessages.firstNameRequired"] as string, {}, WAIT),
    ).toBeTruthy();
    expect(root.queryByText(FIELD_MESSAGES.firstNameRequired)).toBeNull();

    // A reload in the same tab opens in Filipino.
    widget.unmount();
    await widget.mount();
    await within(rootOf()).findByRole(
      "heading",
      {
        name: new RegExp(FILIPINO["start.title"] as string),
      },
      WAIT,
    );
    expect(rootOf().lang).toBe("fil");

    await userEvent.click(await within(rootOf()).findByRole("button", { name: "English" }, WAIT));
    await within(rootOf()).findByRole("heading", { name: new RegExp(START_TEXTS.title) }, WAIT);
    expect(rootOf().lang).toBe("en");
    expect(session.get("locale")).toBe("en");
  });

  it("the mount option sets the first language", async () => {
    await widget.mount({ locale: "fil" });
    await within(rootOf()).findByRole(
      "heading",
      {
        name: new RegExp(FILIPINO["start.title"] as string),
      },
      WAIT,
    );
    expect(rootOf().lang).toBe("fil");
  });
});
