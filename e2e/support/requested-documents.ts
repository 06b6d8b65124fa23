import { addDays, formatDisplayDate, todayInManila } from "@kalinga/domain/dates";
import {
  type APIRequestContext,
  expect,
  type Locator,
  type Page,
  type TestInfo,
} from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { insurer, replacementOf } from "./claim-calls.ts";
import type { TestFile } from "./documents.ts";
import { uploadTo } from "./documents.ts";
import { countOutboxMessages, readOtpFromOutbox } from "./outbox.ts";
import { saveScreenshot } from "./screens.ts";
import { otpModal, typeOtp } from "./start-form.ts";

// The claimant's side of a claim after the submit: checking it with the mobile that filed it, the
// documents sent for it, and sending what the insurer asks for.

export const CLAIM_PAGES = "/help-support/claims";

/** The claimant checks the claim with the number that filed it and opens its status page. */
export async function checkClaimWithMobile(
  page: Page,
  request: APIRequestContext,
  mobile: string,
  reference: string,
): Promise<void> {
  await page.goto(`${CLAIM_PAGES}/claims-tracking`);
  await page.getByRole("textbox", { name: "Mobile number" }).fill(mobile);
  await page.getByRole("button", { name: "Check status" }).click();
  const seen = await countOutboxMessages(request, `63${mobile}`);
  await otpModal(page).getByRole("button", { name: "Send OTP" }).click();
  await typeOtp(page, await readOtpFromOutbox(request, `63${mobile}`, { after: seen }));
  await otpModal(page).getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/your-claim-tracking$/);
  await page.getByRole("button", { name: `View claim ${reference}` }).click();
  await expect(page).toHaveURL(/\/status-details$/);
}

/** The card of one sent document by its name, within "Documents you sent". */
export function sentDocument(page: Page, title: string) {
  return page
    .getByRole("region", { name: "Documents you sent" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

/** Adds a file to each request named on /abeyance-upload, then sends them all. */
export async function sendRequested(page: Page, requests: string[], file: TestFile) {
  await expect(page).toHaveURL(/\/abeyance-upload$/);
  for (const label of requests) await uploadTo(page, label, file);
  await page.getByRole("button", { name: "Review and send" }).click();
  await page.getByRole("button", { name: "Send documents" }).click();
  await expect(page.getByRole("heading", { name: "Documents sent" })).toBeFocused();
  await page.getByRole("link", { name: "View claim status" }).click();
  await expect(page).toHaveURL(/\/status-details$/);
}

/** The two documents the insurer asks for after a death claim's submit. */
export const RECEIPT = "Official receipt of the funeral";
export const CERTIFICATE = "Barangay certificate";

/** How the claim pages write a date. */
export const shown = (iso: string) => formatDisplayDate(iso);

/** A claim asked for the receipt and certificate, with the examiner's console API that reviews them. */
export type DocumentsUnderReview = {
  request: APIRequestContext;
  examiner: (url: string, body: unknown) => Promise<unknown>;
  reference: string;
  receipt: string;
  certificate: string;
};

/**
 * The insurer puts the claim under review and asks for the receipt (due in 20 days) and the
 * certificate (in 40). Answers the due dates and the requests' ids.
 */
export async function askForReceiptAndCertificate(request: APIRequestContext, reference: string) {
  await insurer(request, `${reference}/status`, { status: "UNDER REVIEW" });
  const receiptDue = addDays(todayInManila(), 20);
  const certificateDue = addDays(todayInManila(), 40);
  const asked = await insurer(request, `${reference}/requirements`, {
    requirements: [
      { documentCd: null, description: RECEIPT, dueDate: receiptDue },
      { documentCd: null, description: CERTIFICATE, dueDate: certificateDue },
    ],
  });
  const [receipt, certificate] = asked.requirementIds as [string, string];
  return { receiptDue, certificateDue, receipt, certificate };
}

/** Why the examiner does not accept the receipt. */
export const RECEIPT_CUT_OFF = "The receipt is cut off at the bottom; please send the whole page.";

/**
 * The examiner does not accept the sent receipt; on the reloaded status page its card says so and
 * why, with a link to send a replacement within 90 days. Answers that link and its due date.
 */
export async function refuseReceipt(
  page: Page,
  { examiner, reference, receipt }: DocumentsUnderReview,
): Promise<{ replace: Locator; replacementDue: string }> {
  await examiner(`/claims/${reference}/requirements/${receipt}`, {
    accept: false,
    reason: RECEIPT_CUT_OFF,
  });
  await page.reload();
  const rejected = sentDocument(page, RECEIPT);
  await expect(rejected).toContainText("Not accepted");
  await expect(rejected).toContainText(`Why it was not accepted: ${RECEIPT_CUT_OFF}`);
  const replacementDue = addDays(todayInManila(), 90);
  const replace = rejected.getByRole("link", {
    name: `Send a replacement by ${shown(replacementDue)}`,
  });
  await expect(replace).toBeVisible();
  return { replace, replacementDue };
}

/**
 * The examiner accepts the receipt's replacement and the certificate: the status page names the
 * decision date again, asks for nothing, and keeps the refused receipt beside its replacement.
 * Ends on /abeyance-details, which waits for nothing.
 */
export async function acceptReplacementAndCertificate(
  page: Page,
  { request, examiner, reference, receipt, certificate }: DocumentsUnderReview,
  testInfo: TestInfo,
  screenshot: string,
): Promise<void> {
  const replacement = await replacementOf(request, reference, receipt);
  await examiner(`/claims/${reference}/requirements/${replacement}`, { accept: true });
  await examiner(`/claims/${reference}/requirements/${certificate}`, { accept: true });
  await page.reload();
  const dates = page.getByRole("region", { name: "Dates to know" });
  await expect(dates).toContainText(
    `We expect to decide on your claim by ${shown(addDays(todayInManila(), 60))}.`,
  );
  await expect(dates.getByRole("listitem")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "See what we need from you" })).toHaveCount(0);
  await expect(sentDocument(page, RECEIPT).locator(".k-requirement__state")).toHaveText([
    "Not accepted",
    "Accepted",
  ]);
  await expect(sentDocument(page, CERTIFICATE)).toContainText("Accepted");
  await expect(page.getByRole("link", { name: /Send a replacement/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, screenshot);
  await page.goto(`${CLAIM_PAGES}/abeyance-details`);
  await expect(page.getByText("We are not waiting for any document from you.")).toBeVisible();
  await expect(page.getByText(/Send by/)).toHaveCount(0);
}
