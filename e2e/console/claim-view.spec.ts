import { CLAIM_STATUSES } from "@kalinga/domain/claim-lifecycle";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { CONSOLE_ADMIN } from "../playwright.config.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { CLAIM_CALL, claimCall, insurer } from "../support/claim-calls.ts";
import {
  fillBeneficiary,
  fillDeath,
  heartAttack,
  johnUsCitizen,
  startVerifiedClaim,
} from "../support/claim-steps.ts";
import { signInToConsole, tabTo } from "../support/console.ts";
import { phonePhoto, scannedPdf, uploadEveryRequired } from "../support/documents.ts";
import { countOutboxMessages } from "../support/outbox.ts";
import { saveScreenshot } from "../support/screens.ts";
import { pressNext } from "../support/start-form.ts";
import { agreeAndSubmit } from "../support/submission.ts";

// The examiner's claim view at 1280 px (decision 0071): a death claim filed through the widget by
// a beneficiary; the insurer asks for a police report, which the claimant sends; the examiner
// finds the claim by a status whose name is its own, views the report in place from the request,
// and reads the claim details by section under their labels, codes as names.

test.describe.configure({ timeout: 300_000 });

const REQUEST = "Police report of the incident, to confirm the date of death";

/** The newest claim code sent to the number after the first `after` messages. */
async function newCode(request: APIRequestContext, mobile63: string, after: number) {
  let code = "";
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${mobile63}`);
        const { messages } = (await response.json()) as { messages: { text: string }[] };
        const codes = messages
          .slice(after)
          .flatMap((m) => m.text.match(/claim code is (\d{6})/)?.[1] ?? []);
        code = codes.at(-1) ?? "";
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/** The claimant follows the claim with the filing number and sends a PDF for the request. */
async function sendForRequest(
  request: APIRequestContext,
  reference: string,
  mobile: string,
  requirementId: string,
) {
  const check = (await claimCall(request, "initClaimTracking", {})) as {
    webReferenceNumber: string;
    token: string;
  };
  const seen = await countOutboxMessages(request, `63${mobile}`);
  await claimCall(
    request,
    "requestTrackingOneTimePIN",
    { webReferenceNumber: check.webReferenceNumber, countryCode: "63", mobileNumber: mobile },
    check.token,
  );
  const oneTimePIN = await newCode(request, `63${mobile}`, seen);
  const { token } = (await claimCall(
    request,
    "validateOneTimePIN",
    { webReferenceNumber: check.webReferenceNumber, oneTimePIN },
    check.token,
  )) as { token: string };
  const pdf = await scannedPdf("requested.pdf", "Police report, certified true copy");
  const uploaded = await request.post("/api/claims/uploadRequirementDocument", {
    headers: { ...CLAIM_CALL, authorization: `Bearer ${token}` },
    multipart: { webReferenceNumber: reference, requirementId, file: pdf },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  await claimCall(request, "sendRequirementDocuments", { webReferenceNumber: reference }, token);
}

test("the examiner views a received document from its request and reads the claim by section", async ({
  page,
  browser,
  request,
}, testInfo) => {
  // A beneficiary files a death claim through the widget, on a phone.
  await page.setViewportSize({ width: 375, height: 812 });
  const mobile = await startVerifiedClaim(page, request);
  await fillDeath(page, heartAttack);
  await pressNext(page);
  await page.getByRole("button", { name: "Add a beneficiary" }).click();
  await fillBeneficiary(page, johnUsCitizen);
  await page.getByRole("button", { name: "Save beneficiary" }).click();
  await pressNext(page);
  await uploadEveryRequired(
    page,
    await phonePhoto("IMG_0001.jpg", 1600, 1200),
    await scannedPdf("scan.pdf", "Certified true copy"),
  );
  await pressNext(page);
  const reference = await agreeAndSubmit(page, testInfo, "console-view-claim");

  // The insurer's core system takes it into review and asks for a police report.
  await insurer(request, `${reference}/status`, { status: "UNDER REVIEW", reason: "Opened" });
  const asked = await insurer(request, `${reference}/requirements`, {
    requirements: [{ documentCd: null, description: REQUEST, dueDate: null }],
  });
  const [requirementId] = asked.requirementIds as [string];
  await sendForRequest(request, reference, mobile, requirementId);

  const staff = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: "en-PH",
    timezoneId: "Asia/Manila",
  });
  const console = await staff.newPage();
  await signInToConsole(console, CONSOLE_ADMIN);

  // Every status has its own name in the filter; the claim is found by its own.
  const filter = console.getByLabel("Status");
  await expect(filter.locator("option")).toHaveCount(CLAIM_STATUSES.length + 1);
  const names = (await filter.locator("option").allTextContents()).slice(1);
  expect(new Set(names).size).toBe(names.length);
  await filter.selectOption({ label: "Under review due to incomplete requirements" });
  await console.getByRole("button", { name: "Show claims" }).click();
  const row = console.getByRole("row", { name: new RegExp(reference) });
  await expect(row).toContainText("Under review due to incomplete requirements");
  await expectNoAxeViolations(console);
  await saveScreenshot(console, testInfo, "console-queue-by-status-name");
  await tabTo(console, console.getByRole("link", { name: reference }), 40);
  await console.keyboard.press("Enter");
  await expect(
    console.getByRole("heading", { level: 1, name: `Claim ${reference}` }),
  ).toBeFocused();

  // The request shows the file sent for it, named after it; it opens in place, by keyboard.
  const requests = console.getByRole("region", { name: "Requested documents", exact: true });
  const item = requests.getByRole("listitem").filter({ hasText: REQUEST }).first();
  await expect(item).toContainText("Received, to check");
  const sent = item.getByRole("list", { name: `Files sent for ${REQUEST}` });
  await expect(sent).toContainText(`${REQUEST}.pdf`);
  await expect(console.getByText("requested.pdf")).toHaveCount(0);
  await expect(console.getByText(/REQ-/)).toHaveCount(0);
  const view = sent.getByRole("button", { name: `View ${REQUEST}.pdf` });
  await tabTo(console, view, 80);
  await console.keyboard.press("Enter");
  const drawn = item.getByRole("img", { name: `${REQUEST}.pdf, Page 1 of 1` });
  await expect(drawn).toBeVisible({ timeout: 20_000 });
  await expect(item.getByRole("heading", { name: `Document: ${REQUEST}.pdf` })).toBeFocused();
  await expectNoAxeViolations(console);
  await saveScreenshot(console, testInfo, "console-claim-request-document");
  await tabTo(console, item.getByRole("button", { name: "Close document" }));
  await console.keyboard.press("Enter");
  await expect(drawn).toHaveCount(0);
  // Closing gives the focus back to where the document was opened from.
  await expect(view).toBeFocused();

  // Filed documents are named after what they are, never after the phone's file name.
  const documents = console.getByRole("region", { name: "Documents", exact: true });
  await expect(documents.getByRole("listitem").first()).toBeVisible();
  await expect(console.getByText(/IMG_0001|scan\.pdf/)).toHaveCount(0);

  // The details by section, under the domain's labels, codes as their names.
  const details = console.getByRole("region", { name: "The claim as filed" });
  const sectionTitles = await details.getByRole("heading", { level: 3 }).allTextContents();
  expect(sectionTitles).toEqual([
    "Insured",
    "Policy",
    "Policy owner details",
    "Claim details",
    "Beneficiary 1: John Smith",
    "Consents and declarations",
  ]);
  const field = (section: string, label: string) =>
    details
      .getByRole("region", { name: section, exact: true })
      .locator(".c-field")
      .filter({ has: console.getByText(label, { exact: true }) })
      .first()
      .locator("dd");
  await expect(field("Policy owner details", "Country of citizenship")).toHaveText("Philippines");
  await expect(field("Claim details", "Type of claim")).toHaveText("Death");
  await expect(field("Claim details", "Accident or illness")).toHaveText("Illness");
  const john = "Beneficiary 1: John Smith";
  await expect(field(john, "Citizenship")).toHaveText("United States");
  await expect(field(john, "Country")).toHaveText("United States");
  await expect(field(john, "Sex")).toHaveText("Male");
  await expect(field(john, "Title")).toHaveText("Mr.");
  await expect(
    details
      .getByRole("region", { name: "Consents and declarations", exact: true })
      .getByText("Marketing campaigns consent", { exact: true }),
  ).toBeVisible();
  await expect(console.getByText(/markecting/i)).toHaveCount(0);
  // The beneficiary's own documents are with his details, named after him.
  await expect(
    details
      .getByRole("region", { name: john, exact: true })
      .getByRole("button", { name: /^View .* - John Smith\.pdf$/ })
      .first(),
  ).toBeVisible();
  await expectNoAxeViolations(console);
  await saveScreenshot(console, testInfo, "console-claim-view");
  await staff.close();
});
