import { expect, test } from "@playwright/test";
import { CONSOLE_ADMIN } from "../playwright.config.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { signInToConsole } from "../support/console.ts";

// An administrator schedules a notice on the console's Notices screen (decision 0086): a close
// window outside the show window is refused under its field, a right one is listed, and ending it
// takes it off the list, so no widget journey sees it. Axe clean.

test.describe.configure({ timeout: 180_000 });

const TITLE = "Console-scheduled upgrade";

test("an administrator schedules a notice, is told a wrong close window, and ends it", async ({
  page,
}) => {
  await signInToConsole(page, CONSOLE_ADMIN);
  await page.getByRole("link", { name: "Notices" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Notices" })).toBeVisible();
  await expectNoAxeViolations(page);

  const year = new Date().getFullYear() + 1;
  await page.getByLabel("Company id").fill("first");
  await page.getByLabel("Channel").selectOption("agent-assist");
  await page.getByLabel("Title").fill(TITLE);
  await page.getByLabel("Text").fill("Claim filing pauses during the upgrade.");
  await page.getByLabel("Shows from").fill(`${year}-01-10T22:00`);
  await page.getByLabel("Shows until").fill(`${year}-01-11T04:00`);
  await page.getByLabel("Close icon from").fill(`${year}-01-10T23:00`);
  await page.getByLabel("Close icon until").fill(`${year}-01-11T06:00`);
  await page.getByRole("button", { name: "Schedule" }).click();
  const closeUntil = page.getByLabel("Close icon until");
  await expect(page.getByText(/The close window must lie inside/)).toBeVisible();
  await expect(closeUntil).toBeFocused();
  await expectNoAxeViolations(page);

  await closeUntil.fill(`${year}-01-11T03:00`);
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(page.getByText(`${TITLE} is scheduled.`)).toBeVisible();
  await expect(page.getByRole("cell", { name: TITLE, exact: true })).toBeVisible();

  await page.getByRole("button", { name: `End ${TITLE} now` }).click();
  await expect(page.getByText(`${TITLE} has ended.`)).toBeVisible();
  await expect(page.getByRole("cell", { name: TITLE, exact: true })).toHaveCount(0);
});
