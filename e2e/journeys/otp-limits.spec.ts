import {
  type APIRequestContext,
  expect,
  type Locator,
  type Page,
  type PlaywrightWorkerArgs,
  test,
} from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import { countOutboxMessages, readOtpFromOutbox } from "../support/outbox.ts";
import { saveScreenshot } from "../support/screens.ts";
import {
  CORPORATE_START,
  fillStartForm,
  maria,
  otpModal,
  pressNext,
  proceedPastReminder,
  typeOtp,
  uniqueMobile,
} from "../support/start-form.ts";

// These journeys run against a second server whose codes live 3 seconds and whose resend wait is
// 1 second (see playwright.config.ts), so expiry and running out of sends happen in real time.
const fastServer = process.env.KALINGA_E2E_FAST_URL ?? "";

/** Step 1 on the fast server for `mobile`, then Send OTP. */
async function sendCodeOnFastServer(page: Page, mobile: string): Promise<void> {
  await page.goto(new URL(CORPORATE_START, fastServer).href);
  await proceedPastReminder(page);
  await fillStartForm(page, { ...maria, mobile });
  await pressNext(page);
  await otpModal(page).getByRole("button", { name: "Send OTP" }).click();
}

/** A new mobile's first code sent on the fast server, with that server's API to read its outbox. */
async function startOnFastServer(
  page: Page,
  playwright: PlaywrightWorkerArgs["playwright"],
): Promise<{ request: APIRequestContext; mobile: string }> {
  const request = await playwright.request.newContext({ baseURL: fastServer });
  const mobile = uniqueMobile();
  await sendCodeOnFastServer(page, mobile);
  return { request, mobile };
}

const exhaustedPopup = (page: Page) =>
  page.getByRole("dialog", { name: "Unable to verify your mobile number" });

/**
 * Five wrong codes in a row, each answered before the next; the last one's answer is left to the
 * caller. Stops early if the exhausted pop-up comes (a last code that expired on the way).
 */
async function fiveWrongTries(page: Page, code: string) {
  const modal = otpModal(page);
  const wrong = code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
  for (let left = 4; left >= 0; left--) {
    await page.getByRole("textbox", { name: "Digit 1 of 6" }).click();
    await page.keyboard.type(wrong);
    await modal.getByRole("button", { name: "Submit" }).click();
    if (left === 0) return;
    const answered = modal.getByText(`${left} more tr`, { exact: false });
    await expect(answered.or(exhaustedPopup(page))).toBeVisible();
    if (await exhaustedPopup(page).isVisible()) return;
  }
}

/** Sends the three codes left one after another, each Resend counting down. */
async function useEveryResend(modal: Locator): Promise<void> {
  for (const left of [3, 2, 1]) {
    const resend = modal.getByRole("button", { name: `Resend code (${left})` });
    await expect(resend).toBeEnabled({ timeout: 5_000 });
    await resend.click();
    await expect(modal.getByRole("button", { name: `Resend code (${left - 1})` })).toBeVisible();
  }
}

test.describe("OTP limits", () => {
  test("the fifth wrong try of a code says the code is spent and a new one can be asked for", async ({
    page,
    request,
  }) => {
    const mobile = uniqueMobile();
    await page.goto(CORPORATE_START);
    await proceedPastReminder(page);
    await fillStartForm(page, { ...maria, mobile });
    await pressNext(page);
    const modal = otpModal(page);
    await modal.getByRole("button", { name: "Send OTP" }).click();
    await fiveWrongTries(page, await readOtpFromOutbox(request, `63${mobile}`));
    await expect(
      modal.getByText("That was the last try for this code. Please request a new OTP.", {
        exact: true,
      }),
    ).toBeVisible();
    await expect(modal.getByText(/0 more tries/)).toHaveCount(0);
    // Sends are left: Resend names them, and comes back after its wait.
    await expect(modal.getByRole("button", { name: "Resend code (3)" })).toBeVisible();
  });

  test("the last code's fifth wrong try, with no send left, opens the exhausted pop-up with focus in it", async ({
    page,
    playwright,
  }) => {
    const { request, mobile } = await startOnFastServer(page, playwright);
    const modal = otpModal(page);
    await useEveryResend(modal);
    // The fast server's codes live 3 s: the five tries go at once, as a hurried claimant's would.
    await fiveWrongTries(page, await readOtpFromOutbox(request, `63${mobile}`, { after: 3 }));
    const popup = exhaustedPopup(page);
    await expect(popup).toBeVisible();
    await expect(popup.getByRole("button", { name: "Exit" })).toBeFocused();
    await expect(page.getByText(/0 more tries/)).toHaveCount(0);
    await request.dispose();
  });

  test("an expired code gets the expiry message, and a new code works", async ({
    page,
    playwright,
  }) => {
    const { request, mobile } = await startOnFastServer(page, playwright);
    const modal = otpModal(page);
    const first = await readOtpFromOutbox(request, `63${mobile}`);
    await page.waitForTimeout(3_500); // the fast server's codes live 3 seconds
    await typeOtp(page, first);
    await modal.getByRole("button", { name: "Submit" }).click();
    await expect(
      modal.getByText("The OTP you entered has expired. Please request a new OTP and try again.", {
        exact: true,
      }),
    ).toBeVisible();

    await modal.getByRole("button", { name: "Resend code (3)" }).click();
    await expect(modal.getByRole("button", { name: "Resend code (2)" })).toBeVisible();
    const second = await readOtpFromOutbox(request, `63${mobile}`, { after: 1 });
    await typeOtp(page, second);
    await modal.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/claims-details$/);
    await request.dispose();
  });

  test("after every send is used, a blocking popup offers only Exit", async ({
    page,
    browser,
    playwright,
  }, testInfo) => {
    const { request, mobile } = await startOnFastServer(page, playwright);
    const modal = otpModal(page);
    await useEveryResend(modal);
    const lastCode = await readOtpFromOutbox(request, `63${mobile}`, { after: 3 });
    // Nothing more can be sent: Resend stays disabled and the pane says the last code must do.
    const none = modal.getByRole("button", { name: "Resend code (0)" });
    await expect(
      modal.getByText(
        "That was the last code we can send for this claim. Enter it before it expires.",
      ),
    ).toBeVisible();
    await page.waitForTimeout(1_500);
    await expect(none).toBeDisabled();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "otp-no-more-sends");
    // The last code expires (3 s on this server): with no send left, the blocking pop-up comes.
    await page.waitForTimeout(3_000);
    await typeOtp(page, lastCode);
    await modal.getByRole("button", { name: "Submit" }).click();

    const popup = page.getByRole("dialog", { name: "Unable to verify your mobile number" });
    await expect(
      popup.getByText(
        "Sorry, you have entered an invalid OTP. After 3 attempts, we will no longer be able to generate a new OTP for you. Kindly seek assistance from your financial advisor.",
        { exact: true },
      ),
    ).toBeVisible();
    await expect(popup.getByRole("button")).toHaveText(["Exit"]);
    // The pop-up that replaced the pane holds the focus, so a keyboard or screen reader is in it.
    await expect(popup.getByRole("button", { name: "Exit" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(popup).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "otp-attempts-exhausted");
    await popup.getByRole("button", { name: "Exit" }).click();
    await expect(popup).toBeHidden();
    await expect(modal).toBeHidden();
    await expect(page.getByLabel("First name", { exact: true })).toHaveValue(maria.firstName);

    // Exit, then Next starts a new claim: the number still gets no new OTP, and the pop-up says so.
    await pressNext(page);
    await modal.getByRole("button", { name: "Send OTP" }).click();
    await expect(popup).toBeVisible();
    await expect(popup.getByRole("button")).toHaveText(["Exit"]);
    await expect(popup.getByRole("button", { name: "Exit" })).toBeFocused();
    expect(await countOutboxMessages(request, `63${mobile}`)).toBe(4);
    await popup.getByRole("button", { name: "Exit" }).click();
    await expect(modal).toBeHidden();

    // Another browser is another device: the sends this one used up do not lock it (decision 0062).
    const otherDevice = await browser.newPage();
    await sendCodeOnFastServer(otherDevice, mobile);
    await expect(
      otpModal(otherDevice).getByRole("button", { name: "Resend code (3)" }),
    ).toBeVisible();
    expect(await countOutboxMessages(request, `63${mobile}`)).toBe(5);
    await otherDevice.close();
    await request.dispose();
  });
});
