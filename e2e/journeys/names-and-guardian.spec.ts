import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import {
  anaMinor,
  type BeneficiaryAnswers,
  field,
  fillBeneficiary,
  fillDeath,
  heartAttack,
  johnUsCitizen,
  messageOf,
  startVerifiedClaim,
} from "../support/claim-steps.ts";
import { phonePhoto, scannedPdf, uploadEveryRequired } from "../support/documents.ts";
import { saveScreenshot } from "../support/screens.ts";
import { fillStep1AsMaria, maria, pressNext } from "../support/start-form.ts";
import { agreeAndSubmit, claimRecord } from "../support/submission.ts";

// Names the rule refuses, with tips that say how to write them; "No middle name" on Step 1 and on
// a beneficiary; a minor's guardian; a one-tap fix for a misspelt e-mail domain (decisions 0048,
// 0049, 0039).

/** The "Did you mean …?" line beneath an e-mail field, by the address it offers. */
const suggestion = (page: Page, fixed: string) =>
  page.getByRole("status").filter({ hasText: `Did you mean ${fixed}?` });

test.describe("names, guardians and e-mail suggestions", () => {
  test("Step 1: the name tips say how to write Ma. Luisa, No middle name lifts the middle initial, a misspelt e-mail gets a one-tap fix", async ({
    page,
  }, testInfo) => {
    await fillStep1AsMaria(page, {
      mobile: maria.mobile,
      firstName: "Ma. Luisa",
      lastName: "Dela Cruz-Santos",
      middleName: "",
      email: "luisa@gmial.com",
    });
    await pressNext(page);
    // The specification's message stays; the tip beside the field says what to do instead.
    expect(await messageOf(page, "First name")).toBe("Special characters not allowed");
    expect(await messageOf(page, "Last name")).toBe("Special characters not allowed");
    expect(await messageOf(page, "Middle initial")).toBe("Please provide Middle Initial");
    await page.getByRole("button", { name: /First name/ }).click();
    // Every field's tips are in the page; the one opened is the one shown.
    const tip = page
      .getByText("Write Ma. Luisa as Ma Luisa, and Dela Cruz-Santos as Dela Cruz Santos.")
      .locator("visible=true");
    await expect(tip).toBeVisible();
    await expect(
      page
        .getByText("Letters, numbers and spaces only: no dots, hyphens, commas or apostrophes.", {
          exact: false,
        })
        .locator("visible=true"),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "start-name-tip");
    await page.keyboard.press("Escape");
    await expect(tip).toBeHidden();

    // Written as the tip says, the names pass; "No middle name" disables the middle initial.
    await field(page, "First name").fill("Ma Luisa");
    await field(page, "Last name").fill("Dela Cruz Santos");
    const noMiddleName = page.getByRole("checkbox", { name: "No middle name" });
    await noMiddleName.check();
    await expect(field(page, "Middle initial")).toBeDisabled();
    await expect(field(page, "Middle initial")).not.toHaveAttribute("aria-invalid", "true");

    // The misspelt domain is offered a fix once the field is left; one tap takes it.
    const email = field(page, "Email address");
    await email.focus();
    await email.blur();
    const offer = suggestion(page, "luisa@gmail.com");
    await expect(offer).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "start-no-middle-name-and-email-suggestion");
    await offer.getByRole("button", { name: "luisa@gmail.com" }).click();
    await expect(email).toHaveValue("luisa@gmail.com");
    await expect(email).toBeFocused();
    await expect(offer).toHaveCount(0);
    // A suggestion never blocks: an address kept as typed still goes on.
    await email.fill("luisa@company.con");
    await email.blur();
    await expect(suggestion(page, "luisa@company.com")).toBeVisible();
    await pressNext(page);
    await expect(page.getByRole("dialog", { name: "Verify your mobile number" })).toBeVisible();
  });

  test("No middle name on Step 1 and on a beneficiary, and a minor's guardian, reach the review and the stored payload", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const mobile = await startVerifiedClaim(page, request, {
      firstName: "Ma Luisa",
      middleName: "",
      noMiddleName: true,
      lastName: "Dela Cruz Santos",
    });
    await fillDeath(page, heartAttack);
    await pressNext(page);

    // The minor: the guardian section appears with the date of birth; its e-mail gets a fix.
    await page.getByRole("button", { name: "Add a beneficiary" }).click();
    // Ana leaves her own mobile and e-mail empty: her guardian's are used (decision 0049).
    const minor: BeneficiaryAnswers = {
      ...anaMinor,
      middleName: "",
      mobile: "",
      email: "",
      guardian: { ...(anaMinor.guardian as NonNullable<BeneficiaryAnswers["guardian"]>) },
    };
    await fillBeneficiary(page, {
      ...minor,
      guardian: { ...(minor.guardian as NonNullable<BeneficiaryAnswers["guardian"]>), email: "" },
    });
    await expect(page.getByRole("group", { name: "The minor's guardian" })).toBeVisible();
    await expect(
      page.getByText("A minor\u2019s own mobile number and email address are optional"),
    ).toBeVisible();
    await field(page, "Guardian's email address").fill("guardian.delacruz@yaho.com");
    await field(page, "Guardian's email address").blur();
    const offer = suggestion(page, "guardian.delacruz@yahoo.com");
    await expect(offer).toBeVisible();
    await expect(field(page, "Middle name")).toBeDisabled();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "beneficiary-minor-guardian");
    await offer.getByRole("button", { name: "guardian.delacruz@yahoo.com" }).click();
    await expect(field(page, "Guardian's email address")).toHaveValue(
      "guardian.delacruz@yahoo.com",
    );
    // Without the guardian's mobile number the beneficiary is not saved, and the message says why.
    await field(page, "Guardian's mobile number").fill("");
    await page.getByRole("button", { name: "Save beneficiary" }).click();
    expect(await messageOf(page, "Guardian's mobile number")).toBe(
      "Please provide the guardian's mobile number",
    );
    await expect(field(page, "Guardian's mobile number")).toBeFocused();
    await field(page, "Guardian's mobile number").fill(anaMinor.guardian?.mobile ?? "");
    await page.getByRole("button", { name: "Save beneficiary" }).click();
    await page.getByRole("button", { name: "Add a beneficiary" }).click();
    await fillBeneficiary(page, johnUsCitizen);
    await page.getByRole("button", { name: "Save beneficiary" }).click();
    await pressNext(page);

    await expect(page).toHaveURL(/\/claims-documents$/);
    await uploadEveryRequired(
      page,
      await phonePhoto("IMG_20261102_1015.jpg", 1200, 900),
      await scannedPdf("scan.pdf", "Certified true copy"),
    );
    await pressNext(page);
    await expect(page).toHaveURL(/\/claims-review$/);
    const ana = page.getByRole("listitem").filter({ hasText: "Miss Ana Dela Cruz" });
    await expect(ana).toContainText(
      "Guardian: Luisa Santos Dela Cruz (Mother) · +63\u00a09171112222 · guardian.delacruz@yahoo.com",
    );
    await expect(page.getByText("Ma Luisa Dela Cruz Santos", { exact: true })).toBeVisible();

    const reference = await agreeAndSubmit(page, testInfo, "names-and-guardian");
    const payload = (await claimRecord(request, reference)).submission?.payload;
    expect(payload?.insuredInformation).toMatchObject({
      firstName: "Ma Luisa",
      middleName: "",
      noMiddleName: "Y",
      lastName: "Dela Cruz Santos",
      phoneNumber: mobile,
    });
    expect(
      payload?.beneficiaryList.map((b) => [b.firstName, b.middleName, b.noMiddleName]),
    ).toEqual([
      ["Ana", "", "Y"],
      ["John", "", "Y"],
    ]);
    expect(payload?.beneficiaryList[0]).toMatchObject({ phoneNumber: "", emailAddress: "" });
    expect(payload?.beneficiaryList[0]?.guardian).toEqual({
      firstName: "Luisa",
      middleName: "Santos",
      lastName: "Dela Cruz",
      relationship: "Mother",
      phoneNumber: "9171112222",
      emailAddress: "guardian.delacruz@yahoo.com",
    });
    expect(payload?.beneficiaryList[1]?.guardian.firstName).toBe("");
  });
});
