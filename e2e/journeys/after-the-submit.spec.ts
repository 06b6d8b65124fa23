import {
  dengueDeath,
  joseClaimPayload,
  josephineSpouse,
  joseStep1,
} from "@kalinga/domain/fixtures/claim-fixtures";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { CONSOLE_ADMIN } from "../playwright.config.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { fileClaimByCalls, insurer } from "../support/claim-calls.ts";
import { consoleApi, signInToConsole } from "../support/console.ts";
import { phonePhoto, type TestFile } from "../support/documents.ts";
import { emailsTo, type OutboxEmail, smsTo } from "../support/outbox.ts";
import {
  acceptReplacementAndCertificate,
  askForReceiptAndCertificate,
  CERTIFICATE,
  CLAIM_PAGES,
  checkClaimWithMobile,
  RECEIPT,
  RECEIPT_CUT_OFF,
  refuseReceipt,
  sendRequested,
  sentDocument,
  shown,
} from "../support/requested-documents.ts";
import { saveScreenshot } from "../support/screens.ts";
import { uniqueMobile } from "../support/start-form.ts";

// After the submit, end to end at 375 px (issue 20; decisions 0067, 0068, 0070, 0071): Josephine
// files the death claim of her late husband Jose from her own verified mobile. The insurer asks for
// two items with different due dates; the receipt she sends is not accepted with a reason, she
// replaces it, both are accepted and the claim is approved. At every step every SMS and e-mail sent
// to her is read: none greets Jose, e-mails name him only as "the late …". Her status pages show
// each document's state, each open item's date, the expected decision date and the decision; the
// examiner's claim view is photographed at 1280 px.
//
// The claim is filed through the claim calls, as the widget makes them: the widget's own 375 px
// walk through a death claim is e2e/console/claim-view.spec.ts, and repeating it here would double
// this journey's time without reaching any screen after the submit.

const whole = (message: OutboxEmail) => `${message.subject ?? ""}\n${message.text}`;

/**
 * Every message the filer has: SMS name nobody; e-mails greet Josephine, never Jose, and name him
 * only as "the late Jose Rizal".
 */
async function readEverything(request: APIRequestContext, mobile63: string, email: string) {
  const sms = await smsTo(request, mobile63);
  for (const message of sms) {
    expect(message.text, "an SMS names nobody").not.toMatch(/Jose|Rizal|Dear/);
  }
  const emails = await emailsTo(request, email);
  for (const message of emails) {
    const text = whole(message);
    expect(text, "the e-mail greets the beneficiary who filed").toContain("Dear Josephine,");
    expect(text, "the e-mail never greets the insured").not.toMatch(/Dear Jose\b/);
    const namings = text.match(/Rizal/g)?.length ?? 0;
    const late = text.match(/the late Jose Rizal\b/g)?.length ?? 0;
    expect(namings, `the insured is named only as "the late …" in:\n${text}`).toBe(late);
  }
  return { sms: sms.map((m) => m.text), emails: emails.map(whole) };
}

/** Waits until the filer's SMS and e-mail both hold something new that contains the words. */
async function waitForMessages(
  request: APIRequestContext,
  mobile63: string,
  email: string,
  words: { sms: string; email: string },
) {
  await expect
    .poll(async () => (await smsTo(request, mobile63)).map((m) => m.text).join("\n---\n"), {
      timeout: 30_000,
    })
    .toContain(words.sms);
  await expect
    .poll(async () => (await emailsTo(request, email)).map(whole).join("\n---\n"), {
      timeout: 30_000,
    })
    .toContain(words.email);
  return readEverything(request, mobile63, email);
}

/** Josephine files her late husband's death claim from her own mobile, which the OTP proves. */
async function fileDeathClaim(
  request: APIRequestContext,
  mobile: string,
  email: string,
  scan: TestFile,
): Promise<string> {
  // Step 1 holds the insured's names and the filer's own mobile and e-mail (decision 0042).
  const payload = joseClaimPayload(dengueDeath, {
    step1: { ...joseStep1, phoneNumber: mobile, emailAddress: email },
    beneficiaries: [{ ...josephineSpouse, phoneNumber: mobile, emailAddress: email }],
    payout: null,
  });
  return fileClaimByCalls(request, payload, mobile, scan);
}

/** How the e-mails write a date: "20 December 2026" in en-PH. */
const written = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-PH", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

test.describe("After the submit, a death claim filed by a beneficiary", () => {
  test.describe.configure({ timeout: 300_000 });

  test("the filer is told each step by her own name, sees every document's state and the dates, and reads the decision", async ({
    page,
    request,
    browser,
    playwright,
    baseURL,
  }, testInfo) => {
    const scan = await phonePhoto("scan.jpg", 800, 600);
    const mobile = uniqueMobile();
    const mobile63 = `63${mobile}`;
    const email = `josephine.${Date.now()}@example.ph`;
    const reference = await fileDeathClaim(request, mobile, email, scan);

    // The acknowledgment: condolences, the claim named for the late insured.
    await waitForMessages(request, mobile63, email, {
      sms: `received your claim, ref. ${reference}`,
      email: "Thank you for filing the death claim for the late Jose Rizal",
    });

    // The insurer asks for two items, each with its own due date.
    const asked = await askForReceiptAndCertificate(request, reference);
    const { receiptDue, certificateDue } = asked;
    const asking = await waitForMessages(request, mobile63, email, {
      sms: `we need 2 more documents, the first by ${written(receiptDue)}`,
      email: `1. ${RECEIPT} (by ${written(receiptDue)})`,
    });
    const requirementEmail = asking.emails.find((text) => text.includes(`1. ${RECEIPT}`)) ?? "";
    expect(requirementEmail).toContain(`2. ${CERTIFICATE} (by ${written(certificateDue)})`);
    expect(requirementEmail).toContain(`the claim for the late Jose Rizal (${reference})`);

    // Josephine checks the claim with her number, as the SMS tells her.
    await checkClaimWithMobile(page, request, mobile, reference);

    const dates = page.getByRole("region", { name: "Dates to know" });
    await expect(dates).toContainText("Our time to decide is paused");
    await expect(dates.getByRole("listitem")).toHaveText([
      `${RECEIPT}: send by ${shown(receiptDue)}`,
      `${CERTIFICATE}: send by ${shown(certificateDue)}`,
    ]);
    await expect(sentDocument(page, "PSA death certificate")).toContainText("Received");
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "after-submit-documents-owed");

    await page.getByRole("link", { name: "See what we need from you" }).click();
    await expect(page).toHaveURL(/\/abeyance-details$/);
    const requests = page.getByRole("list", { name: "Requests for documents" });
    await expect(requests.getByRole("listitem").nth(0)).toContainText(RECEIPT);
    await expect(requests.getByRole("listitem").nth(0)).toContainText(
      `Send by ${shown(receiptDue)}`,
    );
    await expect(requests.getByRole("listitem").nth(1)).toContainText(CERTIFICATE);
    await expect(requests.getByRole("listitem").nth(1)).toContainText(
      `Send by ${shown(certificateDue)}`,
    );
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "after-submit-requests-due");

    // She sends the receipt first; she is told it arrived.
    await page.getByRole("link", { name: "Add the documents" }).click();
    await sendRequested(page, [RECEIPT], scan);
    await waitForMessages(request, mobile63, email, {
      sms: `we received 1 document for your claim ${reference}`,
      email: "We received the document you sent for the claim for the late Jose Rizal",
    });
    await expect(sentDocument(page, RECEIPT)).toContainText("Received");

    // The examiner does not accept it, with a reason she reads, and a replacement is asked for.
    const examinerContext = await playwright.request.newContext({ baseURL });
    const examiner = await consoleApi(examinerContext, CONSOLE_ADMIN);
    const review = { request, examiner, reference, ...asked };
    const reason = RECEIPT_CUT_OFF;
    const { replace, replacementDue } = await refuseReceipt(page, review);
    await expect(dates.getByRole("listitem")).toHaveText([
      `${CERTIFICATE}: send by ${shown(certificateDue)}`,
      `${RECEIPT}: send by ${shown(replacementDue)}`,
    ]);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "after-submit-not-accepted");
    // She is told at once, though the certificate is still open: the e-mail says which and why.
    const refused = await waitForMessages(request, mobile63, email, {
      sms: `a document you sent for your claim ${reference} was not accepted. Please send a replacement by ${written(replacementDue)}.`,
      email: `We could not accept the document you sent for the claim for the late Jose Rizal (${reference}): ${RECEIPT}.`,
    });
    expect(refused.emails.at(-1)).toContain(`Why: ${reason}`);
    expect(refused.emails.at(-1)).toContain(
      `Please send a replacement by ${written(replacementDue)}.`,
    );
    expect(refused.sms.at(-1)).not.toContain(reason);

    // She replaces the receipt and sends the certificate.
    await replace.click();
    await sendRequested(page, [RECEIPT, CERTIFICATE], scan);
    await waitForMessages(request, mobile63, email, {
      sms: `we received 2 documents for your claim ${reference}`,
      email: "We received the 2 documents you sent for the claim for the late Jose Rizal",
    });

    // Both accepted: the clock runs again and names the date; nothing is asked any more.
    await acceptReplacementAndCertificate(page, review, testInfo, "after-submit-accepted");
    await expectNoAxeViolations(page);

    // Approved: the decision in plain words, on the screen, by SMS and by e-mail. A death claim
    // holds no payout account (the beneficiaries are paid by the insurer's own arrangement), so
    // no account digits are shown anywhere.
    await insurer(request, `${reference}/status`, {
      status: "WITH CLAIM DECISION",
      decision: { outcome: "approved", reasonCode: "AP01" },
    });
    const told = await waitForMessages(request, mobile63, email, {
      sms: `your claim ${reference} is approved. We will contact the beneficiaries about the payment.`,
      email: `Our claims team has decided on the claim for the late Jose Rizal (${reference}): it is approved.`,
    });
    for (const text of [...told.sms, ...told.emails]) expect(text).not.toMatch(/\*{4,}\d{4}/);
    await page.goto(`${CLAIM_PAGES}/status-details`);
    const decision = page.getByRole("region", { name: "The decision" });
    await expect(decision).toContainText("Your claim is approved.");
    await expect(decision).toContainText("We will contact the beneficiaries about the payment.");
    await expect(page.getByText("We will tell you the decision")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Dates to know" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "See what we need from you" })).toHaveCount(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "after-submit-approved");
    await examinerContext.dispose();
    const everything = await readEverything(request, mobile63, email);
    await testInfo.attach("messages-to-the-filer.txt", {
      body: [...everything.sms, ...everything.emails].join("\n\n======\n\n"),
      contentType: "text/plain",
    });

    // The examiner's claim view of the same claim at 1280 px.
    // A desktop context: the phone project's touch and 2x pixels would otherwise carry over.
    const staff = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      deviceScaleFactor: 1,
      isMobile: false,
      hasTouch: false,
      locale: "en-PH",
      timezoneId: "Asia/Manila",
    });
    const console = await staff.newPage();
    await signInToConsole(console, CONSOLE_ADMIN);
    await console.goto(`/console/claims/${reference}`);
    await expect(
      console.getByRole("heading", { level: 1, name: `Claim ${reference}` }),
    ).toBeVisible();
    const asked2 = console.getByRole("region", { name: "Requested documents", exact: true });
    await expect(asked2.getByRole("listitem").filter({ hasText: RECEIPT }).first()).toBeVisible();
    await expect(console.getByText(/REQ-|requested\.pdf/)).toHaveCount(0);
    // The claim is decided: no form offers to ask for what the lifecycle would refuse.
    await expect(asked2.getByRole("form", { name: "Ask the claimant for documents" })).toHaveCount(
      0,
    );
    await expect(asked2).toContainText(
      "Documents can no longer be asked for at this claim's status.",
    );
    // The timeline tells a document received, not accepted and accepted apart, by its request.
    const timeline = console.getByRole("region", { name: "Timeline" });
    await expect(timeline).toContainText(`Document not accepted: ${RECEIPT}`);
    await expect(timeline).toContainText(`Document accepted: ${RECEIPT}`);
    await expect(timeline).toContainText(`Document accepted: ${CERTIFICATE}`);
    await expect(timeline).toContainText(`Document received: ${CERTIFICATE}`);
    await expectNoAxeViolations(console);
    await saveScreenshot(console, testInfo, "after-submit-console-claim-view");
    await staff.close();
  });
});
