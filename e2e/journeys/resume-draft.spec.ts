import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import {
  bpiAccount,
  field,
  fillBankPayout,
  fillLivingAccident,
  motorcycleAccident,
  startVerifiedClaimWithReference,
} from "../support/claim-steps.ts";
import { verifyOnAnotherDevice } from "../support/devices.ts";
import { phonePhoto, slotCard, uploadTo } from "../support/documents.ts";
import { saveScreenshot } from "../support/screens.ts";
import { pressBack, pressNext, webReferenceNumber } from "../support/start-form.ts";

// A claim kept on the server (decisions 0043, 0044): started in one browser, the tab closed, and
// continued in a new browser after verifying the same mobile number, with every answer and document.

test.describe("resume a claim on another device", () => {
  test("a draft started, the tab closed, and continued in a new browser context after the OTP", async ({
    browser,
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { mobile, firstReference } = await startVerifiedClaimWithReference(page, request);
    expect(firstReference).toMatch(/^KL-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await fillLivingAccident(page, motorcycleAccident);
    await pressNext(page);
    await fillBankPayout(page, bpiAccount);
    const saved = page.waitForResponse(
      (response) => response.url().endsWith("/saveClaimDraft") && response.status() === 200,
    );
    await pressNext(page);
    await expect(page).toHaveURL(/\/claims-documents$/);
    await saved;
    await uploadTo(
      page,
      "Valid government ID (front)",
      await phonePhoto("ID front.jpg", 1200, 800),
    );
    await page.context().close();

    // Another device: nothing of the first browser, the same mobile number.
    const { device, other } = await verifyOnAnotherDevice(browser, request, testInfo, mobile, 1);
    await expect(other).toHaveURL(/\/continue-claim$/);
    const offer = other.getByRole("heading", { name: "Continue a claim you started?" });
    await expect(offer).toBeFocused();
    const drafts = other.getByRole("list", { name: "Claims you can continue" });
    await expect(drafts.getByRole("listitem")).toHaveCount(1);
    await expect(drafts).toContainText("Living benefit claim");
    await expect(drafts).toContainText("1 document");
    await expectNoAxeViolations(other);
    const shot = await saveScreenshot(other, testInfo, "resume-offer-375");
    expect(shot).toMatch(/\.png$/);

    // Keyboard alone: Tab to "Continue claim KL-…" and press Enter.
    const continueButton = other.getByRole("button", { name: `Continue claim ${firstReference}` });
    await continueButton.focus();
    await other.keyboard.press("Enter");

    // The step reached, its document there.
    await expect(other).toHaveURL(/\/claims-documents$/);
    const idFront = slotCard(other, "Valid government ID (front)");
    await expect(idFront.getByRole("listitem")).toContainText("ID front.pdf");
    await expect(idFront.getByRole("listitem")).toContainText("Uploaded");

    // Every answer of Steps 3 and 2, and the first claim's reference number.
    await pressBack(other);
    await expect(other).toHaveURL(/\/payout-option$/);
    await expect(other.getByRole("combobox", { name: "Bank", exact: true })).toHaveValue(
      bpiAccount.bank,
    );
    await expect(field(other, "Account name")).toHaveValue(bpiAccount.accountName);
    await expect(field(other, "Account number")).toHaveValue(bpiAccount.accountNumber);
    await pressBack(other);
    await expect(other).toHaveURL(/\/claims-details$/);
    await expect(webReferenceNumber(other)).toHaveText(firstReference);
    await expect(
      other.getByRole("group", { name: "Type of claim" }).getByRole("radio", { name: "Living" }),
    ).toBeChecked();
    await expect(other.getByRole("textbox", { name: "Date of accident", exact: true })).toHaveValue(
      motorcycleAccident.accidentDate,
    );
    await expect(field(other, "Place of accident")).toHaveValue(motorcycleAccident.place);
    await expect(field(other, "Injury details")).toHaveValue(motorcycleAccident.injury);
    await expect(field(other, "Part of body injured")).toHaveValue(motorcycleAccident.partOfBody);
    for (const benefit of motorcycleAccident.benefits) {
      await expect(other.getByRole("checkbox", { name: benefit })).toBeChecked();
    }
    await expect(field(other, "Policy number (optional)")).toHaveValue(
      motorcycleAccident.policyNumber ?? "",
    );
    await expectNoAxeViolations(other);
    await device.close();
  });

  test("Start a new claim leaves the draft and goes on with a new, empty claim", async ({
    browser,
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const { mobile, firstReference } = await startVerifiedClaimWithReference(page, request);
    await fillLivingAccident(page, motorcycleAccident);
    const saved = page.waitForResponse(
      (response) => response.url().endsWith("/saveClaimDraft") && response.status() === 200,
    );
    await pressNext(page);
    await expect(page).toHaveURL(/\/payout-option$/);
    await saved;
    await page.context().close();

    const { device, other } = await verifyOnAnotherDevice(browser, request, testInfo, mobile, 1);
    await expect(other).toHaveURL(/\/continue-claim$/);
    await expect(other.getByRole("list", { name: "Claims you can continue" })).toContainText(
      "No documents yet",
    );
    await other.getByRole("button", { name: "Start a new claim" }).click();
    await expect(other).toHaveURL(/\/claims-details$/);
    await expect(webReferenceNumber(other)).not.toHaveText(firstReference);
    await expect(webReferenceNumber(other)).toHaveText(/^KL-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await expect(
      other.getByRole("group", { name: "Type of claim" }).getByRole("radio", { name: "Living" }),
    ).not.toBeChecked();
    await device.close();
  });
});
