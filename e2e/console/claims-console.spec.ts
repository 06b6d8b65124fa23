import { expect, type Page, test } from "@playwright/test";
import { CONSOLE_ADMIN } from "../playwright.config.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { motorcycleAccident, startClaimToDocuments } from "../support/claim-steps.ts";
import { signInToConsole, signOutOfConsole, tabTo } from "../support/console.ts";
import { phonePhoto, scannedPdf, uploadEveryRequired } from "../support/documents.ts";
import { saveScreenshot } from "../support/screens.ts";
import { maria, pressNext } from "../support/start-form.ts";
import { agreeAndSubmit, expectAcknowledgment } from "../support/submission.ts";

// The claims-staff console at 1280 px, end to end: a claim filed through the widget; an
// administrator creates staff; an examiner signs in with TOTP, finds the claim, opens a document and
// asks for two documents, which reach the claimant by SMS and e-mail; a supervisor reassigns it.

test.describe.configure({ timeout: 300_000 });

const LONG_PDF_PAGES = 60;
/** The attending physician's statement, one of the long PDFs, as the console names it. */
const LONG_PDF = "Attending physician's statement.pdf";

async function fileClaim(
  page: Page,
  request: import("@playwright/test").APIRequestContext,
  testInfo: import("@playwright/test").TestInfo,
) {
  await page.setViewportSize({ width: 375, height: 812 });
  const mobile = await startClaimToDocuments(page, request);
  await uploadEveryRequired(
    page,
    await phonePhoto("IMG_0001.jpg", 1600, 1200),
    // Every PDF is a long one, so the viewer's drawing of the pages near view can be seen.
    await scannedPdf("scan.pdf", "Certified true copy", LONG_PDF_PAGES),
  );
  await pressNext(page);
  const reference = await agreeAndSubmit(page, testInfo, "console-claim");
  await expectAcknowledgment(request, reference, { mobile63: `63${mobile}`, email: maria.email });
  await page.setViewportSize({ width: 1280, height: 800 });
  return { reference, mobile };
}

async function createAccount(page: Page, account: { email: string; name: string; role: string }) {
  await page.getByLabel("E-mail address").fill(account.email);
  await page.getByLabel("Full name").fill(account.name);
  await page.getByLabel("Role").selectOption({ label: account.role });
  await page.getByRole("button", { name: "Create account" }).click();
  const created = page
    .getByRole("status")
    .filter({ hasText: `The account ${account.email} was created.` });
  await expect(created).toBeVisible();
  return (await created.locator(".c-secret").textContent()) ?? "";
}

test("staff work a claim filed through the widget", async ({
  page,
  browser,
  request,
}, testInfo) => {
  const { reference, mobile } = await fileClaim(page, request, testInfo);

  // The administrator's first sign-in sets up the authenticator, then creates the team.
  const console = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: "en-PH",
    timezoneId: "Asia/Manila",
  });
  const staffPage = await console.newPage();
  await staffPage.goto("/console/");
  await expect(
    staffPage.getByRole("heading", { name: "Sign in to the claims console" }),
  ).toBeVisible();
  await expectNoAxeViolations(staffPage);
  await saveScreenshot(staffPage, testInfo, "console-sign-in");
  const adminSecret = await signInToConsole(staffPage, CONSOLE_ADMIN, async () => {
    await expect(
      staffPage.getByRole("img", { name: "QR code of the authenticator set-up key" }),
    ).toBeVisible();
    await expectNoAxeViolations(staffPage);
    await saveScreenshot(staffPage, testInfo, "console-set-up-authenticator");
  });
  await staffPage.getByRole("link", { name: "Staff" }).click();
  await expect(staffPage.getByRole("heading", { level: 1, name: "Staff accounts" })).toBeFocused();
  const ben = { email: "ben.cruz@kalinga-life.example", name: "Ben Cruz", role: "Examiner" };
  const cora = { email: "cora.lim@kalinga-life.example", name: "Cora Lim", role: "Examiner" };
  const dina = {
    email: "dina.santos@kalinga-life.example",
    name: "Dina Santos",
    role: "Supervisor",
  };
  const benPassword = await createAccount(staffPage, ben);
  expect(benPassword).toMatch(/^[A-Za-z2-9]{20}$/);
  await createAccount(staffPage, cora);
  const dinaPassword = await createAccount(staffPage, dina);
  await expect(staffPage.getByRole("row", { name: /Ben Cruz/ })).toContainText(
    "Authenticator not set up yet",
  );
  await expectNoAxeViolations(staffPage);
  await saveScreenshot(staffPage, testInfo, "console-staff");
  await signOutOfConsole(staffPage);

  // The examiner signs in, finds the claim by its reference number and opens it.
  // The examiner works by keyboard alone, from sign-in to the claim.
  await signInToConsole(staffPage, { email: ben.email, password: benPassword }, undefined, {
    keyboard: true,
  });
  await staffPage.getByLabel("Search").fill(reference);
  await staffPage.getByRole("button", { name: "Show claims" }).click();
  const row = staffPage.getByRole("row", { name: new RegExp(reference) });
  await expect(row).toContainText(`${maria.firstName} ${maria.lastName}`);
  await expect(row).toContainText("Claim application submitted");
  await expect(staffPage.getByRole("status").filter({ hasText: "1 of 1 claims" })).toBeVisible();
  await expectNoAxeViolations(staffPage);
  await saveScreenshot(staffPage, testInfo, "console-queue");
  // Search by the claimant's mobile number finds the same claim.
  await tabTo(staffPage, staffPage.getByLabel("Search"));
  await staffPage.keyboard.press("ControlOrMeta+a");
  await staffPage.keyboard.type(`0${mobile}`);
  await staffPage.keyboard.press("Enter");
  await expect(staffPage.getByRole("row", { name: new RegExp(reference) })).toBeVisible();
  await tabTo(staffPage, staffPage.getByRole("link", { name: reference }));
  await staffPage.keyboard.press("Enter");
  await expect(
    staffPage.getByRole("heading", { level: 1, name: `Claim ${reference}` }),
  ).toBeFocused();
  await expect(staffPage.getByText(motorcycleAccident.injury)).toBeVisible();

  // A document is drawn in the page by the console, not by a plug-in.
  const firstView = staffPage.getByRole("button", { name: /^View / }).first();
  await firstView.click();
  const pageImage = staffPage.getByRole("img", { name: /Page 1 of \d+/ });
  await expect(pageImage).toBeVisible({ timeout: 20_000 });
  // The canvas is shown before pdf.js has finished painting it: wait for the ink.
  const inkOn = () =>
    pageImage.evaluate((canvas: HTMLCanvasElement) => {
      const context = canvas.getContext("2d");
      if (!context) return 0;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let ink = 0;
      for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 200) ink++;
      return ink;
    });
  await expect.poll(inkOn, { timeout: 15_000 }).toBeGreaterThan(100);
  await expectNoAxeViolations(staffPage);

  // A long PDF: only the pages near the visible part of the viewer are drawn; scrolling to the
  // end draws the last pages and gives back the canvases of the first.
  // Each file is named after its document, not after the phone's file name (decision 0071).
  await staffPage.getByRole("button", { name: `View ${LONG_PDF}` }).click();
  await expect(staffPage.getByText(`${LONG_PDF_PAGES} pages`, { exact: true })).toBeVisible();
  const viewerPages = staffPage.locator(".c-viewer__pages");
  const canvases = viewerPages.locator("canvas");
  await expect(
    staffPage.getByRole("img", { name: `${LONG_PDF}, Page 1 of ${LONG_PDF_PAGES}` }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(viewerPages.locator(".c-page")).toHaveCount(LONG_PDF_PAGES);
  const drawnAtTop = await canvases.count();
  expect(drawnAtTop).toBeGreaterThan(0);
  expect(drawnAtTop).toBeLessThanOrEqual(4);
  await saveScreenshot(staffPage, testInfo, "console-long-document");
  await viewerPages.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(
    staffPage.getByRole("img", {
      name: `${LONG_PDF}, Page ${LONG_PDF_PAGES} of ${LONG_PDF_PAGES}`,
    }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(
    staffPage.getByRole("img", { name: `${LONG_PDF}, Page 1 of ${LONG_PDF_PAGES}` }),
  ).toHaveCount(0);
  expect(await canvases.count()).toBeLessThanOrEqual(4);
  await expectNoAxeViolations(staffPage);

  // Close document by keyboard: focus goes back to the View button that opened it, not the body.
  const closeDocument = staffPage.getByRole("button", { name: "Close document" });
  await closeDocument.focus();
  await staffPage.keyboard.press("Enter");
  await expect(closeDocument).toHaveCount(0);
  await expect(staffPage.locator("button:focus")).toHaveAccessibleName(/^View /);

  // Two documents asked at once, previewed first; the claimant's SMS and e-mail are queued.
  await staffPage.getByLabel("Document", { exact: true }).first().selectOption({ index: 1 });
  await staffPage
    .getByLabel("What is wanted and why, in plain words")
    .first()
    .fill("Official receipt of the hospital bill, to check the amount claimed");
  await staffPage.getByRole("button", { name: "Add another item" }).click();
  await staffPage
    .getByLabel("What is wanted and why, in plain words")
    .nth(1)
    .fill("Police report of the collision, to confirm the date and place of the accident");
  await staffPage.getByRole("button", { name: "Preview the messages" }).click();
  const preview = staffPage.getByRole("region", { name: "What the claimant will get" });
  await expect(preview).toContainText(`your claim ${reference}, we need 2 more documents`);
  await expect(preview).toContainText("2. Police report of the collision");
  // Whom the messages go to, as the claim holds them (decision 0067).
  await expect(preview).toContainText(`To ${maria.firstName} ${maria.lastName}, the insured`);
  await expect(preview).toContainText(`To the verified mobile number +63${mobile}`);
  await expect(preview).toContainText(`To ${maria.email}`);
  await expectNoAxeViolations(staffPage);
  await saveScreenshot(staffPage, testInfo, "console-claim-request-preview");
  await staffPage.getByRole("button", { name: "Send the request" }).click();
  await expect(staffPage.getByText("The request was sent to the claimant.")).toBeVisible();
  // Staff read the insurer's status names, each its own.
  await expect(staffPage.getByRole("region", { name: "Summary" })).toContainText(
    "Pending due to incomplete requirements",
  );
  await expect(
    staffPage.getByRole("region", { name: "Requested documents" }).getByRole("listitem"),
  ).toHaveCount(2);

  const texts = async (path: string) => {
    const response = await request.get(path);
    const body = (await response.json()) as { messages?: { text: string }[] };
    return (body.messages ?? []).map((message) => message.text).join("\n");
  };
  await expect
    .poll(() => texts(`/api/dev/outbox?to=63${mobile}`), { timeout: 15_000 })
    .toContain("we need 2 more documents");
  await expect
    .poll(() => texts(`/api/dev/email-outbox?to=${encodeURIComponent(maria.email)}`), {
      timeout: 15_000,
    })
    .toContain("1. Official receipt of the hospital bill, to check the amount claimed");
  // An examiner does not assign.
  await expect(staffPage.getByRole("region", { name: "Assignment" })).toHaveCount(0);
  await signOutOfConsole(staffPage);

  // The supervisor assigns the claim to Ben, then reassigns it to Cora.
  await signInToConsole(staffPage, { email: dina.email, password: dinaPassword });
  await staffPage.goto(`/console/claims/${reference}`);
  const assignment = staffPage.getByRole("region", { name: "Assignment" });
  await assignment.getByLabel("Assign to").selectOption({ label: "Ben Cruz (Examiner)" });
  await assignment.getByRole("button", { name: "Assign" }).click();
  await expect(assignment.getByRole("status")).toHaveText("Assigned to Ben Cruz.");
  await expect(staffPage.getByRole("region", { name: "Summary" })).toContainText("Ben Cruz");
  await assignment.getByLabel("Assign to").selectOption({ label: "Cora Lim (Examiner)" });
  await assignment.getByRole("button", { name: "Assign" }).click();
  await expect(assignment.getByRole("status")).toHaveText("Assigned to Cora Lim.");
  await expect(staffPage.getByRole("region", { name: "Summary" })).toContainText("Cora Lim");
  const timeline = staffPage.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByText("Assignment changed")).toHaveCount(2);
  // Statuses read as the insurer's names, never as the stored codes.
  await expect(timeline).toContainText("Status: Pending due to incomplete requirements");
  await expect(timeline).toContainText("Status: Claim application submitted");
  await expect(timeline).not.toContainText("PENDING DUE TO INCOMPLETE REQUIREMENTS");
  await expectNoAxeViolations(staffPage);
  await saveScreenshot(staffPage, testInfo, "console-claim");
  // On a tablet the claim's columns stack and stay readable.
  await staffPage.setViewportSize({ width: 820, height: 1180 });
  await expectNoAxeViolations(staffPage);
  const overflow = await staffPage.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await saveScreenshot(staffPage, testInfo, "console-claim-tablet");
  await staffPage.setViewportSize({ width: 1280, height: 800 });
  await signOutOfConsole(staffPage);

  // The administrator reads who saw and changed the claim.
  await signInToConsole(staffPage, { ...CONSOLE_ADMIN, secret: adminSecret });
  await staffPage.getByRole("link", { name: "Audit log" }).click();
  await staffPage.getByLabel("Claim reference").fill(reference);
  await staffPage.getByRole("button", { name: "Show entries" }).click();
  const entries = staffPage.getByRole("row");
  await expect(
    entries.filter({ hasText: "claim.assign" }).filter({ hasText: dina.email }),
  ).toHaveCount(2);
  await expect(
    entries.filter({ hasText: "claim.requirements" }).filter({ hasText: ben.email }),
  ).toHaveCount(1);
  // The examiner opened two documents: the first one and the long PDF.
  await expect(
    entries.filter({ hasText: "claim.document.view" }).filter({ hasText: ben.email }),
  ).toHaveCount(2);
  await expectNoAxeViolations(staffPage);
  await saveScreenshot(staffPage, testInfo, "console-audit-log");
  await console.close();
});
