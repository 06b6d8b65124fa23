import { addDays, formatDisplayDate, todayInManila } from "@kalinga/domain/dates";
import {
  franciscoChild,
  joseClaimPayload,
  josephineSpouse,
} from "@kalinga/domain/fixtures/claim-fixtures";
import { mandatorySlotKeys, slotFactsOfPayload } from "@kalinga/domain/upload-slots";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { CONSOLE_ADMIN } from "../playwright.config.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { consoleApi } from "../support/console.ts";
import { phonePhoto, slotCard, type TestFile } from "../support/documents.ts";
import { countOutboxMessages, readOtpFromOutbox } from "../support/outbox.ts";
import { saveScreenshot } from "../support/screens.ts";
import { otpModal, typeOtp, uniqueMobile } from "../support/start-form.ts";

// What a claimant reads after the submit (decision 0068), at 375 px: a death claim with two
// beneficiaries, two requests with their own due dates, one document not accepted with a reason
// and replaced, then accepted, then the decision. Each document is named by what it is and whose
// it is, with its state; the decision date is paused while documents are owed.

const API = { "x-api-key": "kalinga-dev-key" };
const INSURER = { authorization: "Bearer kalinga-dev-insurer-key" };
const PAGES = "/help-support/claims";
const basicInformation = { companyName: "Kalinga Life", channelName: "Corporate Website" };
const deathPayload = joseClaimPayload(
  {
    claimType: "Death",
    dateOfLoss: "2026-08-15",
    causeOfLoss: "Dengue fever",
    natureOfDeath: "IL",
  },
  { beneficiaries: [josephineSpouse, franciscoChild], payout: null },
);

async function claimCall(request: APIRequestContext, call: string, body: object, token?: string) {
  const response = await request.post(`/api/claims/${call}`, {
    headers: { ...API, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    data: { basicInformation, ...body },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** A death claim filed through the claim calls, as the widget makes them; its reference. */
async function fileDeathClaim(
  request: APIRequestContext,
  mobile: string,
  scan: TestFile,
): Promise<string> {
  const started = await claimCall(request, "initClaimRequest", {});
  const webReferenceNumber = started.webReferenceNumber as string;
  await claimCall(
    request,
    "requestOneTimePIN",
    { webReferenceNumber, countryCode: "63", mobileNumber: mobile, firstName: "Josephine" },
    started.token as string,
  );
  const code = await readOtpFromOutbox(request, `63${mobile}`);
  const verified = await claimCall(
    request,
    "validateOneTimePIN",
    { webReferenceNumber, oneTimePIN: code },
    started.token as string,
  );
  const token = verified.token as string;
  for (const slotKey of mandatorySlotKeys(slotFactsOfPayload(deathPayload, todayInManila()))) {
    const uploaded = await request.post("/api/claims/uploadDocument", {
      headers: { ...API, authorization: `Bearer ${token}` },
      multipart: { webReferenceNumber, slotKey, file: scan },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);
  }
  await claimCall(
    request,
    "finalSubmitClaim",
    {
      ...deathPayload,
      webReferenceNumber,
      basicInformation: { ...deathPayload.basicInformation, ...basicInformation },
      declarations: { truthful: "Y", medicalRecordsRelease: "Y", dataPrivacy: "Y" },
    },
    token,
  );
  return webReferenceNumber;
}

async function insurer(request: APIRequestContext, path: string, body: unknown) {
  const response = await request.post(`/api/insurer/claims/${path}`, {
    headers: INSURER,
    data: body,
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** Tabs forward until the target has the focus, as a keyboard user does. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 40; presses += 1) {
    if (await target.evaluate((element) => element.matches(":focus"))) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

/** The card of one sent document by its name, within "Documents you sent". */
function sentDocument(page: Page, title: string) {
  return page
    .getByRole("region", { name: "Documents you sent" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

const shown = (iso: string) => formatDisplayDate(iso);

/** Adds a file to each request named on /abeyance-upload, then sends them all. */
async function sendRequested(page: Page, requests: string[], file: TestFile) {
  await expect(page).toHaveURL(/\/abeyance-upload$/);
  for (const label of requests) {
    const chooser = page.waitForEvent("filechooser");
    await slotCard(page, label).getByRole("button", { name: "Choose a file" }).click();
    await (await chooser).setFiles(file);
    await expect(
      slotCard(page, label).getByRole("listitem").filter({ hasText: "Uploaded" }),
    ).toBeVisible({ timeout: 30_000 });
  }
  await page.getByRole("button", { name: "Review and send" }).click();
  await page.getByRole("button", { name: "Send documents" }).click();
  await expect(page.getByRole("heading", { name: "Documents sent" })).toBeFocused();
  await page.getByRole("link", { name: "View claim status" }).click();
  await expect(page).toHaveURL(/\/status-details$/);
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
    const reference = await fileDeathClaim(request, mobile, scan);
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
    await page.goto(`${PAGES}/claims-tracking`);
    await page.getByRole("textbox", { name: "Mobile number" }).fill(mobile);
    await page.getByRole("button", { name: "Check status" }).click();
    const seen = await countOutboxMessages(request, `63${mobile}`);
    await otpModal(page).getByRole("button", { name: "Send OTP" }).click();
    await typeOtp(page, await readOtpFromOutbox(request, `63${mobile}`, { after: seen }));
    await otpModal(page).getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/your-claim-tracking$/);
    await page.getByRole("button", { name: `View claim ${reference}` }).click();
    await expect(page).toHaveURL(/\/status-details$/);

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
    const { requirements } = (await (
      await request.get(`/api/insurer/claims/${reference}`, { headers: INSURER })
    ).json()) as { requirements: { id: string; replaces: string | null }[] };
    const replacement = requirements.find((item) => item.replaces === receipt)?.id;
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
    await page.goto(`${PAGES}/abeyance-details`);
    await expect(page.getByText("We are not waiting for any document from you.")).toBeVisible();
    await expect(page.getByText(/Send by/)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Add the documents" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Decided: no more promise of a date, and no request link.
    await insurer(request, `${reference}/status`, {
      status: "WITH CLAIM DECISION",
      decision: { outcome: "approved", reasonCode: "AP01" },
    });
    await page.goto(`${PAGES}/status-details`);
    await expect(page.locator(".k-status-now .k-status-label")).toHaveText("With claim decision");
    await expect(page.getByRole("region", { name: "Dates to know" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "See what we need from you" })).toHaveCount(0);
    await saveScreenshot(page, testInfo, "tracking-decided");
    await examinerContext.dispose();
  });
});
