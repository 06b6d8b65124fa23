import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import { startVerifiedClaim } from "../support/claim-steps.ts";
import { phonePhoto, scannedPdf, type TestFile } from "../support/documents.ts";
import { saveScreenshot } from "../support/screens.ts";
import {
  CLAIM_SESSION_ITEMS,
  CLEARED_SESSION_ITEMS,
  type ClaimCallSeen,
  expectStoredSessionItems,
  recordClaimCalls,
  verifyAnotherClaim,
} from "../support/session.ts";
import {
  CORPORATE_START,
  fillStartForm,
  maria,
  otpModal,
  pressNext,
  sendStep1AsMaria,
  uniqueMobile,
} from "../support/start-form.ts";
import {
  type agreeAndSubmit,
  claimRecord,
  expectAcknowledgment,
  fileLivingAccidentClaim,
} from "../support/submission.ts";

// Section 3's session clearing (docs/decisions/0033): a submitted claim keeps its token only while
// its confirmation and rating are on screen; then the token, the web reference number and the
// level-1 list leave the tab with the claim's other items, and the next claim in the same tab
// starts from nothing, without the last claim's token on any call.

/** The Authorization headers one claim's calls carried. */
const tokensOf = (calls: ClaimCallSeen[]) =>
  new Set<string | undefined>(calls.map((seen) => seen.authorization).filter(Boolean));

let photo: TestFile;
let pdf: TestFile;
test.beforeAll(async () => {
  photo = await phonePhoto("IMG_20261102_1015.jpg", 1600, 1200);
  pdf = await scannedPdf("scan.pdf", "Certified true copy");
});

/** A living accident claim from Step 1 to the confirmation; returns its mobile and reference. */
async function fileClaimToConfirmation(
  page: Page,
  request: Parameters<typeof startVerifiedClaim>[1],
  name: string,
  testInfo: Parameters<typeof agreeAndSubmit>[1],
) {
  const mobile = await startVerifiedClaim(page, request);
  const reference = await fileLivingAccidentClaim(page, testInfo, name, { photo, pdf });
  return { mobile, reference };
}

test.describe("Session clearing", () => {
  test.describe.configure({ timeout: 180_000 });

  test("the rating clears the claim's session; a new claim in the tab gets its own reference and token", async ({
    page,
    request,
  }, testInfo) => {
    const calls = recordClaimCalls(page);
    const { mobile, reference } = await fileClaimToConfirmation(page, request, "rated", testInfo);

    // The confirmation keeps the token for the rating, and nothing else of the claim needs it.
    await expectStoredSessionItems(page, CLEARED_SESSION_ITEMS, ["token", "webReferenceNumber"]);
    const firstClaimTokens = tokensOf(calls);
    expect(firstClaimTokens.size).toBeGreaterThan(0);

    await page.getByRole("link", { name: "Rate your experience" }).click();
    await expect(page).toHaveURL(/\/claims-rating$/);
    await page.getByRole("radio", { name: "5 · Very easy" }).check();
    await page.getByRole("button", { name: "Send rating" }).click();
    const thanks = page.getByRole("heading", { name: "Thank you for your rating" });
    await expect(thanks).toBeFocused();
    expect((await claimRecord(request, reference)).rating?.rating).toBe(5);

    // Nothing of the claim is left in the tab: not the token, not the reference, not its pass.
    await expectStoredSessionItems(page, CLAIM_SESSION_ITEMS, []);
    await expectNoAxeViolations(page);

    // The confirmation still reads, from its receipt; the rating is closed.
    await page.getByRole("link", { name: "Back to your claim" }).click();
    await expect(page).toHaveURL(/\/claims-submission$/);
    await expect(page.getByTestId("web-reference-number")).toHaveText(reference);
    await expect(page.getByText(/by SMS to \+63 \*{6}\d{4} and by e-mail to/)).toContainText(
      maria.email,
    );
    await expect(page.getByRole("link", { name: "Rate your experience" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "confirmation-after-rating");

    // Another claim in the same tab, same mobile number: a new initClaimRequest and a new OTP,
    // not the first claim's pass straight to Step 2.
    await expectAcknowledgment(request, reference, { mobile63: `63${mobile}`, email: maria.email });
    await page.getByRole("link", { name: "Check claim status" }).click();
    await page.getByRole("link", { name: "Start a claim" }).click();
    await expect(page.getByRole("heading", { name: /Step 1 of 4/ })).toBeVisible();
    await expect(page.getByLabel("First name", { exact: true })).toHaveValue("");
    const firstCalls = calls.length;
    await fillStartForm(page, { ...maria, mobile });
    const secondReference = await verifyAnotherClaim(page, request, mobile);
    expect(secondReference).not.toBe("");
    expect(secondReference).not.toBe(reference);

    const secondCalls = calls.slice(firstCalls);
    expect(secondCalls[0]).toEqual({ call: "initClaimRequest", authorization: undefined });
    for (const seen of secondCalls) expect(firstClaimTokens.has(seen.authorization)).toBe(false);
    await expectStoredSessionItems(page, CLEARED_SESSION_ITEMS, ["token", "webReferenceNumber"]);
  });

  test("leaving the confirmation clears the claim's session; the next claim's calls never carry its token", async ({
    page,
    request,
  }, testInfo) => {
    const calls = recordClaimCalls(page);
    const { reference } = await fileClaimToConfirmation(page, request, "left", testInfo);
    await expectStoredSessionItems(page, CLEARED_SESSION_ITEMS, ["token", "webReferenceNumber"]);
    const firstClaimTokens = tokensOf(calls);

    // Keyboard alone: the focused heading, Tab to Check claim status, Enter.
    await expect(
      page.getByRole("heading", { name: "Your claim has been submitted" }),
    ).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Check claim status" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/claims-tracking$/);
    await expectStoredSessionItems(page, CLAIM_SESSION_ITEMS, []);

    // Back to the confirmation: it still shows the reference; the rating closed with the session.
    await page.goBack();
    await expect(page).toHaveURL(/\/claims-submission$/);
    await expect(page.getByTestId("web-reference-number")).toHaveText(reference);
    await expect(page.getByRole("link", { name: "Rate your experience" })).toHaveCount(0);
    await page.goto("/help-support/claims/claims-rating");
    await expect(page).toHaveURL(/\/claims-submission$/);
    await expectStoredSessionItems(page, CLAIM_SESSION_ITEMS, []);

    // A new claim after a reload of the start form: the form is empty, its calls carry no old token.
    await page.goto(CORPORATE_START);
    await expect(page.getByLabel("First name", { exact: true })).toHaveValue("");
    const firstCalls = calls.length;
    const mobile = uniqueMobile();
    await fillStartForm(page, { ...maria, mobile });
    const secondReference = await verifyAnotherClaim(page, request, mobile);
    expect(secondReference).not.toBe(reference);
    const secondCalls = calls.slice(firstCalls);
    expect(secondCalls[0]).toEqual({ call: "initClaimRequest", authorization: undefined });
    for (const seen of secondCalls) expect(firstClaimTokens.has(seen.authorization)).toBe(false);
  });

  test("Next after closing the OTP modal starts a claim without the abandoned claim's token", async ({
    page,
  }) => {
    const calls = recordClaimCalls(page);
    await sendStep1AsMaria(page);
    await expect(otpModal(page)).toBeVisible();
    await otpModal(page).getByRole("button", { name: "Close" }).click();
    await expect(otpModal(page)).toBeHidden();
    await expectStoredSessionItems(page, CLEARED_SESSION_ITEMS, ["token", "webReferenceNumber"]);

    // The abandoned claim's token is in the tab; the second init must not carry it.
    await page.getByLabel("Mobile number", { exact: true }).fill(uniqueMobile());
    await pressNext(page);
    await expect(otpModal(page)).toBeVisible();
    const inits = calls.filter((seen) => seen.call === "initClaimRequest");
    expect(inits).toEqual([
      { call: "initClaimRequest", authorization: undefined },
      { call: "initClaimRequest", authorization: undefined },
    ]);
  });
});
