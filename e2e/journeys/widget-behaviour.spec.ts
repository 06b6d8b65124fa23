import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import { saveScreenshot } from "../support/screens.ts";
import {
  CORPORATE_START,
  fillStartForm,
  maria,
  openStartForm,
  otpModal,
  pressNext,
  proceedPastReminder,
  uniqueMobile,
} from "../support/start-form.ts";

test.describe("the widget on an insurer's page", () => {
  test("the reminder shows once per session, and again in a new one", async ({ page, browser }) => {
    await openStartForm(page);
    await proceedPastReminder(page);
    await page.reload();
    await expect(page.getByLabel("First name", { exact: true })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Filing a living claim?" })).toBeHidden();

    const fresh = await browser.newContext();
    const other = await fresh.newPage();
    await other.goto(page.url());
    await expect(other.getByRole("dialog", { name: "Filing a living claim?" })).toBeVisible();
    await expect(
      other.getByRole("button", { name: "Enroll in Kalinga Life Member Portal" }),
    ).toBeVisible();
    await fresh.close();
  });

  test("the reminder still shows when content cannot be fetched", async ({ page }) => {
    await page.route("**/api/content/**", (route) => route.fulfill({ status: 503, body: "down" }));
    await openStartForm(page);
    await expect(page.getByRole("dialog", { name: "Filing a living claim?" })).toBeVisible();
    await proceedPastReminder(page);
    await expect(page.getByRole("combobox", { name: "Country of citizenship" })).toBeVisible();
    await page.getByRole("combobox", { name: "Country of citizenship" }).fill("Philipp");
    await expect(page.getByRole("option", { name: "Philippines", exact: true })).toBeVisible();
  });

  test("the host page's CSS does not reach the widget", async ({ page }) => {
    await openStartForm(page);
    await proceedPastReminder(page);
    const border = await page
      .getByLabel("First name", { exact: true })
      .evaluate((input) => getComputedStyle(input).borderTopColor);
    expect(border).not.toBe("rgb(255, 105, 180)");
  });

  test("the whole start step works with the keyboard alone", async ({ page }) => {
    await openStartForm(page);
    // The reminder takes focus, and Escape dismisses it like its close button.
    const reminder = page.getByRole("dialog", { name: "Filing a living claim?" });
    await expect(reminder).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(reminder).toBeHidden();

    await page.getByLabel("First name", { exact: true }).focus();
    await page.keyboard.type(maria.firstName);
    await page.getByLabel("Middle initial", { exact: true }).focus();
    await page.keyboard.type(maria.middleName);
    await page.getByLabel("Last name", { exact: true }).focus();
    await page.keyboard.type(maria.lastName);
    await page.getByRole("textbox", { name: "Date of birth" }).focus();
    await page.keyboard.type(maria.dateOfBirth);
    await page.getByLabel("Mobile number", { exact: true }).focus();
    await page.keyboard.type(uniqueMobile());
    await page.getByLabel("Email address", { exact: true }).focus();
    await page.keyboard.type(maria.email);
    await page.getByLabel("Home address", { exact: true }).focus();
    await page.keyboard.type(maria.homeAddress);
    for (const label of ["Country of citizenship", "Country of residence"]) {
      await page.getByRole("combobox", { name: label }).focus();
      await page.keyboard.type("Philipp");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Enter");
      await expect(page.getByRole("combobox", { name: label })).toHaveValue("Philippines");
    }
    await page.getByRole("radio", { name: "Individual" }).focus();
    await page.keyboard.press("Space");
    await expect(page.getByRole("radio", { name: "Individual" })).toBeChecked();
    await page.getByRole("button", { name: "Next", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(otpModal(page)).toBeVisible();
    await expect(otpModal(page).getByLabel("Mobile number", { exact: true })).toBeVisible();
  });

  test("deep links and unknown paths land somewhere useful", async ({ page }) => {
    const response = await page.goto("/help-support/claims/claims-details");
    expect(response?.status()).toBe(200);
    await expect(
      page.getByRole("heading", { name: "Please start your claim first" }),
    ).toBeVisible();
    await page.goto("/help-support/claims/no-such-step");
    await expect(page).toHaveURL(/\/help-support\/claims\/?$/);
    await page.goto("/help-support/claims/claims-tracking");
    await expect(page.getByRole("heading", { name: "Check claim status" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the bank-partner company's page files with its own company name", async ({ page }) => {
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/claims/initClaimRequest"))
        sent.push(request.postData() ?? "");
    });
    await page.goto("/bank-life/help-support/claims/cf");
    await proceedPastReminder(page);
    await fillStartForm(page, { ...maria, mobile: uniqueMobile() });
    await pressNext(page);
    await expect(otpModal(page)).toBeVisible();
    expect(JSON.parse(sent[0] ?? "{}").basicInformation).toEqual({
      companyName: "Kalinga Bank Life",
      channelName: "Corporate Website",
    });
  });

  test("screens read well at 375 px and 1280 px", async ({ page }, testInfo) => {
    await page.goto(CORPORATE_START);
    await proceedPastReminder(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, "no sideways scrolling").toBeLessThanOrEqual(0);
    await saveScreenshot(page, testInfo, "start-form");
  });

  test("the temporarily-unavailable notice shows inside its window, closable only in its close window", async ({
    page,
  }) => {
    // The notice blocks the form; the once-per-session reminder waits for it, so it is still due after.
    const hour = 3_600_000;
    const now = Date.now();
    const notice = (closeFrom: number) => ({
      item: {
        temporarilyUnavailableTip: {
          title: "Scheduled maintenance",
          content: "Claim filing may be slow until 10 PM tonight.",
          startTime: new Date(now - hour).toISOString(),
          endTime: new Date(now + hour).toISOString(),
          showCloseStartTime: new Date(closeFrom).toISOString(),
          showCloseEndTime: new Date(now + hour).toISOString(),
        },
      },
    });
    await page.route("**/api/content/notice**", (route) =>
      route.fulfill({ json: notice(now + hour / 2) }),
    );
    await openStartForm(page);
    const dialog = page.getByRole("dialog", { name: "Scheduled maintenance" });
    await expect(dialog.getByText("Claim filing may be slow until 10 PM tonight.")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Close" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.unroute("**/api/content/notice**");
    await page.route("**/api/content/notice**", (route) =>
      route.fulfill({ json: notice(now - hour) }),
    );
    await page.reload();
    // One popup at a time: the reminder comes once the notice is closed.
    await expect(page.getByRole("dialog", { name: "Filing a living claim?" })).toBeHidden();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("dialog", { name: "Filing a living claim?" })).toBeVisible();
  });

  test("a screen that cannot load shows the application error fallback", async ({ page }) => {
    await page.route("**/widget/chunks/tracking-screens-*", (route) => route.abort("failed"));
    await openStartForm(page);
    await proceedPastReminder(page);
    const statusLink = page.getByRole("link", { name: "Check claim status" });
    // A thumb-sized target, not a line of text.
    expect((await statusLink.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await statusLink.click();
    await expect(
      page.getByRole("heading", { name: "Unexpected Application Error!" }),
    ).toBeVisible();
  });
});
