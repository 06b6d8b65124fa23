import { type APIRequestContext, expect, type Page, type TestInfo } from "@playwright/test";
import type { DevClaimRecord } from "../../apps/server/src/claims/dev-claim-record.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { type AccidentAnswers, motorcycleAccident, reachDocumentsStep } from "./claim-steps.ts";
import { type TestFile, uploadEveryRequired } from "./documents.ts";
import { saveScreenshot } from "./screens.ts";
import { pressNext, webReferenceNumber } from "./start-form.ts";

/** What the server holds for a claim (GET /api/dev/claims/:webReferenceNumber, never in production). */
export async function claimRecord(
  request: APIRequestContext,
  webReferenceNumber: string,
): Promise<DevClaimRecord> {
  const response = await request.get(`/api/dev/claims/${encodeURIComponent(webReferenceNumber)}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as DevClaimRecord;
}

const DECLARATIONS = [
  /^I declare that the information/,
  /^I authorize any physician/,
  /^I consent to/,
];

/**
 * On the review: a Submit without the declarations names each, then they are ticked and the
 * claim is submitted. Ends on the confirmation; returns the web reference number it shows.
 */
export async function agreeAndSubmit(
  page: Page,
  testInfo: TestInfo,
  name: string,
  options: { keyboard?: boolean } = {},
): Promise<string> {
  await expect(page).toHaveURL(/\/claims-review$/);
  await expect(page.getByRole("heading", { name: /Review your claim/ })).toBeVisible();
  await expect(page.getByText("Loading your documents…")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, `${name}-review`);

  const submit = page.getByRole("button", { name: "Submit claim" });
  // One line of text at 375 px: the button keeps its 48 px height.
  expect((await submit.boundingBox())?.height).toBeLessThanOrEqual(52);
  await submit.click();
  await expect(
    page.getByText("Please agree to this declaration to submit your claim."),
  ).toHaveCount(3);
  await expect(page.getByRole("checkbox", { name: DECLARATIONS[0] })).toBeFocused();
  await expect(page).toHaveURL(/\/claims-review$/);
  if (options.keyboard) {
    // Keyboard alone: Space ticks the focused box, Tab moves on, Enter on the button submits.
    for (const declaration of DECLARATIONS) {
      await expect(page.getByRole("checkbox", { name: declaration })).toBeFocused();
      await page.keyboard.press("Space");
      await page.keyboard.press("Tab");
    }
    await expect(page.getByRole("link", { name: "Back" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(submit).toBeFocused();
    await page.keyboard.press("Enter");
  } else {
    for (const declaration of DECLARATIONS) {
      await page.getByRole("checkbox", { name: declaration }).check();
    }
    await submit.click();
  }

  await expect(page).toHaveURL(/\/claims-submission$/);
  const title = page.getByRole("heading", { name: "Your claim has been submitted" });
  await expect(title).toBeVisible({ timeout: 30_000 });
  await expect(title).toBeFocused();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, `${name}-confirmation`);
  return (await webReferenceNumber(page).textContent()) ?? "";
}

/** Waits until the outbox holds an acknowledgment naming the claim, by SMS and by e-mail. */
export async function expectAcknowledgment(
  request: APIRequestContext,
  webReferenceNumber: string,
  to: { mobile63: string; email: string },
): Promise<void> {
  const texts = async (path: string) => {
    const response = await request.get(path);
    const body = (await response.json()) as { messages?: { text: string }[] };
    return (body.messages ?? []).map((message) => message.text).join("\n");
  };
  await expect
    .poll(() => texts(`/api/dev/outbox?to=${to.mobile63}`), { timeout: 15_000 })
    .toContain(webReferenceNumber);
  await expect
    .poll(() => texts(`/api/dev/email-outbox?to=${encodeURIComponent(to.email)}`), {
      timeout: 15_000,
    })
    .toContain(webReferenceNumber);
}

/**
 * Steps 2 to 4 of a living accident claim paid to the sample BPI account, every required slot
 * given the photo (IDs) or the PDF, then the submit. Starts on Step 2; returns the reference.
 */
export async function fileLivingAccidentClaim(
  page: Page,
  testInfo: TestInfo,
  name: string,
  files: { photo: TestFile; pdf: TestFile },
  answers: AccidentAnswers = motorcycleAccident,
): Promise<string> {
  await expect(page).toHaveURL(/\/claims-details$/);
  await reachDocumentsStep(page, answers);
  await uploadEveryRequired(page, files.photo, files.pdf);
  await pressNext(page);
  return agreeAndSubmit(page, testInfo, name);
}
