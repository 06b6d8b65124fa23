import { WEB_REFERENCE_PATTERN } from "@kalinga/domain/web-reference-number";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import { readOtpFromOutbox } from "../support/outbox.ts";
import { saveScreenshot } from "../support/screens.ts";
import {
  fillStartForm,
  fillStep1AsMaria,
  maria,
  openStartForm,
  otpModal,
  pressNext,
  proceedPastReminder,
  sendStep1AsMaria,
  typeOtp,
  uniqueMobile,
} from "../support/start-form.ts";

test.describe("filing starts on the corporate website", () => {
  test("a claimant fills Step 1, verifies the mobile number and reaches the claim details", async ({
    page,
    request,
  }, testInfo) => {
    const mobile = uniqueMobile();
    await openStartForm(page);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "reminder-popup");
    await proceedPastReminder(page);

    await fillStartForm(page, { ...maria, mobile });
    await saveScreenshot(page, testInfo, "start-form-filled");
    await expectNoAxeViolations(page);
    await pressNext(page);

    const modal = otpModal(page);
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel("Mobile number", { exact: true })).toHaveValue(mobile);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "otp-mobile-pane");
    await modal.getByRole("button", { name: "Send OTP" }).click();

    await expect(modal.getByRole("textbox", { name: "Digit 1 of 6" })).toBeFocused();
    const submit = modal.getByRole("button", { name: "Submit" });
    await expect(submit).toBeDisabled();
    await expect(modal.getByRole("button", { name: "Resend code (3)" })).toBeDisabled();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "otp-code-pane");

    const code = await readOtpFromOutbox(request, `63${mobile}`);
    await typeOtp(page, code.slice(0, 5));
    await expect(submit).toBeDisabled();
    await page.keyboard.type(code.slice(5));
    await expect(submit).toBeEnabled();
    await submit.click();

    await expect(page).toHaveURL(/\/help-support\/claims\/claims-details$/);
    await expect(page.getByRole("heading", { name: /Step 2 of 4/ })).toBeVisible();
    const reference = await page.getByTestId("web-reference-number").textContent();
    expect(reference).toMatch(WEB_REFERENCE_PATTERN);
    await saveScreenshot(page, testInfo, "claims-details");

    // A reload keeps the claim: the encrypted session survives it.
    await page.reload();
    await expect(page.getByTestId("web-reference-number")).toHaveText(reference ?? "");

    // Back on Step 1 with the same verified number, Next skips the OTP.
    await page.goto("/help-support/claims/cf");
    await expect(page.getByLabel("First name", { exact: true })).toHaveValue(maria.firstName);
    await pressNext(page);
    await expect(page).toHaveURL(/claims-details$/);
  });

  test("a pasted code fills all six boxes", async ({ page, request }) => {
    const mobile = await sendStep1AsMaria(page);
    await otpModal(page).getByRole("button", { name: "Send OTP" }).click();
    const code = await readOtpFromOutbox(request, `63${mobile}`);
    await page.getByRole("textbox", { name: "Digit 1 of 6" }).evaluate((input, text) => {
      const data = new DataTransfer();
      data.setData("text/plain", text);
      input.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, code);
    for (const [index, digit] of [...code].entries()) {
      await expect(page.getByRole("textbox", { name: `Digit ${index + 1} of 6` })).toHaveValue(
        digit,
      );
    }
    await otpModal(page).getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/claims-details$/);
  });

  test("a wrong code gets the inline message and the right one still works", async ({
    page,
    request,
  }, testInfo) => {
    const mobile = await sendStep1AsMaria(page);
    const modal = otpModal(page);
    await modal.getByRole("button", { name: "Send OTP" }).click();
    const code = await readOtpFromOutbox(request, `63${mobile}`);
    // Wrong only in its last digit, so retyping the right code types over equal digits.
    const wrong = code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
    await typeOtp(page, wrong);
    await modal.getByRole("button", { name: "Submit" }).click();
    await expect(modal.getByText("You have entered a wrong OTP", { exact: true })).toBeVisible();
    // The server's count of what the code still takes, beneath the specification's message.
    await expect(
      modal.getByText("4 more tries for this code; after that, request a new OTP.", {
        exact: true,
      }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "otp-wrong-code");
    await typeOtp(page, code);
    await modal.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/claims-details$/);
  });

  test("the mobile pane checks the number before sending", async ({ page }) => {
    await sendStep1AsMaria(page);
    const modal = otpModal(page);
    const mobile = modal.getByLabel("Mobile number", { exact: true });
    await mobile.fill("");
    await modal.getByRole("button", { name: "Send OTP" }).click();
    await expect(modal.getByText("Mobile number is required.", { exact: true })).toBeVisible();
    await mobile.fill("91712");
    await modal.getByRole("button", { name: "Send OTP" }).click();
    await expect(
      modal.getByText("Please provide a correct Mobile number.", { exact: true }),
    ).toBeVisible();
    await mobile.fill("917abc");
    await expect(mobile).toHaveValue("917");
    // Closing the modal abandons the attempt and keeps the form.
    await modal.getByRole("button", { name: "Close" }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByLabel("First name", { exact: true })).toHaveValue(maria.firstName);
  });

  test("resend waits 120 seconds, counted down on screen", async ({ page, request }) => {
    await page.clock.install();
    const mobile = await sendStep1AsMaria(page);
    const modal = otpModal(page);
    await modal.getByRole("button", { name: "Send OTP" }).click();
    await readOtpFromOutbox(request, `63${mobile}`);
    const resend = modal.getByRole("button", { name: "Resend code (3)" });
    await expect(resend).toBeDisabled();
    await expect(modal.getByText(/new one in 2:00\./)).toBeVisible();
    await page.clock.runFor(61_000);
    await expect(modal.getByText(/new one in 0:59\./)).toBeVisible();
    await expect(resend).toBeDisabled();
    await page.clock.runFor(60_000);
    await expect(modal.getByText(/new one now\./)).toBeVisible();
    await expect(resend).toBeEnabled();
  });

  test("a failed claim call shows the system-error popup", async ({ page }) => {
    await fillStep1AsMaria(page);
    await page.route("**/api/claims/initClaimRequest", (route) => route.abort("connectionreset"));
    await pressNext(page);
    const popup = page.getByRole("dialog", { name: "System error" });
    await expect(
      popup.getByText("There\u2019s a system error, please try again.", { exact: true }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await popup.getByRole("button", { name: "Got it" }).click();
    await expect(popup).toBeHidden();
    await expect(otpModal(page)).toBeHidden();
  });
});
