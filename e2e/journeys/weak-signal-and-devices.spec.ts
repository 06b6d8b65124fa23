import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import {
  bpiAccount,
  field,
  fillBankPayout,
  fillLivingAccident,
  motorcycleAccident,
  startClaimToDocuments,
  startVerifiedClaimWithReference,
} from "../support/claim-steps.ts";
import { verifyOnAnotherDevice } from "../support/devices.ts";
import { phonePhoto, slotCard } from "../support/documents.ts";
import { countOutboxMessages, readOtpFromOutbox } from "../support/outbox.ts";
import { saveScreenshot } from "../support/screens.ts";
import {
  maria,
  otpModal,
  pressBack,
  pressNext,
  typeOtp,
  webReferenceNumber,
} from "../support/start-form.ts";

// The claimant's journey on a weak signal and on two devices (decision 0069): a draft save that
// fails says so and can be sent again; a device whose claim was continued on another is told so
// and how to go on; focus stays on the slot after a photo is chosen.

const SYSTEM_ERROR = "There\u2019s a system error, please try again.";
const NOT_SAVED =
  "Your answers were not saved to your claim. They are still in this browser tab, but you would not find them if you continued the claim on another device.";

const savedAt = (page: Page, step: string) =>
  page.waitForResponse(
    (response) =>
      response.url().endsWith("/saveClaimDraft") &&
      response.status() === 200 &&
      (response.request().postDataJSON() as { draft: { step: string } }).draft.step === step,
  );

test.describe("a weak signal and a second device", () => {
  test("a draft save that fails raises the system error, says the answers were not kept, and Save again keeps them", async ({
    browser,
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { mobile, firstReference } = await startVerifiedClaimWithReference(page, request);
    // The weak signal: the save of Step 2's answers does not reach the server, once.
    let failed = 0;
    await page.route("**/api/claims/saveClaimDraft", async (route) => {
      const { draft } = route.request().postDataJSON() as { draft: { step: string } };
      if (draft.step === "/payout-option" && failed === 0) {
        failed += 1;
        await route.fulfill({ status: 500, json: { returnCode: "500", message: "Failed" } });
        return;
      }
      await route.continue();
    });
    await fillLivingAccident(page, motorcycleAccident);
    await pressNext(page);
    await expect(page).toHaveURL(/\/payout-option$/);

    const popup = page.getByRole("dialog", { name: "System error" });
    await expect(popup.getByText(SYSTEM_ERROR, { exact: true })).toBeVisible();
    await expect(popup.getByText(NOT_SAVED, { exact: true })).toBeVisible();
    await expect(popup.getByRole("button", { name: "Save again" })).toBeVisible();
    await expect(popup.getByRole("button", { name: "Got it" })).toBeVisible();
    expect(failed).toBe(1);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "draft-not-saved-375");

    const saved = savedAt(page, "/payout-option");
    await popup.getByRole("button", { name: "Save again" }).click();
    await saved;
    await expect(popup).toBeHidden();
    await page.context().close();

    // Another device finds the Step 2 answers the retry kept, at the step reached.
    const { device, other } = await verifyOnAnotherDevice(browser, request, testInfo, mobile);
    await other.getByRole("button", { name: `Continue claim ${firstReference}` }).click();
    await expect(other).toHaveURL(/\/payout-option$/);
    await pressBack(other);
    await expect(field(other, "Place of accident")).toHaveValue(motorcycleAccident.place);
    await expect(field(other, "Injury details")).toHaveValue(motorcycleAccident.injury);
    await device.close();
  });

  test("the first device is told the claim went on on another device, and can take it back", async ({
    browser,
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const { mobile, firstReference } = await startVerifiedClaimWithReference(page, request);
    await fillLivingAccident(page, motorcycleAccident);
    const stepTwoSaved = savedAt(page, "/payout-option");
    await pressNext(page);
    await stepTwoSaved;
    await fillBankPayout(page, bpiAccount);

    // Device B verifies the number and continues the claim at the payout.
    const { device, other } = await verifyOnAnotherDevice(browser, request, testInfo, mobile);
    await other.getByRole("button", { name: `Continue claim ${firstReference}` }).click();
    await expect(other).toHaveURL(/\/payout-option$/);

    // Device A presses Next on the payout: no generic error, the plain account of what happened.
    await pressNext(page);
    const moved = page.getByRole("dialog", { name: "Your claim is open on another device" });
    await expect(moved).toBeVisible();
    await expect(moved).toContainText(`Claim ${firstReference} was continued on another device`);
    await expect(moved).toContainText("Everything that was saved is kept with the claim.");
    await expect(page.getByRole("dialog", { name: "System error" })).toBeHidden();
    await expect(moved.getByRole("button", { name: "Continue on this device" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(moved).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "continued-elsewhere-375");

    // A reload says the same, not "Loading your documents…" for ever.
    await page.reload();
    await expect(moved).toBeVisible();

    // Nothing that was saved is lost: B has A's Step 2 answers.
    await pressBack(other);
    await expect(other).toHaveURL(/\/claims-details$/);
    await expect(field(other, "Place of accident")).toHaveValue(motorcycleAccident.place);

    // A takes the claim back: Step 1 is kept, the OTP again, then Continue claim.
    await moved.getByRole("button", { name: "Continue on this device" }).click();
    await expect(page).toHaveURL(/\/cf$/);
    await expect(page.getByLabel("First name", { exact: true })).toHaveValue(maria.firstName);
    const sent = await countOutboxMessages(request, `63${mobile}`);
    await pressNext(page);
    await otpModal(page).getByRole("button", { name: "Send OTP" }).click();
    await typeOtp(page, await readOtpFromOutbox(request, `63${mobile}`, { after: sent }));
    await otpModal(page).getByRole("button", { name: "Submit" }).click();
    await page.getByRole("button", { name: `Continue claim ${firstReference}` }).click();
    await expect(page).toHaveURL(/\/claims-details$/);
    await expect(webReferenceNumber(page)).toHaveText(firstReference);
    await expect(field(page, "Place of accident")).toHaveValue(motorcycleAccident.place);

    // Now B is the device whose claim went on elsewhere.
    await pressNext(other);
    await expect(
      other.getByRole("dialog", { name: "Your claim is open on another device" }),
    ).toBeVisible();
    await device.close();
  });

  test("after a photo is chosen by keyboard in an ID slot, focus stays on the slot and the page does not jump", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await startClaimToDocuments(page, request);

    const slot = slotCard(page, "Valid government ID (front)");
    const choose = slot.getByRole("button", { name: "Choose a file" });
    await choose.focus();
    await choose.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    const chooser = page.waitForEvent("filechooser");
    await page.keyboard.press("Enter");
    await (await chooser).setFiles(await phonePhoto("ID front.jpg", 1200, 800));
    // The one-file slot is full, so its buttons go: focus moves to the slot, not the page body.
    await expect(choose).toHaveCount(0);
    await expect(slot).toBeFocused();
    await expect(slot.getByRole("listitem")).toContainText("Uploaded", { timeout: 30_000 });
    await expect(slot).toBeFocused();
    const after = await page.evaluate(() => window.scrollY);
    expect(Math.abs(after - before)).toBeLessThan(100);
    // The next Tab reaches the file's own actions.
    await page.keyboard.press("Tab");
    await expect(slot.getByRole("button", { name: /^Replace/ })).toBeFocused();
  });

  test("a signed-in agent with no claims yet is told so in the agent's words, with no number to check", async ({
    page,
  }) => {
    // The bank partner's demo agent, whom no other journey files for.
    await page.goto("/bank-life/customer-portal-service/claims/?route=claims-tracking");
    await expect(page).toHaveURL(/\/your-claim-tracking$/);
    await expect(page.getByRole("heading", { name: "Your claims" })).toBeVisible();
    await expect(
      page.getByText("Claims on the policies you serve.", { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByText("No claim has been submitted on the policies you serve yet.", { exact: true }),
    ).toBeVisible();
    const screen = page.getByRole("region", { name: "Your claims" });
    await expect(screen.getByText(/mobile number/)).toHaveCount(0);
    await expect(screen.getByRole("link", { name: "Check another number" })).toHaveCount(0);
    await screen.getByRole("link", { name: "Start a claim" }).click();
    await expect(page).toHaveURL(/\/customer-portal-service\/claims\/cfm$/);
    await expect(page.getByRole("heading", { name: /Step 1 of 4/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
