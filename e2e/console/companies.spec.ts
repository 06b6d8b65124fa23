import { type Browser, expect, type Page, test } from "@playwright/test";
import { WHOLE_SERVER_ADMIN } from "../playwright.config.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { signInToConsole } from "../support/console.ts";

// An administrator changes a company (decision 0083): a refused change lists its field and
// message, a saved one is used by the widget on that company's page without a restart.

test.describe.configure({ timeout: 180_000 });

const BANK_PAGE = "/bank-life/help-support/claims/cf";
const NEW_COLOUR = "#1f3b73";

/** Opens the bank-partner company's JSON and gives it this primary colour. */
async function setPrimaryColour(page: Page, colour: string) {
  await page.getByRole("button", { name: "Change bank-partner" }).click();
  const editor = page.getByLabel("Configuration (JSON)");
  await expect(editor).toBeFocused();
  const config = JSON.parse(await editor.inputValue()) as { brand: Record<string, string> };
  config.brand.primaryColour = colour;
  await editor.fill(JSON.stringify(config, null, 2));
  await page.getByRole("button", { name: "Save" }).click();
}

/** The border of the reminder's Proceed button on the bank-partner company's page, in a new tab. */
async function widgetPrimary(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(BANK_PAGE);
    const proceed = page
      .getByRole("dialog", { name: "Filing a living claim?" })
      .getByRole("button", { name: "Proceed" });
    await expect(proceed).toBeVisible();
    return await proceed.evaluate((button) => getComputedStyle(button).borderTopColor);
  } finally {
    await context.close();
  }
}

test("an administrator's change of a company's colour is checked, audited and used by the widget", async ({
  page,
  browser,
}) => {
  const before = await widgetPrimary(browser);
  await signInToConsole(page, WHOLE_SERVER_ADMIN);
  await page.getByRole("link", { name: "Companies" }).click();
  await expect(page.getByRole("table", { name: "Companies" })).toBeVisible();
  await expectNoAxeViolations(page);

  await setPrimaryColour(page, "navy");
  const refused = page.getByRole("alert");
  await expect(refused).toContainText(
    'Company "bank-partner", brand.primaryColour: A colour is written #rrggbb, e.g. #0a5bab.',
  );
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Cancel" }).click();

  await setPrimaryColour(page, NEW_COLOUR);
  await expect(page.getByRole("status")).toContainText("Company bank-partner was saved");
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  try {
    await page.getByRole("link", { name: "Audit log" }).click();
    await expect(page.getByRole("cell", { name: "company.change" }).first()).toBeVisible();
    expect(await widgetPrimary(browser)).toBe("rgb(31, 59, 115)");
  } finally {
    // The other journeys of the run meet the seed's colours again.
    await page.goto("/console/companies");
    const original = `#${before
      .match(/\d+/g)
      ?.map((part) => Number(part).toString(16).padStart(2, "0"))
      .join("")}`;
    await setPrimaryColour(page, original);
    await expect(page.getByRole("status")).toContainText("Company bank-partner was saved");
  }
});
