import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import {
  bpiAccount,
  chooseOption,
  field,
  fillDeath,
  fillLivingAccident,
  heartAttack,
  messageOf,
  motorcycleAccident,
  startVerifiedClaim,
} from "../support/claim-steps.ts";
import { saveScreenshot } from "../support/screens.ts";
import {
  fillStartForm,
  fillStep1AsMaria,
  maria,
  otpModal,
  pressNext,
} from "../support/start-form.ts";

// Text longer than a field's limit is kept as typed or pasted and refused with section 5's
// "Exceeds the maximum length" (docs/decisions/0033); only the suffix stops at its 6 characters.

const TOO_LONG = "Exceeds the maximum length";

/** Pastes into a field the way the browser inserts clipboard text (maxlength applies to it). */
async function paste(page: Page, label: string, text: string): Promise<void> {
  const input = field(page, label);
  await input.fill("");
  await input.focus();
  await page.keyboard.insertText(text);
}

/** Pastes, then leaves the field: later steps check a field when it is left. */
async function pasteAndLeave(page: Page, label: string, text: string): Promise<void> {
  await paste(page, label, text);
  await field(page, label).blur();
}

const fortyCharacterName = "Maria Clarissa Josefina Concepcion Reyes";
const longMiddleName = "Santos Villanueva Dela Cruz Ong";
const longLastName = "Dela Cruz Villanueva Santos Ong";
const longEmail = `${"a".repeat(90)}@example.ph`;
const longAddress = "12 Mabini St, Barangay 1, Quezon City, ".repeat(3).slice(0, 101);
const longCompany = "Kalinga Holdings and Development";

test.describe("Text past a field's limit", () => {
  test("Step 1 keeps a pasted 40-character name and says Exceeds the maximum length on Next; the suffix stops at 6", async ({
    page,
  }, testInfo) => {
    const mobile = await fillStep1AsMaria(page, {
      policyType: "Corporate",
      companyName: "Kalinga Holdings",
    });

    await paste(page, "First name", fortyCharacterName);
    await expect(field(page, "First name")).toHaveValue(fortyCharacterName);
    expect(fortyCharacterName).toHaveLength(40);
    await paste(page, "Middle initial", longMiddleName);
    // Typed key by key, the last name runs past 30 too.
    await field(page, "Last name").fill("");
    await field(page, "Last name").pressSequentially(longLastName);
    await expect(field(page, "Last name")).toHaveValue(longLastName);
    await paste(page, "Email address", longEmail);
    await paste(page, "Home address", longAddress);
    await paste(page, "Company name", longCompany);
    await paste(page, "Suffix", "ABCDEFGH");
    await expect(field(page, "Suffix")).toHaveValue("ABCDEF");

    // Start forms check on Next only: nothing is said while typing.
    await expect(page.getByText(TOO_LONG, { exact: true })).toHaveCount(0);
    await pressNext(page);
    for (const label of [
      "First name",
      "Middle initial",
      "Last name",
      "Email address",
      "Home address",
      "Company name",
    ]) {
      expect(await messageOf(page, label), label).toBe(TOO_LONG);
    }
    await expect(field(page, "Suffix")).not.toHaveAttribute("aria-invalid", "true");
    await expect(field(page, "First name")).toBeFocused();
    await expect(field(page, "First name")).toHaveValue(fortyCharacterName);
    await expect(otpModal(page)).toBeHidden();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "start-form-too-long");

    // Each limit itself passes: 30 characters of a name, 100 of an e-mail or address.
    await fillStartForm(page, {
      ...maria,
      firstName: fortyCharacterName.slice(0, 30),
      middleName: longMiddleName.slice(0, 30),
      lastName: longLastName.slice(0, 30),
      email: longEmail.slice(1),
      homeAddress: longAddress.slice(0, 100),
      mobile,
      policyType: "Corporate",
      companyName: longCompany.slice(0, 30),
    });
    await pressNext(page);
    await expect(otpModal(page)).toBeVisible();
    await expect(page.getByText(TOO_LONG, { exact: true })).toHaveCount(0);
  });

  test("claim details, the bank account and a beneficiary keep long text and say so when the field is left", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    await startVerifiedClaim(page, request);

    // Step 2: a 101-character place of accident.
    const longPlace = "EDSA corner Ortigas Avenue, Mandaluyong City, ".repeat(3).slice(0, 101);
    await fillLivingAccident(page, motorcycleAccident);
    await pasteAndLeave(page, "Place of accident", longPlace);
    await expect(field(page, "Place of accident")).toHaveValue(longPlace);
    expect(await messageOf(page, "Place of accident")).toBe(TOO_LONG);
    await pasteAndLeave(page, "Place of accident", motorcycleAccident.place);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page).toHaveURL(/\/payout-option$/);

    // Step 3: a 61-character account name and an 18-digit account number.
    const longAccountName = "Maria Clarissa Josefina Concepcion Reyes Dela Cruz Villanueva";
    await chooseOption(page, "Bank", bpiAccount.bank);
    await pasteAndLeave(page, "Account name", longAccountName);
    await expect(field(page, "Account name")).toHaveValue(longAccountName);
    expect(await messageOf(page, "Account name")).toBe(TOO_LONG);
    await pasteAndLeave(page, "Account number", "123456789012345678");
    await expect(field(page, "Account number")).toHaveValue("123456789012345678");
    expect(await messageOf(page, "Account number")).toBe("Account number should be 10 digits");
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "payout-too-long");

    // A death claim's beneficiary: long name, e-mail and zip code; the suffix stops at 6.
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/claims-details$/);
    await fillDeath(page, heartAttack);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page.getByRole("heading", { name: /Step 3 of 4\s*Beneficiaries/ })).toBeVisible();
    await page.getByRole("button", { name: "Add a beneficiary" }).click();
    await expect(page.getByRole("heading", { name: "New beneficiary" })).toBeFocused();
    await pasteAndLeave(page, "First name", fortyCharacterName);
    await pasteAndLeave(page, "Middle name", longMiddleName);
    await pasteAndLeave(page, "Email address", longEmail);
    await pasteAndLeave(page, "Zip code", "12345678901");
    await pasteAndLeave(page, "Suffix", "ABCDEFGH");
    await expect(field(page, "First name")).toHaveValue(fortyCharacterName);
    await expect(field(page, "Suffix")).toHaveValue("ABCDEF");
    for (const label of ["First name", "Middle name", "Email address", "Zip code"]) {
      expect(await messageOf(page, label), label).toBe(TOO_LONG);
    }
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "beneficiary-too-long");
  });
});
