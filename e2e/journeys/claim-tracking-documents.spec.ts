import { dengueDeathPayload } from "@kalinga/domain/fixtures/claim-fixtures";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { CONSOLE_ADMIN } from "../playwright.config.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { fileClaimByCalls, insurer } from "../support/claim-calls.ts";
import { consoleApi } from "../support/console.ts";
import { phonePhoto } from "../support/documents.ts";
import {
  acceptReplacementAndCertificate,
  askForReceiptAndCertificate,
  CERTIFICATE,
  CLAIM_PAGES,
  checkClaimWithMobile,
  RECEIPT,
  refuseReceipt,
  sendRequested,
  sentDocument,
  shown,
} from "../support/requested-documents.ts";
import { saveScreenshot } from "../support/screens.ts";
import { uniqueMobile } from "../support/start-form.ts";

// What a claimant reads after the submit (decision 0068), at 375 px: a death claim with two
// beneficiaries, two requests with their own due dates, one document not accepted with a reason
// and replaced, then accepted, then the decision. Each document is named by what it is and whose
// it is, with its state; the decision date is paused while documents are owed.

/** Tabs forward until the target has the focus, as a keyboard user does. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 40; presses += 1) {
    if (await target.evaluate((element) => element.matches(":focus"))) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

test.describe("What the claimant reads after the submit", () => {
  test.describe.configure({ timeout: 240_000 });

  test("each document under what it is, its review, and the dates, on /status-details and /abeyance-details", async ({
    page,
    request,
    playwright,
    baseURL,
  }, testInfo) => {
    const scan = await phonePhoto("scan.jpg", 800, 600);
    const mobile = uniqueMobile();
    const reference = await fileClaimByCalls(request, dengueDeathPayload, mobile, scan);
    const asked = await askForReceiptAndCertificate(request, reference);
    const { receiptDue, certificateDue } = asked;

    // The claimant checks the claim with the number that filed it.
    await checkClaimWithMobile(page, request, mobile, reference);

    // Documents are owed: the decision date waits, each request shows its own date.
    const dates = page.getByRole("region", { name: "Dates to know" });
    await expect(dates).toContainText("Our time to decide is paused");
    await expect(dates).toContainText("The law gives us 60 days to settle a complete death claim");
    await expect(dates.getByRole("listitem")).toHaveText([
      `${RECEIPT}: send by ${shown(receiptDue)}`,
      `${CERTIFICATE}: send by ${shown(certificateDue)}`,
    ]);
    // Every file sent with the claim is named by its slot and the beneficiary it is for.
    const certificateCard = sentDocument(page, "PSA death certificate");
    await expect(certificateCard).toContainText("Received");
    await expect(certificateCard).toContainText("scan.pdf");
    await expect(
      sentDocument(page, "Valid government ID (front)").filter({
        hasText: "For beneficiary 1: Josephine Bracken",
      }),
    ).toHaveCount(1);
    await expect(
      sentDocument(page, "Guardian's valid government ID (front)").filter({
        hasText: "For beneficiary 2: Francisco Rizal",
      }),
    ).toHaveCount(1);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "tracking-documents-owed");

    // By keyboard to the requests: each open one with its own due date.
    await tabTo(page, page.getByRole("link", { name: "See what we need from you" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/abeyance-details$/);
    const requests = page.getByRole("list", { name: "Requests for documents" });
    await expect(requests.getByRole("listitem").nth(0)).toContainText(
      `Send by ${shown(receiptDue)}`,
    );
    await expect(requests.getByRole("listitem").nth(1)).toContainText(
      `Send by ${shown(certificateDue)}`,
    );
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "tracking-requests-due");
    await page.getByRole("link", { name: "Add the documents" }).click();
    await sendRequested(page, [RECEIPT], scan);

    // The examiner does not accept the receipt: the claimant reads why and sends a replacement.
    const examinerContext = await playwright.request.newContext({ baseURL });
    const examiner = await consoleApi(examinerContext, CONSOLE_ADMIN);
    const review = { request, examiner, reference, ...asked };
    const { replace } = await refuseReceipt(page, review);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "tracking-document-not-accepted");
    await tabTo(page, replace);
    await page.keyboard.press("Enter");
    await sendRequested(page, [RECEIPT, CERTIFICATE], scan);

    // Everything received: the clock runs again and names the date; nothing is asked any more.
    await acceptReplacementAndCertificate(page, review, testInfo, "tracking-documents-accepted");
    await expect(page.getByRole("link", { name: "Add the documents" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Decided: no more promise of a date, and no request link.
    await insurer(request, `${reference}/status`, {
      status: "WITH CLAIM DECISION",
      decision: { outcome: "approved", reasonCode: "AP01" },
    });
    await page.goto(`${CLAIM_PAGES}/status-details`);
    await expect(page.locator(".k-status-now .k-status-label")).toHaveText("With claim decision");
    await expect(page.getByRole("region", { name: "Dates to know" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "See what we need from you" })).toHaveCount(0);
    await saveScreenshot(page, testInfo, "tracking-decided");
    await examinerContext.dispose();
  });
});
