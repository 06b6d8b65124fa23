import { type APIRequestContext, expect, type Page } from "@playwright/test";
import type { TestFile } from "./documents.ts";
import { uploadTo } from "./documents.ts";
import { countOutboxMessages, readOtpFromOutbox } from "./outbox.ts";
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
