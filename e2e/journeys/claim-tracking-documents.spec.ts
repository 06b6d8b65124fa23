import { addDays, formatDisplayDate, todayInManila } from "@kalinga/domain/dates";
import { dengueDeathPayload } from "@kalinga/domain/fixtures/claim-fixtures";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { CONSOLE_ADMIN } from "../playwright.config.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { fileClaimByCalls, insurer, replacementOf } from "../support/claim-calls.ts";
import { consoleApi } from "../support/console.ts";
import { phonePhoto } from "../support/documents.ts";
import {
  CLAIM_PAGES,
  checkClaimWithMobile,
  sendRequested,
  sentDocument,
} from "../support/requested-documents.ts";
import { saveScreenshot } from "../support/screens.ts";
import { uniqueMobile } from "../support/start-form.ts";

// What a claimant reads after the submit (decision 0068), at 375 px: a death claim with two
// beneficiaries, two requests with their own due dates, one document not accepted with a reason
// and replaced, then accepted, then the decision. Each document is named by what it is and whose
// it is, with its state; the decision date is paused while documents are owed.

const shown = (iso: string) => formatDisplayDate(iso);

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
    await insurer(request, `${reference}/status`, { status: "UNDER REVIEW" });
    const receiptDue = addDays(todayInManila(), 20);
    const certificateDue = addDays(todayInManila(), 40);
    const asked = await insurer(request, `${reference}/requirements`, {
      requirements: [
        { documentCd: null, description: "Official receipt of the funeral", dueDate: receiptDue },
        { documentCd: null, description: "Barangay certificate", dueDate: certificateDue },
      ],
    });
    const [receipt, certificate] = asked.requirementIds as [string, string];

    // The claimant checks the claim with the number that filed it.
    await checkClaimWithMobile(page, request, mobile, reference);

    // Documents are owed: the decision date waits, each request shows its own date.
    const dates = page.getByRole("region", { name: "Dates to know" });
    await expect(dates).toContainText("Our time to decide is paused");
    await expect(dates).toContainText("The law gives us 60 days to settle a complete death claim");
    await expect(dates.getByRole("listitem")).toHaveText([
      `Official receipt of the funeral: send by ${shown(receiptDue)}`,
      `Barangay certificate: send by ${shown(certificateDue)}`,
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
    await sendRequested(page, ["Official receipt of the funeral"], scan);

    // The examiner does not accept the receipt: the claimant reads why and sends a replacement.
    const examinerContext = await playwright.request.newContext({ baseURL });
    const examiner = await consoleApi(examinerContext, CONSOLE_ADMIN);
    const reason = "The receipt is cut off at the bottom; please send the whole page.";
    await examiner(`/claims/${reference}/requirements/${receipt}`, { accept: false, reason });
    await page.reload();
    const rejected = sentDocument(page, "Official receipt of the funeral");
    await expect(rejected).toContainText("Not accepted");
    await expect(rejected).toContainText(`Why it was not accepted: ${reason}`);
    const replacementDue = addDays(todayInManila(), 90);
    const replace = rejected.getByRole("link", {
      name: `Send a replacement by ${shown(replacementDue)}`,
    });
    await expect(replace).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "tracking-document-not-accepted");
    await tabTo(page, replace);
    await page.keyboard.press("Enter");
    await sendRequested(page, ["Official receipt of the funeral", "Barangay certificate"], scan);

    // Everything received: the clock runs again and names the date; nothing is asked any more.
    const replacement = await replacementOf(request, reference, receipt);
    await examiner(`/claims/${reference}/requirements/${replacement}`, { accept: true });
    await examiner(`/claims/${reference}/requirements/${certificate}`, { accept: true });
    await page.reload();
    await expect(dates).toContainText(
      `We expect to decide on your claim by ${shown(addDays(todayInManila(), 60))}.`,
    );
    await expect(dates.getByRole("listitem")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "See what we need from you" })).toHaveCount(0);
    await expect(
      sentDocument(page, "Official receipt of the funeral").locator(".k-requirement__state"),
    ).toHaveText(["Not accepted", "Accepted"]);
    await expect(sentDocument(page, "Barangay certificate")).toContainText("Accepted");
    await expect(page.getByRole("link", { name: /Send a replacement/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "tracking-documents-accepted");
    await page.goto(`${CLAIM_PAGES}/abeyance-details`);
    await expect(page.getByText("We are not waiting for any document from you.")).toBeVisible();
    await expect(page.getByText(/Send by/)).toHaveCount(0);
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
