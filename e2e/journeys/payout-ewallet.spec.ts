import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import { chooseTile, field, messageOf, reachPayoutStep } from "../support/claim-steps.ts";
import { phonePhoto, scannedPdf, uploadEveryRequired } from "../support/documents.ts";
import { saveScreenshot } from "../support/screens.ts";
import { pressNext } from "../support/start-form.ts";
import { agreeAndSubmit, claimRecord } from "../support/submission.ts";

// Step 3 of a living claim at 375 px: the benefit paid to a GCash wallet, filed to the
// confirmation, and a rural bank from the full list found by typing.

const METHOD_QUESTION = "Where should we send the benefit?";

test.describe("Payout to an e-wallet or any bank", () => {
  test.describe.configure({ timeout: 180_000 });

  test("a living claim paid to GCash, filed to the confirmation", async ({
    page,
    request,
  }, testInfo) => {
    await reachPayoutStep(page, request);
    await expect(page).toHaveURL(/\/payout-option$/);

    // A bank account is the first choice; GCash asks for the wallet's number and name instead.
    await expect(
      page
        .getByRole("group", { name: METHOD_QUESTION })
        .getByRole("radio", { name: "Bank account" }),
    ).toBeChecked();
    await chooseTile(page, METHOD_QUESTION, "GCash");
    await expect(page.getByRole("combobox", { name: "Bank" })).toHaveCount(0);
    const walletNumber = field(page, "GCash mobile number");
    const walletName = field(page, "Name as registered in GCash");

    // Nothing typed: each field says what is missing; a landline is not a wallet number.
    await pressNext(page);
    expect(await messageOf(page, "GCash mobile number")).toBe(
      "Please provide the e-wallet's mobile number",
    );
    expect(await messageOf(page, "Name as registered in GCash")).toBe(
      "Please provide Account name",
    );
    await walletNumber.fill("28123456");
    await walletNumber.blur();
    expect(await messageOf(page, "GCash mobile number")).toBe(
      "Please provide a correct Mobile Number",
    );
    await expect(page).toHaveURL(/\/payout-option$/);

    await walletNumber.fill("9171234567");
    await walletName.fill("Maria Pena Dela Cruz");
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "payout-gcash");
    await pressNext(page);
    await expect(page).toHaveURL(/\/claims-documents$/);

    await uploadEveryRequired(
      page,
      await phonePhoto("IMG_20261125_0800.jpg", 2000, 1500),
      await scannedPdf("scan.pdf", "Certified true copy"),
    );
    await pressNext(page);
    await expect(page).toHaveURL(/\/claims-review$/);
    // The review says where the money goes, with the number shown in part.
    await expect(page.getByText("GCash e-wallet")).toBeVisible();
    await expect(page.getByText("Maria Pena Dela Cruz")).toBeVisible();
    await expect(page.getByText("9171234567")).toHaveCount(0);

    const reference = await agreeAndSubmit(page, testInfo, "payout-gcash");
    const record = await claimRecord(request, reference);
    expect(record.submission?.payload.payoutInformation).toEqual({
      payoutMethod: "E-Wallet",
      bankCode: "GCASH",
      bankName: "GCash",
      accountName: "Maria Pena Dela Cruz",
      accountNumber: "09171234567",
    });
  });

  test("a rural bank from the full list, found by typing; Maya starts with an empty number", async ({
    page,
    request,
  }, testInfo) => {
    await reachPayoutStep(page, request);

    const bank = page.getByRole("combobox", { name: "Bank", exact: true });
    await bank.fill("card");
    await expect(page.getByRole("option").first()).toHaveText("CARD Bank");
    await page.getByRole("option", { name: "CARD SME Bank", exact: true }).click();
    await expect(bank).toHaveValue("CARD SME Bank");
    await field(page, "Account name").fill("Maria Pena Dela Cruz");
    await field(page, "Account number").fill("1234567890");
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "payout-rural-bank");

    // Switching to Maya: a bank account number is no mobile number.
    await chooseTile(page, METHOD_QUESTION, "Maya");
    await expect(field(page, "Maya mobile number")).toHaveValue("");
    await expect(field(page, "Name as registered in Maya")).toHaveValue("Maria Pena Dela Cruz");
    // And back: the bank is still chosen.
    await chooseTile(page, METHOD_QUESTION, "Bank account");
    await expect(bank).toHaveValue("CARD SME Bank");
    await field(page, "Account number").fill("1234567890");
    await pressNext(page);
    await expect(page).toHaveURL(/\/claims-documents$/);
  });

  test("a long bank name wraps in the list and shows in full once chosen, at 375 px", async ({
    page,
    request,
  }, testInfo) => {
    const landbank = "Land Bank of the Philippines (Landbank)";
    await reachPayoutStep(page, request);
    expect(page.viewportSize()?.width).toBe(375);

    const bank = page.getByRole("combobox", { name: "Bank", exact: true });
    await bank.fill("land bank");
    const option = page.getByRole("option", { name: landbank, exact: true });
    await expect(option).toBeVisible();
    // The option wraps over lines inside the list: nothing of it is cut.
    expect(await option.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    expect(await option.evaluate((node) => node.getBoundingClientRect().height)).toBeGreaterThan(
      48,
    );
    await saveScreenshot(page, testInfo, "payout-long-bank-options");
    await option.click();
    await expect(bank).toHaveValue(landbank);

    // The one-line box is too narrow for it, so the full name shows beneath the box, uncut.
    expect(await bank.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
    const full = page.locator(".k-dropdown__full");
    await expect(full).toHaveText(landbank);
    await expect(full).toBeVisible();
    expect(await full.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "payout-long-bank-chosen");

    // A short name fits the box: no second line.
    await bank.fill("card sme");
    await page.getByRole("option", { name: "CARD SME Bank", exact: true }).click();
    await expect(bank).toHaveValue("CARD SME Bank");
    await expect(full).toHaveCount(0);
  });
});
