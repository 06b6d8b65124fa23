import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import {
  bpiAccount,
  chooseOption,
  chooseTile,
  field,
  heartAttack,
  motorcycleAccident,
  typeDate,
} from "../support/claim-steps.ts";
import { phonePhoto, scannedPdf, type TestFile } from "../support/documents.ts";
import { expectNoEnglishWords, pattern, t } from "../support/filipino.ts";
import {
  checkClaimStatusInFilipino,
  declareAndSubmitInFilipino,
  enterCodeInFilipino,
  fillStartFormInFilipino,
  nextStep,
  sendCodeInFilipino,
} from "../support/filipino-steps.ts";
import { CLAIM_PAGES } from "../support/requested-documents.ts";
import { CORPORATE_START, proceedPastReminder, uniqueMobile } from "../support/start-form.ts";

// A living accident claim filed from the start form to the confirmation after switching to
// Filipino (decision 0087): each screen shows its Filipino heading and none of the English texts
// it replaced, passes axe at 375 px, and a reload keeps Filipino. The claim is then followed on the
// tracking screens, still in Filipino, its status named in Filipino.

/** What the widget shows in English for the texts asserted absent. */
const ENGLISH_GONE = [
  "Start your claim",
  "Claim details",
  "How should we pay you?",
  "Review your claim",
  "Your claim has been submitted",
  "Verify your mobile number",
];

async function expectNoEnglishOf(page: Page): Promise<void> {
  for (const english of ENGLISH_GONE) {
    await expect(page.getByText(english, { exact: true })).toHaveCount(0);
  }
  await expect(page.getByRole("button", { name: "Next", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Back", exact: true })).toHaveCount(0);
}

let photo: TestFile;
let pdf: TestFile;
test.beforeAll(async () => {
  photo = await phonePhoto("IMG_20261102_1015.jpg", 1600, 1200);
  pdf = await scannedPdf("scan.pdf", "Certified true copy");
});

test("a claim filed in Filipino from the start form to the confirmation", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const mobile = uniqueMobile();
  await page.goto(CORPORATE_START);
  await proceedPastReminder(page);

  // The switch, by keyboard: English is pressed, Filipino is one Tab away.
  const english = page.getByRole("button", { name: "English", exact: true });
  await expect(english).toHaveAttribute("aria-pressed", "true");
  await english.focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Filipino", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: t("start.title") })).toBeVisible();
  await expect(page.getByRole("button", { name: "Filipino" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByRole("group", { name: t("locale.switchLabel") })).toBeVisible();
  // The start form's labels come from the Filipino page content.
  await expect(field(page, "Pangalan")).toBeVisible();

  // A reload in the tab keeps Filipino.
  await page.reload();
  await expect(page.getByRole("heading", { name: t("start.title") })).toBeVisible();
  await expectNoEnglishOf(page);
  await expectNoAxeViolations(page);

  await fillStartFormInFilipino(page, mobile);
  await nextStep(page);

  const otp = page.getByRole("dialog", { name: t("otp.title") });
  await expect(otp).toBeVisible();
  await expectNoEnglishOf(page);
  const code = await sendCodeInFilipino(page, request, mobile);
  await expect(otp.getByText(pattern("otp.codeIntro"))).toBeVisible();
  await expectNoAxeViolations(page);
  await enterCodeInFilipino(page, code);

  await expect(page).toHaveURL(/\/claims-details$/);
  await expect(page.getByRole("heading", { name: t("claimDetails.title") })).toBeVisible();
  await chooseTile(page, t("claimDetails.claimTypeQuestion"), t("claimDetails.typeLiving"));
  await chooseTile(page, t("claimDetails.livingSubtypeQuestion"), t("claimDetails.causeAccident"));
  await typeDate(page, t("claimDetails.accidentDate"), motorcycleAccident.accidentDate);
  await field(page, t("claimDetails.accidentPlace")).fill(motorcycleAccident.place);
  await field(page, t("claimDetails.injuryDetails")).fill(motorcycleAccident.injury);
  await field(page, t("claimDetails.partOfBodyInjured")).fill(motorcycleAccident.partOfBody);
  await chooseTile(page, t("claimDetails.accidentNeurologicalQuestion"), t("claimDetails.no"));
  await page.getByRole("checkbox", { name: t("claimDetails.surgery") }).check();
  await expectNoEnglishOf(page);
  await expectNoAxeViolations(page);
  await nextStep(page);

  await expect(page.getByRole("heading", { name: t("payout.title") })).toBeVisible();
  await chooseOption(page, t("payout.bank"), bpiAccount.bank);
  await field(page, t("payout.accountName")).fill(bpiAccount.accountName);
  await field(page, t("payout.accountNumber")).fill(bpiAccount.accountNumber);
  await expectNoEnglishOf(page);
  await expectNoAxeViolations(page);
  await nextStep(page);

  await expect(page).toHaveURL(/\/claims-documents$/);
  await expect(page.getByRole("heading", { name: t("documents.title") })).toBeVisible();
  const required = page.locator("section.k-slot").filter({ hasText: t("documents.required") });
  await expect(required.first()).toBeVisible();
  const titles = await required.locator("h4").allTextContents();
  for (const title of titles) {
    const card = page.getByRole("region", { name: title, exact: true });
    const chooser = page.waitForEvent("filechooser");
    await card.getByRole("button", { name: t("documents.chooseFile") }).click();
    await (await chooser).setFiles([/ID/.test(title) ? photo : pdf]);
    await expect(
      card
        .getByRole("listitem")
        .filter({ hasText: t("documents.uploaded") })
        .first(),
    ).toBeVisible({ timeout: 30_000 });
  }
  await expect(page.getByText("Uploaded", { exact: true })).toHaveCount(0);
  // Each document by its Filipino name (decision 0091): no English word on the step.
  await expectNoEnglishWords(page, [photo.name, pdf.name]);
  await expectNoEnglishOf(page);
  await expectNoAxeViolations(page);
  await nextStep(page);

  await expect(page).toHaveURL(/\/claims-review$/);
  await expect(page.getByRole("heading", { name: t("submission.reviewTitle") })).toBeVisible();
  await expect(page.getByText(t("submission.loadingDocuments"))).toHaveCount(0);
  await expect(page.getByRole("region", { name: t("submission.detailsGroup") })).toBeVisible();
  await expectNoEnglishOf(page);
  await expectNoAxeViolations(page);
  await expect(page.getByText(/^I declare that the information/)).toHaveCount(0);
  await declareAndSubmitInFilipino(page);
  // The date is written with the Filipino month.
  const months = "Ene|Peb|Mar|Abr|May|Hun|Hul|Ago|Set|Okt|Nob|Dis";
  await expect(page.getByText(new RegExp(`\\d{2} (${months}) \\d{4}`))).toBeVisible();
  await expect(page.getByText("What happens next", { exact: true })).toHaveCount(0);
  await expectNoEnglishOf(page);
  await expectNoAxeViolations(page);
  await expect(page.locator(".k-root")).toHaveAttribute("lang", "fil");

  // Tracking, in the same tab: the session keeps Filipino.
  await page.goto(`${CLAIM_PAGES}/claims-tracking`);
  await expect(page.getByRole("heading", { name: t("tracking.checkTitle") })).toBeVisible();
  await expect(page.getByText("Check claim status", { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await checkClaimStatusInFilipino(page, request, mobile);

  await expect(page).toHaveURL(/\/your-claim-tracking$/);
  await expect(page.getByRole("heading", { name: t("tracking.listTitle") })).toBeVisible();
  await expect(page.locator(".k-status-label").first()).toHaveText(t("claimStatus.submitted"));
  for (const gone of ["Your claims", "Claim application submitted", "Living", "Date filed"]) {
    await expect(page.getByText(gone, { exact: true })).toHaveCount(0);
  }
  await expectNoAxeViolations(page);
  await page
    .getByRole("button", { name: new RegExp(`^${t("tracking.viewClaim")}`) })
    .first()
    .click();

  await expect(page).toHaveURL(/\/status-details$/);
  await expect(page.getByRole("heading", { name: t("tracking.detailsTitle") })).toBeVisible();
  await expect(page.getByText(t("tracking.statusSubmittedMeaning"))).toBeVisible();
  for (const gone of ["Claim status", "What this means", "What happens next", "Dates to know"]) {
    await expect(page.getByText(gone, { exact: true })).toHaveCount(0);
  }
  await expectNoAxeViolations(page);
});

test("a death claim's beneficiary saved in Filipino", async ({ page, request }) => {
  test.setTimeout(120_000);
  const mobile = uniqueMobile();
  await page.goto(CORPORATE_START);
  await proceedPastReminder(page);
  await page.getByRole("button", { name: "Filipino", exact: true }).click();
  await expect(page.getByRole("heading", { name: t("start.title") })).toBeVisible();
  await fillStartFormInFilipino(page, mobile);
  await nextStep(page);
  await enterCodeInFilipino(page, await sendCodeInFilipino(page, request, mobile));

  await expect(page).toHaveURL(/\/claims-details$/);
  await chooseTile(page, t("claimDetails.claimTypeQuestion"), t("claimDetails.typeDeath"));
  await typeDate(page, t("claimDetails.dateOfDeath"), heartAttack.dateOfDeath);
  await field(page, t("claimDetails.causeOfDeath")).fill(heartAttack.cause);
  await chooseTile(page, t("claimDetails.natureOfDeathQuestion"), t("claimDetails.causeIllness"));
  await nextStep(page);

  await expect(page).toHaveURL(/\/payout-option$/);
  await expect(page.getByText(t("beneficiary.countNone"))).toBeVisible();
  await expect(page.getByText(pattern("beneficiary.intro"))).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: t("beneficiary.add") }).click();
  await expect(page.getByText(t("beneficiary.whoSection"))).toBeVisible();
  await expect(page.getByText(t("beneficiary.guardianSection"))).toHaveCount(0);
  for (const gone of [
    "Beneficiaries",
    "Who they are",
    "How to reach them",
    "Save beneficiary",
    "No beneficiaries added yet",
  ]) {
    await expect(page.getByText(gone, { exact: true })).toHaveCount(0);
  }
  await expect(page.getByRole("radio", { name: t("beneficiary.sexF"), exact: true })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Female", exact: true })).toHaveCount(0);
  await expectNoEnglishOf(page);
  await expectNoAxeViolations(page);

  // An adult beneficiary, the insured's wife, saved into the list.
  await chooseOption(page, t("beneficiary.relationship"), t("beneficiary.relationshipSpouse"));
  await chooseOption(page, t("beneficiary.honorific"), t("beneficiary.honorificMrs"));
  await field(page, t("beneficiary.firstName")).fill("Josefina");
  await field(page, t("beneficiary.middleName")).fill("Reyes");
  await field(page, t("beneficiary.lastName")).fill("Dela Cruz");
  await typeDate(page, t("beneficiary.dateOfBirth"), "12 Mar 1965");
  await field(page, t("beneficiary.placeOfBirth")).fill("Quezon City");
  await chooseOption(page, t("beneficiary.citizenship"), "Pilipinas");
  await chooseOption(page, t("beneficiary.nationality"), "Pilipinas");
  await chooseTile(page, t("beneficiary.sex"), t("beneficiary.sexF"));
  await field(page, t("beneficiary.mobileNumber")).fill(uniqueMobile());
  await field(page, t("beneficiary.emailAddress")).fill("josefina@example.com");
  await field(page, t("beneficiary.addressLine1")).fill("12 Mabini Street");
  await field(page, t("beneficiary.districtOrBarangay")).fill("Barangay Pinyahan");
  await field(page, t("beneficiary.city")).fill("Quezon City");
  await field(page, t("beneficiary.province")).fill("Metro Manila");
  await chooseOption(page, t("beneficiary.country"), "Pilipinas");
  await field(page, t("beneficiary.zipCode")).fill("1100");
  await field(page, t("beneficiary.occupation")).fill("Guro");
  await page.getByRole("checkbox", { name: t("beneficiary.docVerifyAuthorize") }).check();
  await page.getByRole("button", { name: t("beneficiary.save") }).click();

  const saved = page.locator(".k-person__facts");
  await expect(saved).toHaveText(
    new RegExp(`^${t("beneficiary.relationshipSpouse")}, ${pattern("beneficiary.born").source}$`),
  );
  await expect(saved).toContainText("Mar 1965");
  await expect(page.getByText(/\b(born|Spouse)\b/)).toHaveCount(0);
  await expectNoAxeViolations(page);
});
