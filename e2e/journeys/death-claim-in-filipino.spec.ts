import { addDays, formatDisplayDate, todayInManila } from "@kalinga/domain/dates";
import { type APIRequestContext, expect, type Page, type TestInfo, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import { insurer } from "../support/claim-calls.ts";
import { chooseOption, chooseTile, field, heartAttack, typeDate } from "../support/claim-steps.ts";
import { phonePhoto, scannedPdf, type TestFile } from "../support/documents.ts";
import { englishLinesIn, expectNoEnglishWords, pattern, t } from "../support/filipino.ts";
import {
  checkClaimStatusInFilipino,
  declareAndSubmitInFilipino,
  enterCodeInFilipino,
  fillStartFormInFilipino,
  nextStep,
  sendCodeInFilipino,
} from "../support/filipino-steps.ts";
import { CLAIM_PAGES } from "../support/requested-documents.ts";
import { saveScreenshot } from "../support/screens.ts";
import {
  CORPORATE_START,
  maria,
  proceedPastReminder,
  uniqueMobile,
  webReferenceNumber,
} from "../support/start-form.ts";

// A death claim filed entirely in Filipino (decision 0091): from the start form to the
// confirmation, every screen passes axe and shows no English word the Filipino texts do not use
// themselves, the documents step and the review name each document in Filipino, and the tracking
// screens name what was sent, and what the insurer then asks for, in Filipino too.

const josefina = {
  firstName: "Josefina",
  middleName: "Reyes",
  lastName: "Dela Cruz",
  dateOfBirth: "12 Mar 1965",
  placeOfBirth: "Quezon City",
  mobile: uniqueMobile(),
  email: "josefina@example.com",
  addressLine1: "12 Mabini Street",
  district: "Barangay Pinyahan",
  city: "Quezon City",
  province: "Metro Manila",
  zipCode: "1100",
  occupation: "Guro",
};

let photo: TestFile;
let pdf: TestFile;
test.beforeAll(async () => {
  photo = await phonePhoto("IMG_20261102_1015.jpg", 1600, 1200);
  pdf = await scannedPdf("scan.pdf", "Certified true copy");
});

/** What the claimant typed or chose (and the files' names): their words on the screens are theirs. */
const TYPED = [
  ...Object.values(maria).filter((value) => typeof value === "string"),
  ...Object.values(josefina),
  heartAttack.cause,
  "IMG_20261102_1015.jpg",
  "scan.pdf",
];

/** A screen in Filipino: no English word, axe clean at this width, a screenshot to look at. */
async function checkScreen(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await expectNoEnglishWords(page, TYPED);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, `death-in-filipino-${name}`);
}

/** The insured's wife, an adult: her ID, marriage certificate and bank proof are asked. */
async function fillBeneficiary(page: Page): Promise<void> {
  await chooseOption(page, t("beneficiary.relationship"), t("beneficiary.relationshipSpouse"));
  await chooseOption(page, t("beneficiary.honorific"), t("beneficiary.honorificMrs"));
  await field(page, t("beneficiary.firstName")).fill(josefina.firstName);
  await field(page, t("beneficiary.middleName")).fill(josefina.middleName);
  await field(page, t("beneficiary.lastName")).fill(josefina.lastName);
  await typeDate(page, t("beneficiary.dateOfBirth"), josefina.dateOfBirth);
  await field(page, t("beneficiary.placeOfBirth")).fill(josefina.placeOfBirth);
  await chooseOption(page, t("beneficiary.citizenship"), "Pilipinas");
  await chooseOption(page, t("beneficiary.nationality"), "Pilipinas");
  await chooseTile(page, t("beneficiary.sex"), t("beneficiary.sexF"));
  await field(page, t("beneficiary.mobileNumber")).fill(josefina.mobile);
  await field(page, t("beneficiary.emailAddress")).fill(josefina.email);
  await field(page, t("beneficiary.addressLine1")).fill(josefina.addressLine1);
  await field(page, t("beneficiary.districtOrBarangay")).fill(josefina.district);
  await field(page, t("beneficiary.city")).fill(josefina.city);
  await field(page, t("beneficiary.province")).fill(josefina.province);
  await chooseOption(page, t("beneficiary.country"), "Pilipinas");
  await field(page, t("beneficiary.zipCode")).fill(josefina.zipCode);
  await field(page, t("beneficiary.occupation")).fill(josefina.occupation);
  await page.getByRole("checkbox", { name: t("beneficiary.docVerifyAuthorize") }).check();
}

/** The documents an illness death with one adult spouse asks for, by their Filipino names. */
const CLAIM_DOCUMENTS = ["D0101", "D0201", "D0203"].map((cd) => t(`upload-slots.${cd}`));
const BENEFICIARY_DOCUMENTS = ["D0501", "D0502", "D0109", "D0601"].map((cd) =>
  t(`upload-slots.${cd}`),
);

/** Every required slot gets a file through its Filipino "Choose a file": photos for IDs. */
async function uploadEveryDocument(page: Page): Promise<void> {
  const forBeneficiary = (name: string) =>
    `${name} ${t("documents.forWhom").replace("{whom}", t("documents.forBeneficiary").replace("{number}", "1"))}`;
  const slots = [...CLAIM_DOCUMENTS, ...BENEFICIARY_DOCUMENTS.map(forBeneficiary)];
  for (const name of slots) {
    const card = page.getByRole("region", { name, exact: true });
    const chooser = page.waitForEvent("filechooser");
    await card.getByRole("button", { name: t("documents.chooseFile") }).click();
    await (await chooser).setFiles([/ID/.test(name) ? photo : pdf]);
    await expect(
      card.getByRole("listitem").filter({ hasText: t("documents.uploaded") }),
    ).toBeVisible({ timeout: 30_000 });
  }
}

/** A date as a Filipino screen writes it: "18 Dis 2026" (the month is checked to be Filipino). */
function filipinoDay(iso: string): string {
  const day = formatDisplayDate(iso, "fil");
  expect(day).toMatch(/^\d{2} (Ene|Peb|Mar|Abr|May|Hun|Hul|Ago|Set|Okt|Nob|Dis) \d{4}$/);
  return day;
}

/** The tracking check: the number, the OTP, the list, then the claim's status and documents. */
async function followTheClaim(
  page: Page,
  testInfo: TestInfo,
  request: APIRequestContext,
  mobile: string,
) {
  await page.goto(`${CLAIM_PAGES}/claims-tracking`);
  await expect(page.getByRole("heading", { name: t("tracking.checkTitle") })).toBeVisible();
  await checkClaimStatusInFilipino(page, request, mobile);
  await expect(page.getByRole("heading", { name: t("tracking.listTitle") })).toBeVisible();
  // The day it was filed, with its month in Filipino (decision 0097).
  await expect(page.getByText(filipinoDay(todayInManila()), { exact: true }).first()).toBeVisible();
  await checkScreen(page, testInfo, "tracking-list");
  await page
    .getByRole("button", { name: new RegExp(`^${t("tracking.viewClaim")}`) })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: t("tracking.detailsTitle") })).toBeVisible();
}

test("the English-word check finds an English sentence and passes the Filipino one", () => {
  expect(englishLinesIn("Review your claim")).toEqual(["Review your claim  [review, your]"]);
  expect(englishLinesIn("Valid government ID of the beneficiary (front)")).not.toEqual([]);
  expect(englishLinesIn(t("submission.reviewTitle"))).toEqual([]);
  expect(englishLinesIn(t("document-names.D0501"))).toEqual([]);
  // What the claimant typed is theirs, in any language.
  expect(englishLinesIn("Please call Maria", ["Please call Maria"])).toEqual([]);
  // A date with an English month is English left behind; the Filipino months pass.
  expect(englishLinesIn("Na-file: 18 Dec 2026")).toEqual(["Na-file: 18 Dec 2026  [dec]"]);
  expect(englishLinesIn("September 5, 2026")).not.toEqual([]);
  expect(englishLinesIn("18 Dis 2026, 05 Ago 2026, 01 May 2026")).toEqual([]);
});

test("a death claim filed in Filipino from the start form to the confirmation", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const mobile = uniqueMobile();
  await page.goto(CORPORATE_START);
  await proceedPastReminder(page);
  await page.getByRole("button", { name: "Filipino", exact: true }).click();
  await expect(page.getByRole("heading", { name: t("start.title") })).toBeVisible();
  // The start form's labels are the Filipino page content's.
  await expect(field(page, "Pangalan")).toBeVisible();
  await checkScreen(page, testInfo, "start");
  await fillStartFormInFilipino(page, mobile);
  await nextStep(page);

  const otp = page.getByRole("dialog", { name: t("otp.title") });
  await expect(otp).toBeVisible();
  await checkScreen(page, testInfo, "otp");
  const code = await sendCodeInFilipino(page, request, mobile);
  await expect(otp.getByText(pattern("otp.codeIntro"))).toBeVisible();
  await enterCodeInFilipino(page, code);

  await expect(page).toHaveURL(/\/claims-details$/);
  await chooseTile(page, t("claimDetails.claimTypeQuestion"), t("claimDetails.typeDeath"));
  await typeDate(page, t("claimDetails.dateOfDeath"), heartAttack.dateOfDeath);
  await field(page, t("claimDetails.causeOfDeath")).fill(heartAttack.cause);
  await chooseTile(page, t("claimDetails.natureOfDeathQuestion"), t("claimDetails.causeIllness"));
  await checkScreen(page, testInfo, "details");
  await nextStep(page);

  await expect(page).toHaveURL(/\/payout-option$/);
  await expect(page.getByText(t("beneficiary.countNone"))).toBeVisible();
  await checkScreen(page, testInfo, "beneficiaries-empty");
  await page.getByRole("button", { name: t("beneficiary.add") }).click();
  await fillBeneficiary(page);
  await checkScreen(page, testInfo, "beneficiary-form");
  await page.getByRole("button", { name: t("beneficiary.save") }).click();
  await expect(page.locator(".k-person__facts")).toContainText(t("beneficiary.relationshipSpouse"));
  await checkScreen(page, testInfo, "beneficiaries");
  await nextStep(page);

  // Step 4: each document by its Filipino name, before and after its upload.
  await expect(page).toHaveURL(/\/claims-documents$/);
  await expect(page.getByRole("heading", { name: t("documents.title") })).toBeVisible();
  for (const name of [...CLAIM_DOCUMENTS, ...BENEFICIARY_DOCUMENTS]) {
    await expect(page.locator("section.k-slot h4").filter({ hasText: name }).first()).toBeVisible();
  }
  await expect(page.getByText("Medical records of the last 5 years")).toHaveCount(0);
  await checkScreen(page, testInfo, "documents");
  await uploadEveryDocument(page);
  await checkScreen(page, testInfo, "documents-uploaded");
  await nextStep(page);

  await expect(page).toHaveURL(/\/claims-review$/);
  await expect(page.getByRole("heading", { name: t("submission.reviewTitle") })).toBeVisible();
  await expect(page.getByText(t("submission.loadingDocuments"))).toHaveCount(0);
  const documents = page.getByRole("region", { name: t("submission.documentsGroup") });
  for (const name of [...CLAIM_DOCUMENTS, ...BENEFICIARY_DOCUMENTS]) {
    await expect(documents.getByText(name, { exact: true }).first()).toBeVisible();
  }
  await checkScreen(page, testInfo, "review");
  await declareAndSubmitInFilipino(page);
  await checkScreen(page, testInfo, "submitted");
  const reference = (await webReferenceNumber(page).textContent()) ?? "";

  // The insurer asks for one more document by the catalogue's name: the claimant reads it in Filipino.
  const due = addDays(todayInManila(), 20);
  await insurer(request, `${reference}/status`, { status: "UNDER REVIEW" });
  await insurer(request, `${reference}/requirements`, {
    requirements: [
      {
        documentCd: "D0402",
        description: "Official receipts of funeral expenses",
        dueDate: due,
      },
    ],
  });

  // Following it: what was sent is named as Step 4 named it, in Filipino.
  await followTheClaim(page, testInfo, request, mobile);
  for (const name of [...CLAIM_DOCUMENTS, ...BENEFICIARY_DOCUMENTS]) {
    await expect(page.getByRole("heading", { name, exact: true }).first()).toBeVisible();
  }
  await expect(page.getByText(new RegExp(`^${t("document-names.D0402")}:`))).toBeVisible();
  await checkScreen(page, testInfo, "status-details");
  await page.getByRole("link", { name: t("tracking.seeRequests") }).click();
  await expect(page.getByRole("heading", { name: t("tracking.abeyanceTitle") })).toBeVisible();
  await expect(
    page.getByRole("heading", { name: t("document-names.D0402"), exact: true }),
  ).toBeVisible();
  await expect(page.getByText(new RegExp(filipinoDay(due)))).toBeVisible();
  await checkScreen(page, testInfo, "abeyance-details");
});
