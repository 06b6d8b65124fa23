import { expect, type Page, test } from "@playwright/test";
import { CONSOLE_ADMIN } from "../playwright.config.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { signInToConsole, signOutOfConsole, tabTo } from "../support/console.ts";
import { saveScreenshot } from "../support/screens.ts";

// A member of staff replaces the temporary password an administrator handed over with their own
// (docs/decisions/0084), by keyboard: a wrong current password is refused, the new one signs in and
// the temporary one no longer does.

test.describe.configure({ timeout: 300_000 });

const CARA = { email: "cara.santos@kalinga-life.example", name: "Cara Santos" };
const OWN_PASSWORD = "three quiet rivers at dawn";

async function createAccount(page: Page): Promise<string> {
  await page.getByRole("link", { name: "Staff" }).click();
  await page.getByLabel("E-mail address").fill(CARA.email);
  await page.getByLabel("Full name").fill(CARA.name);
  await page.getByRole("button", { name: "Create account" }).click();
  const created = page
    .getByRole("status")
    .filter({ hasText: `The account ${CARA.email} was created.` });
  await expect(created).toBeVisible();
  return (await created.locator(".c-secret").textContent()) ?? "";
}

async function submitChange(page: Page, current: string, next: string) {
  await tabTo(page, page.getByLabel("Current password"));
  await page.keyboard.type(current);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("New password", { exact: true })).toBeFocused();
  await page.keyboard.type(next);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("New password again")).toBeFocused();
  await page.keyboard.type(next);
  await page.keyboard.press("Enter");
}

test("a member changes the handed-over password to their own, by keyboard", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInToConsole(page, CONSOLE_ADMIN);
  const temporary = await createAccount(page);
  await signOutOfConsole(page);
  const key = await signInToConsole(page, { email: CARA.email, password: temporary });

  const link = page.getByRole("link", { name: "Change password" });
  // From the queue's heading back to the header: the queue's rows, as many as the run has filed, lie ahead.
  await tabTo(page, link, 30, "Shift+Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Change your password" })).toBeFocused();
  await expectNoAxeViolations(page);

  await submitChange(page, "not the password at all", OWN_PASSWORD);
  await expect(page.getByRole("alert")).toHaveText("Your current password is not right.");

  await page.getByLabel("Current password").fill("");
  await page.getByLabel("New password", { exact: true }).fill("");
  await page.getByLabel("New password again").fill("");
  await submitChange(page, temporary, OWN_PASSWORD);
  await expect(
    page.getByRole("status").filter({ hasText: "Your password is changed." }),
  ).toHaveText("Your password is changed. Use it the next time you sign in.");
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await saveScreenshot(page, testInfo, "console-own-password-changed");
  await page.setViewportSize({ width: 1280, height: 800 });
  await signOutOfConsole(page);

  // The temporary password opens nothing now; the member's own one does.
  await page.getByLabel("E-mail address").fill(CARA.email);
  await page.getByLabel("Password").fill(temporary);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toHaveText("The e-mail address or password is not right.");
  await signInToConsole(page, { email: CARA.email, password: OWN_PASSWORD, secret: key });
});
