import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import {
  anaMinor,
  bpiAccount,
  chooseOption,
  chooseTile,
  field,
  fillBankPayout,
  fillBeneficiary,
  fillDeath,
  fillLivingAccident,
  groupMessageOf,
  heartAttack,
  johnUsCitizen,
  manilaDate,
  messageOf,
  motorcycleAccident,
  startVerifiedClaim,
  typeDate,
} from "../support/claim-steps.ts";
import { saveScreenshot } from "../support/screens.ts";

test.describe("Step 2, claim details", () => {
  test("messages show once a field is left, follow each edit, and a Next shows them all", async ({
    page,
    request,
  }, testInfo) => {
    await startVerifiedClaim(page, request);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "claims-details-empty");

    // Nothing chosen: Next asks for the claim type and focuses it.
    await page.getByRole("button", { name: "Next", exact: true }).click();
    expect(await groupMessageOf(page, "Type of claim")).toBe("Please provide Type of claim");
    await expect(page.getByRole("radio", { name: "Living" })).toBeFocused();

    await chooseTile(page, "Type of claim", "Living");
    await expect(page.getByText("Please provide Type of claim")).toBeHidden();
    await chooseTile(page, "Was it an accident or an illness?", "Accident");

    // Touched and left: the message shows; typed: it goes; emptied again: it is back.
    const place = field(page, "Place of accident");
    await place.focus();
    await expect(place).not.toHaveAttribute("aria-invalid", "true");
    await place.blur();
    expect(await messageOf(page, "Place of accident")).toBe("Please provide Place of accident");
    await place.fill("Quezon City");
    await expect(place).not.toHaveAttribute("aria-invalid", "true");
    await place.fill("<b>");
    expect(await messageOf(page, "Place of accident")).toBe("Special characters not allowed");
    await place.fill("");
    expect(await messageOf(page, "Place of accident")).toBe("Please provide Place of accident");
    // A field not touched yet shows nothing.
    await expect(field(page, "Injury details")).not.toHaveAttribute("aria-invalid", "true");

    await page.getByRole("button", { name: "Next", exact: true }).click();
    const required: [string, string][] = [
      ["Date of accident", "Please provide Date of accident"],
      ["Place of accident", "Please provide Place of accident"],
      ["Injury details", "Please provide Injury details"],
      ["Part of body injured", "Please provide Part of body injured"],
    ];
    for (const [label, message] of required) {
      expect(await messageOf(page, label)).toBe(message);
    }
    await expect(field(page, "Date of accident")).toBeFocused();
    await expect(page).toHaveURL(/\/claims-details$/);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "claims-details-errors");
  });

  test("dates after today or before the insured's birth are refused; policy number takes digits", async ({
    page,
    request,
  }) => {
    await startVerifiedClaim(page, request);
    await chooseTile(page, "Type of claim", "Living");
    await chooseTile(page, "Was it an accident or an illness?", "Accident");

    await typeDate(page, "Date of accident", manilaDate(1));
    expect(await messageOf(page, "Date of accident")).toBe("Date cannot be later than today");
    // Maria was born on 05 Mar 1980.
    await typeDate(page, "Date of accident", "04 Mar 1980");
    expect(await messageOf(page, "Date of accident")).toBe(
      "Date cannot be earlier than the insured's date of birth",
    );
    await typeDate(page, "Date of accident", "05 Mar 1980");
    await expect(field(page, "Date of accident")).not.toHaveAttribute("aria-invalid", "true");

    // Illness asks for its own dates; the first consultation cannot come before the symptoms.
    await chooseTile(page, "Was it an accident or an illness?", "Illness");
    await typeDate(page, "Date of first consultation", manilaDate(-10));
    await typeDate(page, "Date symptoms were discovered", manilaDate(-5));
    expect(await messageOf(page, "Date symptoms were discovered")).toBe(
      "Date cannot be later than the date of first consultation",
    );

    const policy = field(page, "Policy number (optional)");
    await policy.fill("12ab34");
    await expect(policy).toHaveValue("1234");
    await policy.blur();
    expect(await messageOf(page, "Policy number (optional)")).toBe("Length should be 10");
    await policy.fill("123456789012");
    await expect(policy).toHaveValue("1234567890");
    await expect(policy).not.toHaveAttribute("aria-invalid", "true");
  });

  test("a living accident goes on to Step 3; Back and reload keep every answer", async ({
    page,
    request,
  }, testInfo) => {
    await startVerifiedClaim(page, request);
    await fillLivingAccident(page, motorcycleAccident);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "claims-details-living-accident");

    // Back to Step 1 and forward again: nothing is lost.
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/cf$/);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page).toHaveURL(/\/claims-details$/);
    await expect(field(page, "Place of accident")).toHaveValue(motorcycleAccident.place);

    page.on("dialog", (dialog) => void dialog.accept());
    await page.reload();
    await expect(page.getByRole("radio", { name: "Accident" })).toBeChecked();
    await expect(field(page, "Date of accident")).toHaveValue(motorcycleAccident.accidentDate);
    await expect(field(page, "Injury details")).toHaveValue(motorcycleAccident.injury);
    await expect(page.getByRole("checkbox", { name: "Surgery" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Disability" })).not.toBeChecked();
    await expect(field(page, "Policy number (optional)")).toHaveValue("1234567890");

    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page).toHaveURL(/\/payout-option$/);
  });

  test("Steps 2 and 3 ask to start the claim first without a verified mobile number", async ({
    page,
  }) => {
    for (const step of ["claims-details", "payout-option"]) {
      await page.goto(`/help-support/claims/${step}`);
      await expect(
        page.getByRole("heading", { name: "Please start your claim first" }),
      ).toBeVisible();
    }
  });
});

test.describe("Step 3, payout or beneficiaries", () => {
  test("a living accident claim is paid to a bank account and goes on to the documents", async ({
    page,
    request,
  }, testInfo) => {
    await startVerifiedClaim(page, request);
    await fillLivingAccident(page, motorcycleAccident);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page).toHaveURL(/\/payout-option$/);
    await expect(
      page.getByRole("heading", { name: /Step 3 of 4\s*How should we pay you\?/ }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "payout-empty");

    await page.getByRole("button", { name: "Next", exact: true }).click();
    expect(await messageOf(page, "Bank")).toBe("Please provide Bank");
    expect(await messageOf(page, "Account name")).toBe("Please provide Account name");
    expect(await messageOf(page, "Account number")).toBe("Please provide Account number");
    await expect(page.getByRole("combobox", { name: "Bank" })).toBeFocused();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "payout-errors");

    await fillBankPayout(page, { ...bpiAccount, accountNumber: "12-345" });
    await expect(field(page, "Account number")).toHaveValue("12345");
    expect(await messageOf(page, "Account number")).toBe("Account number should be 10 digits");
    // Another bank, other digits: the message follows the bank.
    await chooseOption(page, "Bank", "BDO Unibank");
    expect(await messageOf(page, "Account number")).toBe(
      "Account number should be 10 or 12 digits",
    );
    await field(page, "Account number").fill("123456789012");
    await expect(field(page, "Account number")).not.toHaveAttribute("aria-invalid", "true");
    await saveScreenshot(page, testInfo, "payout-filled");

    // Back to Step 2 and forward again keeps the account.
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/claims-details$/);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page.getByRole("combobox", { name: "Bank" })).toHaveValue("BDO Unibank");
    await expect(field(page, "Account number")).toHaveValue("123456789012");

    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page).toHaveURL(/\/claims-documents$/);
  });

  test("a death claim names two beneficiaries, a minor and a US citizen; a reload keeps them", async ({
    page,
    request,
  }, testInfo) => {
    await startVerifiedClaim(page, request);
    await fillDeath(page, heartAttack);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "claims-details-death");
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page).toHaveURL(/\/payout-option$/);
    await expect(page.getByRole("heading", { name: /Step 3 of 4\s*Beneficiaries/ })).toBeVisible();

    // None yet: Next asks for one.
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page.getByText("Please provide at least one beneficiary")).toBeVisible();
    const add = page.getByRole("button", { name: "Add a beneficiary" });
    await expect(add).toBeFocused();
    await expectNoAxeViolations(page);

    await add.click();
    await expect(page.getByRole("heading", { name: "New beneficiary" })).toBeFocused();
    await page.getByRole("button", { name: "Save beneficiary" }).click();
    const required: [string, string][] = [
      ["Relationship to the insured", "Please provide Relationship to the insured"],
      ["Title", "Please provide Title"],
      ["First name", "Please provide First Name"],
      ["Middle name", "Please provide Middle Initial"],
      ["Date of birth", "Please provide Date Of Birth"],
      ["Place of birth", "Please provide Place of birth"],
      ["Citizenship", "Please provide Country of citizenship"],
      ["Mobile number", "Please provide Mobile number"],
      ["Address line 1", "Please provide Address"],
      ["Occupation", "Please provide Occupation"],
    ];
    for (const [label, message] of required) {
      expect(await messageOf(page, label)).toBe(message);
    }
    await expect(page.getByRole("combobox", { name: "Relationship to the insured" })).toBeFocused();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "beneficiary-errors");

    // The China block shows while citizenship is China, its consents ticked, and goes after.
    await chooseOption(page, "Citizenship", "China");
    await expect(page.getByRole("checkbox", { name: /agree/i }).first()).toBeVisible();
    await chooseOption(page, "Citizenship", "Philippines");
    await expect(page.getByRole("group", { name: /Mainland China/i })).toHaveCount(0);

    await fillBeneficiary(page, anaMinor);
    await expect(page.locator(".k-note")).toContainText("under 18");
    await expect(page.locator(".k-note")).toContainText("guardian");
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "beneficiary-minor");
    await page.getByRole("button", { name: "Save beneficiary" }).click();

    const people = page.locator(".k-people").getByRole("listitem");
    await expect(people).toHaveCount(1);
    await expect(people.first()).toContainText("Miss Ana Santos Dela Cruz");
    await expect(people.first().getByText("Minor", { exact: true })).toBeVisible();

    await add.click();
    await fillBeneficiary(page, johnUsCitizen);
    await expect(field(page, "Middle name")).toBeDisabled();
    await expect(page.locator(".k-note")).toHaveCount(0);
    await page.getByRole("button", { name: "Save beneficiary" }).click();
    await expect(people).toHaveCount(2);
    await expect(people.nth(1)).toContainText("Mr. John Smith");
    await expect(people.nth(1).getByText("Minor", { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "beneficiaries-list");

    // A third one half typed survives a reload, and Cancel asks before dropping it.
    await add.click();
    await field(page, "First name").fill("Pedro");
    page.on("dialog", (dialog) => void dialog.accept());
    await page.reload();
    await expect(field(page, "First name")).toHaveValue("Pedro");
    await page.getByRole("button", { name: "Cancel" }).click();
    const discard = page.getByRole("dialog", { name: "Discard your changes?" });
    await expect(discard).toBeVisible();
    await discard.getByRole("button", { name: "Discard" }).click();
    await expect(people).toHaveCount(2);

    // Remove asks first; Keep keeps.
    await page.getByRole("button", { name: "Remove Mr. John Smith" }).click();
    const remove = page.getByRole("dialog", { name: "Remove Mr. John Smith?" });
    await expect(remove).toBeVisible();
    await expectNoAxeViolations(page);
    await remove.getByRole("button", { name: "Keep" }).click();
    await expect(people).toHaveCount(2);

    // Edit opens the saved details; a reload keeps both beneficiaries.
    await page.getByRole("button", { name: "Edit Miss Ana Santos Dela Cruz" }).click();
    await expect(field(page, "Zip code")).toHaveValue(anaMinor.zipCode);
    await expect(page.getByRole("combobox", { name: "Citizenship" })).toHaveValue("Philippines");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.reload();
    await expect(people).toHaveCount(2);
    await expect(people.nth(1)).toContainText("Mr. John Smith");

    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page).toHaveURL(/\/claims-documents$/);
  });
});
