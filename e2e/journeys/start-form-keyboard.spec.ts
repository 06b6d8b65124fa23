import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import { openStartForm, proceedPastReminder } from "../support/start-form.ts";

// Decision 0041: a field's tips are its accessible description and the info buttons are out of the
// tab order, so Tab goes from field to field.

/** The focused element inside the widget's shadow root, as "role: name". */
async function focusedControl(page: Page): Promise<string> {
  return page.evaluate(() => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    if (!active) return "";
    const root = active.getRootNode() as Document | ShadowRoot;
    const labelled = active.getAttribute("aria-labelledby");
    const byId = (id: string) => root.getElementById?.(id)?.textContent?.trim() ?? "";
    const ownLabel =
      active.getAttribute("aria-label") ??
      (labelled ? labelled.split(/\s+/).map(byId).join(" ") : "") ??
      "";
    const forLabel = active.id
      ? (root.querySelector(`label[for="${active.id}"]`)?.textContent?.trim() ?? "")
      : "";
    const wrapping = active.closest("label")?.textContent?.trim() ?? "";
    const text =
      active instanceof HTMLButtonElement || active instanceof HTMLAnchorElement
        ? (active.textContent?.trim() ?? "")
        : "";
    const kind =
      active.getAttribute("role") ??
      (active instanceof HTMLInputElement ? active.type : active.tagName.toLowerCase());
    return `${kind}: ${ownLabel || forLabel || wrapping || text}`;
  });
}

test.describe("Step 1 by keyboard", () => {
  test.beforeEach(async ({ page }) => {
    // Both projects run it at a phone's width, where the tab order matters most.
    await page.setViewportSize({ width: 375, height: 812 });
    await openStartForm(page);
    await proceedPastReminder(page);
  });

  test("Tab goes from field to field, with no info buttons between, to Next", async ({ page }) => {
    expect(page.viewportSize()?.width).toBe(375);
    const firstName = page.getByLabel("First name", { exact: true });
    await firstName.focus();
    const stops = [await focusedControl(page)];
    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.press("Tab");
      const stop = await focusedControl(page);
      stops.push(stop);
      if (stop === "button: Next") break;
    }
    // Every stop is a field, Back or Next; no "More about …" button is reached.
    expect(stops.filter((stop) => stop.includes("More about"))).toEqual([]);
    expect(stops).toEqual([
      "text: First name",
      "text: Middle initial",
      "checkbox: No middle name",
      "text: Last name",
      "text: Suffix",
      "text: Date of birth",
      "button: Choose date, Date of birth",
      "text: Mobile number",
      "email: Email address",
      "text: Home address",
      "combobox: Country of citizenship",
      "combobox: Country of residence",
      "radio: Individual",
      "a: Back",
      "button: Next",
    ]);
    // The info buttons are still there for a press or a tap.
    await expect(page.getByRole("button", { name: /^More about / }).first()).toBeVisible();
  });

  test("a field's tips are its accessible description; the info button still opens them", async ({
    page,
  }) => {
    const mobile = page.getByLabel("Mobile number", { exact: true });
    await expect(mobile).toHaveAccessibleDescription(/The mobile number of the person filing/);
    await expect(page.getByLabel("First name", { exact: true })).toHaveAccessibleDescription(/\S/);
    const tip = page.getByRole("button", { name: "More about Mobile number" });
    await expect(tip).toHaveAttribute("tabindex", "-1");
    await tip.click();
    await expect(page.locator(".k-tip__bubble").filter({ hasText: "person filing" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("Step 1 date of birth calendar", () => {
  test.beforeEach(async ({ page }) => {
    await openStartForm(page);
    await proceedPastReminder(page);
  });

  test("opens decades back and takes a year and a month from its selects", async ({
    page,
    isMobile,
  }) => {
    await page.getByRole("button", { name: "Choose date, Date of birth" }).click();
    const calendar = page.getByRole("dialog", { name: "Date of birth" });
    const year = calendar.getByRole("combobox", { name: "Year" });
    const month = calendar.getByRole("combobox", { name: "Month" });
    await expect(year).toBeVisible();
    // An empty date of birth opens 35 years back, not on this month; the years run 1900 to now.
    const thisYear = new Date().getFullYear();
    await expect(year).toHaveValue(String(thisYear - 35));
    await expect(year.locator("option").first()).toHaveText("1900");
    await expect(year.locator("option").last()).toHaveText(String(thisYear));
    await expectNoAxeViolations(page);

    await year.selectOption("1961");
    await month.selectOption({ label: "March" });
    await calendar.getByRole("button", { name: /^5 March 1961\b/ }).click();
    // A phone's calendar waits for OK; with a mouse (pointer: fine) the choice applies at once.
    if (isMobile) await calendar.getByRole("button", { name: "OK" }).click();
    await expect(calendar).toBeHidden();
    await expect(page.getByRole("textbox", { name: "Date of birth" })).toHaveValue("05 Mar 1961");
  });

  test("a typed date of birth is still read, and the calendar opens on it", async ({ page }) => {
    const field = page.getByRole("textbox", { name: "Date of birth" });
    await field.fill("14 Feb 1958");
    await field.blur();
    await expect(field).toHaveValue("14 Feb 1958");
    await page.getByRole("button", { name: "Choose date, Date of birth" }).click();
    const calendar = page.getByRole("dialog", { name: "Date of birth" });
    await expect(calendar.getByRole("combobox", { name: "Year" })).toHaveValue("1958");
    await expect(calendar.getByRole("button", { name: /^14 February 1958\b/ })).toBeVisible();
  });
});
