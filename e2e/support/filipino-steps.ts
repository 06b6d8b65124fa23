import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { chooseOption, field, typeDate } from "./claim-steps.ts";
import { pattern, t } from "./filipino.ts";
import { countOutboxMessages, readOtpFromOutbox } from "./outbox.ts";
import { maria } from "./start-form.ts";

// The steps the Filipino journeys share, by the labels a claimant reads in Filipino.

export async function nextStep(page: Page): Promise<void> {
  await page.getByRole("button", { name: t("ui.next"), exact: true }).click();
}

/** Step 1 as Maria fills it, labelled by the Filipino page content. */
export async function fillStartFormInFilipino(page: Page, mobile: string): Promise<void> {
  await field(page, "Pangalan").fill(maria.firstName);
  await field(page, "Middle initial").fill(maria.middleName);
  await field(page, "Apelyido").fill(maria.lastName);
  await field(page, "Suffix").fill(maria.suffix);
  await typeDate(page, "Petsa ng kapanganakan", maria.dateOfBirth);
  await field(page, "Mobile number").fill(mobile);
  await field(page, "E-mail address").fill(maria.email);
  await field(page, "Tirahan").fill(maria.homeAddress);
  await chooseOption(page, "Bansa ng citizenship", "Pilipinas");
  await chooseOption(page, "Bansang tinitirhan", "Pilipinas");
  await page.getByRole("radio", { name: "Individual" }).check();
}

/** Asks the open code dialog for a code; the code sent to `mobile` after `after` earlier SMS. */
export async function sendCodeInFilipino(
  page: Page,
  request: APIRequestContext,
  mobile: string,
  after?: number,
): Promise<string> {
  const dialog = page.getByRole("dialog", { name: t("otp.title") });
  await dialog.getByRole("button", { name: t("otp.send") }).click();
  return readOtpFromOutbox(request, `63${mobile}`, after === undefined ? {} : { after });
}

/** Types the code into the dialog's digit boxes and submits it. */
export async function enterCodeInFilipino(page: Page, code: string): Promise<void> {
  await page.getByRole("textbox", { name: "Digit 1 sa 6" }).click();
  await page.keyboard.type(code, { delay: 20 });
  await page
    .getByRole("dialog", { name: t("otp.title") })
    .getByRole("button", { name: t("otp.submit") })
    .click();
}

/** On the tracking check's screen in Filipino: the number, then a fresh code, to the claims. */
export async function checkClaimStatusInFilipino(
  page: Page,
  request: APIRequestContext,
  mobile: string,
): Promise<void> {
  await page.getByRole("textbox", { name: t("tracking.mobileNumber"), exact: true }).fill(mobile);
  await page.getByRole("button", { name: t("tracking.checkButton") }).click();
  const seen = await countOutboxMessages(request, `63${mobile}`);
  await enterCodeInFilipino(page, await sendCodeInFilipino(page, request, mobile, seen));
}

/** The review's three declarations ticked and the claim submitted, to the confirmation. */
export async function declareAndSubmitInFilipino(page: Page): Promise<void> {
  for (const key of ["truthful", "medicalRecordsRelease", "dataPrivacy"]) {
    await page.getByRole("checkbox", { name: pattern(`declarations.${key}`) }).check();
  }
  await page.getByRole("button", { name: t("submission.submit") }).click();
  await expect(page).toHaveURL(/\/claims-submission$/);
  const submitted = page.getByRole("heading", { name: t("submission.submittedTitle") });
  await expect(submitted).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(pattern("submission.acknowledgment"))).toBeVisible();
}
