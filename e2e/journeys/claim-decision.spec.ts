import { type APIRequestContext, expect, type Page, type TestInfo, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import { insurer } from "../support/claim-calls.ts";
import { bpiAccount, startVerifiedClaim } from "../support/claim-steps.ts";
import { phonePhoto, scannedPdf, type TestFile } from "../support/documents.ts";
import { countOutboxMessages, readOtpFromOutbox } from "../support/outbox.ts";
import { saveScreenshot } from "../support/screens.ts";
import { otpModal, typeOtp } from "../support/start-form.ts";
import { fileLivingAccidentClaim } from "../support/submission.ts";

// The decision is told (decision 0067) at 375 px: the insurer's core system approves a living
// claim through the integration API; the claimant's SMS and e-mail say so with the payout account
// masked, and /status-details shows the outcome and what happens next instead of a promise.

const PAGES = "/help-support/claims";

async function texts(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  const body = (await response.json()) as { messages?: { text: string }[] };
  return (body.messages ?? []).map((message) => message.text).join("\n---\n");
}

let photo: TestFile;
let pdf: TestFile;
test.beforeAll(async () => {
  photo = await phonePhoto("IMG_20261126_0800.jpg", 1600, 1200);
  pdf = await scannedPdf("police-report.pdf", "Police report, certified true copy");
});

/** A living accident claim filed through the widget, paid to the sample BPI account. */
async function fileClaim(
  page: Page,
  request: APIRequestContext,
  testInfo: TestInfo,
  email: string,
) {
  const mobile = await startVerifiedClaim(page, request, { email });
  const reference = await fileLivingAccidentClaim(page, testInfo, "decision-filed", { photo, pdf });
  return { mobile, reference };
}

/** The claimant checks the claim on the phone: the number, the OTP, the claim's status page. */
async function openStatusDetails(
  page: Page,
  request: APIRequestContext,
  mobile: string,
  reference: string,
) {
  const mobile63 = `63${mobile}`;
  await page.context().clearCookies();
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(`${PAGES}/claims-tracking`);
  await page.getByRole("textbox", { name: "Mobile number" }).fill(mobile);
  const seen = await countOutboxMessages(request, mobile63);
  await page.getByRole("button", { name: "Check status" }).click();
  await otpModal(page).getByRole("button", { name: "Send OTP" }).click();
  await typeOtp(page, await readOtpFromOutbox(request, mobile63, { after: seen }));
  await otpModal(page).getByRole("button", { name: "Submit" }).click();
  await page.getByRole("button", { name: `View claim ${reference}` }).click();
  await expect(page).toHaveURL(/\/status-details$/);
}

test.describe("The decision told", () => {
  test.describe.configure({ timeout: 240_000 });

  test("an approved claim: the SMS, the e-mail and the status page say so, the account masked", async ({
    page,
    request,
  }, testInfo) => {
    const email = `decision.${Date.now()}@example.ph`;
    const { mobile, reference } = await fileClaim(page, request, testInfo, email);
    const mobile63 = `63${mobile}`;

    await insurer(request, `${reference}/status`, { status: "UNDER REVIEW" });
    await insurer(request, `${reference}/status`, {
      status: "WITH CLAIM DECISION",
      decision: { outcome: "approved", reasonCode: "AP01" },
    });

    // The SMS and the e-mail tell the outcome and where the benefit goes, the account masked.
    const masked = `******${bpiAccount.accountNumber.slice(-4)}`;
    await expect
      .poll(() => texts(request, `/api/dev/outbox?to=${mobile63}`), { timeout: 30_000 })
      .toContain(`your claim ${reference} is approved. We will pay it by bank credit to your`);
    const sms = await texts(request, `/api/dev/outbox?to=${mobile63}`);
    expect(sms).toContain(masked);
    expect(sms).not.toContain(bpiAccount.accountNumber);
    await expect
      .poll(() => texts(request, `/api/dev/email-outbox?to=${encodeURIComponent(email)}`), {
        timeout: 30_000,
      })
      .toContain(`Our claims team has decided on your claim ${reference}: it is approved.`);
    const emails = await texts(request, `/api/dev/email-outbox?to=${encodeURIComponent(email)}`);
    expect(emails).toContain(masked);
    expect(emails).not.toContain(bpiAccount.accountNumber);

    await openStatusDetails(page, request, mobile, reference);
    const decision = page.getByRole("region", { name: "The decision" });
    await expect(decision).toBeVisible();
    await expect(decision).toContainText("Your claim is approved.");
    await expect(decision).toContainText(
      `We will pay it by bank credit to your Bank of the Philippine Islands (BPI) account ${masked}.`,
    );
    await expect(page.getByText("We will tell you the decision")).toHaveCount(0);
    await expect(page.getByText(bpiAccount.accountNumber)).toHaveCount(0);
    // 375 px: nothing runs off the side of the phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "decision-approved");
  });

  test("a claim not approved: the insurer's reason and what the claimant can do, by e-mail and on the page", async ({
    page,
    request,
  }, testInfo) => {
    const email = `denied.${Date.now()}@example.ph`;
    const { mobile, reference } = await fileClaim(page, request, testInfo, email);
    const reason = "The accident happened before the policy took effect on 15 October 2026.";
    await insurer(request, `${reference}/status`, { status: "UNDER REVIEW" });
    await insurer(request, `${reference}/status`, {
      status: "WITH CLAIM DECISION",
      decision: { outcome: "denied", reasonCode: "DN01", reason },
    });

    // The SMS says the outcome and where to read why; the e-mail says why and what can be done.
    await expect
      .poll(() => texts(request, `/api/dev/outbox?to=63${mobile}`), { timeout: 30_000 })
      .toContain(`your claim ${reference} is not approved. The reason and what you can do`);
    expect(await texts(request, `/api/dev/outbox?to=63${mobile}`)).not.toContain(reason);
    await expect
      .poll(() => texts(request, `/api/dev/email-outbox?to=${encodeURIComponent(email)}`), {
        timeout: 30_000,
      })
      .toContain(`Why: ${reason}`);

    await openStatusDetails(page, request, mobile, reference);
    const decision = page.getByRole("region", { name: "The decision" });
    await expect(decision).toContainText("Your claim is not approved.");
    await expect(decision).toContainText(reason);
    await expect(decision).toContainText("Ask us to review the decision");
    await expect(decision).toContainText("Ask the Insurance Commission for assistance");
    await expect(decision).not.toContainText("We will pay");
    await expect(page.getByText("We will tell you the decision")).toHaveCount(0);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "decision-not-approved");
  });
});
