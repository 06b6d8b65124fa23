import { expect, type Page, test } from "@playwright/test";
import { CONSOLE_ADMIN } from "../playwright.config.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { signInToConsole, signOutOfConsole } from "../support/console.ts";
import { saveScreenshot } from "../support/screens.ts";

// Staff sign-in in the console (docs/decisions/0063): wrong passwords slow an account down with a
// wait the screen names, never a lock; an administrator unlocks it, gives a new password shown once
// and resets the authenticator, which the member sets up again; each help is in the audit log.

test.describe.configure({ timeout: 300_000 });

const BEN = { email: "ben.reyes@kalinga-life.example", name: "Ben Reyes", role: "Examiner" };

async function createAccount(page: Page): Promise<string> {
  await page.getByRole("link", { name: "Staff" }).click();
  await page.getByLabel("E-mail address").fill(BEN.email);
  await page.getByLabel("Full name").fill(BEN.name);
  await page.getByLabel("Role").selectOption({ label: BEN.role });
  await page.getByRole("button", { name: "Create account" }).click();
  const created = page
    .getByRole("status")
    .filter({ hasText: `The account ${BEN.email} was created.` });
  await expect(created).toBeVisible();
  return (await created.locator(".c-secret").textContent()) ?? "";
}

async function tryPassword(page: Page, password: string) {
  await page.getByLabel("E-mail address").fill(BEN.email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Continue" }).click();
}

/** Asks for a reset from Ben's row, confirms it, and returns what the screen announced. */
async function reset(page: Page, action: string) {
  await page.getByRole("button", { name: `${action} of ${BEN.name}` }).click();
  const confirm = page.getByRole("region", { name: "Confirm" });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole("button", { name: "Yes, reset" })).toBeFocused();
  await expectNoAxeViolations(page);
  await confirm.getByRole("button", { name: "Yes, reset" }).click();
  await expect(confirm).toHaveCount(0);
}

test("an administrator unlocks a slowed-down member, resets the password and the authenticator", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInToConsole(page, CONSOLE_ADMIN);
  const benPassword = await createAccount(page);
  await signOutOfConsole(page);
  const firstKey = await signInToConsole(page, { email: BEN.email, password: benPassword });
  await signOutOfConsole(page);

  // Five wrong passwords are answered as wrong; the sixth try must wait, and the screen says how long.
  await page.goto("/console/");
  for (let n = 0; n < 5; n++) {
    await tryPassword(page, `not the password ${n}`);
    await expect(page.getByRole("alert")).toHaveText(
      "The e-mail address or password is not right.",
    );
  }
  await tryPassword(page, benPassword);
  await expect(page.getByRole("alert")).toContainText(
    "Too many wrong tries from here. Wait 30 seconds",
  );
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "console-sign-in-slowed-down");

  // The administrator, from the same address, is not slowed by Ben's failures.
  await signInToConsole(page, CONSOLE_ADMIN);
  await page.getByRole("link", { name: "Staff" }).click();
  const row = page.getByRole("row", { name: new RegExp(BEN.name) });
  await expect(row).toContainText("Slowed down after wrong tries");
  await row.getByRole("button", { name: `Unlock ${BEN.name}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "can sign in again" })).toHaveText(
    `${BEN.name} can sign in again at once, from any address.`,
  );
  await expect(row).not.toContainText("Slowed down");

  await reset(page, "Reset password");
  const shown = page.getByRole("status").filter({ hasText: `New password for ${BEN.email}` });
  await expect(shown).toBeVisible();
  const newPassword = (await shown.locator(".c-secret").textContent()) ?? "";
  expect(newPassword).toMatch(/^[A-Za-z2-9]{20}$/);

  await reset(page, "Reset authenticator");
  await expect(
    page.getByRole("status").filter({ hasText: "sets up an authenticator app again" }),
  ).toBeVisible();
  await expect(row).toContainText("Authenticator not set up yet");
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "console-staff-help");
  await signOutOfConsole(page);

  // The old password opens nothing; the new one leads to setting up an authenticator again.
  await page.goto("/console/");
  await tryPassword(page, benPassword);
  await expect(page.getByRole("alert")).toHaveText("The e-mail address or password is not right.");
  let enrolled = false;
  const secondKey = await signInToConsole(
    page,
    { email: BEN.email, password: newPassword, secret: "" },
    async () => {
      enrolled = true;
    },
  );
  expect(enrolled).toBe(true);
  expect(secondKey).not.toBe(firstKey);
  await signOutOfConsole(page);

  // Each help is in the audit log, by the administrator.
  await signInToConsole(page, CONSOLE_ADMIN);
  await page.getByRole("link", { name: "Audit log" }).click();
  const entries = page.getByRole("row");
  for (const action of ["staff.unlock", "staff.password-reset", "staff.second-factor-reset"]) {
    await expect(
      entries.filter({ hasText: action }).filter({ hasText: CONSOLE_ADMIN.email }),
    ).toHaveCount(1);
  }
  await expectNoAxeViolations(page);
});
