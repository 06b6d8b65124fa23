import { nextWorkingDay } from "@kalinga/domain/working-days";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import { INSURER, insurer } from "../support/claim-calls.ts";
import { startVerifiedClaim } from "../support/claim-steps.ts";
import { phonePhoto, scannedPdf, slotCard, type TestFile } from "../support/documents.ts";
import { countOutboxMessages, readOtpFromOutbox } from "../support/outbox.ts";
import { saveScreenshot } from "../support/screens.ts";
import { otpModal } from "../support/start-form.ts";
import { fileLivingAccidentClaim } from "../support/submission.ts";

// The claimant follows a claim (decisions 0055, 0056) at 375 px: the insurer's core system moves
// the claim and asks for two documents through the integration API; the claimant, from the link in
// the status SMS, verifies the number, sends a photo and a PDF, and sees the claim back in review.

const PAGES = "/help-support/claims";

type OutboxSms = { text: string };
/** The link to the status page of PENDING in an SMS to the number (messages of one batch may arrive in any order). */
async function pendingLinkOf(request: APIRequestContext, mobile63: string): Promise<string> {
  let link = "";
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${mobile63}`);
        const { messages } = (await response.json()) as { messages: OutboxSms[] };
        const links = messages.flatMap(
          (message) => message.text.match(/https?:\/\/\S+\/link-status\/[a-z-]+/g) ?? [],
        );
        link =
          links.find((found) => found.endsWith("/pending-due-to-incomplete-requirements")) ?? "";
        return links;
      },
      { timeout: 30_000 },
    )
    .toContainEqual(
      expect.stringMatching(/\/link-status\/pending-due-to-incomplete-requirements$/),
    );
  return link;
}

/** The claim's status on /status-details, after a reload that reads it again. */
async function statusShown(page: Page): Promise<string> {
  await page.reload();
  const label = page.locator(".k-status-now .k-status-label");
  await expect(label).toBeVisible();
  return (await label.textContent()) ?? "";
}

/** Tabs forward until the target has the focus, as a keyboard user does. */
async function tabTo(
  page: Page,
  role: "button" | "link" | "textbox" | Locator,
  name?: string | RegExp,
) {
  const target = typeof role === "string" ? page.getByRole(role, { name }) : role;
  for (let presses = 0; presses < 25; presses += 1) {
    if (await target.evaluate((element) => element.matches(":focus"))) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

let photo: TestFile;
let pdf: TestFile;
test.beforeAll(async () => {
  photo = await phonePhoto("IMG_20261124_0930.jpg", 2400, 1800);
  pdf = await scannedPdf("police-report.pdf", "Police report, certified true copy");
});

test.describe("Following a claim", () => {
  test.describe.configure({ timeout: 240_000 });

  test("from the status SMS to the documents sent, by keyboard, then every status label", async ({
    page,
    request,
  }, testInfo) => {
    // A claim filed through the widget.
    const mobile = await startVerifiedClaim(page, request);
    const mobile63 = `63${mobile}`;
    const reference = await fileLivingAccidentClaim(page, testInfo, "tracking-filed", {
      photo,
      pdf,
    });

    // The core claims system takes it into review, then asks for two documents at once.
    await insurer(request, `${reference}/status`, { status: "UNDER REVIEW", reason: "Opened" });
    const asked = await insurer(request, `${reference}/requirements`, {
      requirements: [
        {
          documentCd: null,
          description: "Official receipt of the hospital bill",
          dueDate: null,
        },
        { documentCd: null, description: "Police report of the collision", dueDate: null },
      ],
    });
    const [receiptItem, policeItem] = asked.requirementIds as [string, string];

    // A new tab opens the link of the SMS: a status, nothing of the claim.
    await page.context().clearCookies();
    await page.evaluate(() => sessionStorage.clear());
    const link = await pendingLinkOf(request, mobile63);
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Your claim\u2019s status" })).toBeVisible();
    await expect(page.locator(".k-status-label")).toHaveText(
      "Pending Due to Incomplete Requirements",
    );
    await expect(page.getByText(reference)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "tracking-link-status");

    // Keyboard alone: the check, the OTP, the list, the claim, the requests.
    await tabTo(page, "link", "See my claim");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/claims-tracking$/);
    await expect(page.getByRole("heading", { name: "Check claim status" })).toBeFocused();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "tracking-check");
    await tabTo(page, "textbox", "Mobile number");
    await page.keyboard.type(mobile);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("textbox", { name: /Web reference number/ })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Check status" })).toBeFocused();
    const seen = await countOutboxMessages(request, mobile63);
    await page.keyboard.press("Enter");
    await expect(otpModal(page)).toBeVisible();
    await expect(
      otpModal(page).getByText(/use the mobile number you gave when you filed/),
    ).toHaveCount(0);
    await tabTo(page, "button", "Send OTP");
    await page.keyboard.press("Enter");
    const code = await readOtpFromOutbox(request, mobile63, { after: seen });
    await expect(page.getByRole("textbox", { name: "Digit 1 of 6" })).toBeFocused();
    await expect(
      otpModal(page).getByText(/use the mobile number you gave when you filed/),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.type(code, { delay: 20 });
    await tabTo(page, "button", "Submit");
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(/\/your-claim-tracking$/);
    await expect(page.getByRole("heading", { name: "Your claims" })).toBeFocused();
    const card = page.getByRole("listitem").filter({ hasText: reference });
    await expect(card.getByText("Pending Due to Incomplete Requirements")).toBeVisible();
    await expect(card.getByText("Accident claim")).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "tracking-your-claims");
    await tabTo(page, "button", `View claim ${reference}`);
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(/\/status-details$/);
    await expect(page.getByRole("heading", { name: "Claim status" })).toBeFocused();
    await expect(page.locator(".k-status-now .k-status-label")).toHaveText(
      "Pending Due to Incomplete Requirements",
    );
    await expect(page.locator(".k-timeline")).toContainText("Claim application submitted");
    await expect(page.locator(".k-timeline")).toContainText("Under review");
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "tracking-status-details");
    await tabTo(page, "link", "See what we need from you");
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(/\/abeyance-details$/);
    await expect(page.getByRole("heading", { name: "What we need from you" })).toBeFocused();
    await expect(
      page.getByRole("heading", { name: "Police report of the collision" }),
    ).toBeVisible();
    await expect(page.getByText("Asked", { exact: true })).toHaveCount(2);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "tracking-abeyance-details");
    await tabTo(page, "link", "Add the documents");
    await page.keyboard.press("Enter");

    // The same uploader as Step 4: a photo for the receipt, a PDF for the police report.
    await expect(page).toHaveURL(/\/abeyance-upload$/);
    await expect(
      page.getByRole("heading", { name: "Add the documents we asked for" }),
    ).toBeFocused();
    // Each request's due date is read within its own region, as a screen reader walks them.
    await expect(slotCard(page, "Police report of the collision")).toContainText(
      /Send by \d{2} [A-Z][a-z]{2} \d{4}/,
    );
    for (const [label, file] of [
      ["Official receipt of the hospital bill", photo],
      ["Police report of the collision", pdf],
    ] as const) {
      const chooser = page.waitForEvent("filechooser");
      await tabTo(page, slotCard(page, label).getByRole("button", { name: "Choose a file" }));
      await page.keyboard.press("Enter");
      await (await chooser).setFiles(file);
      await expect(
        slotCard(page, label).getByRole("listitem").filter({ hasText: "Uploaded" }),
      ).toBeVisible({ timeout: 30_000 });
    }
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "tracking-abeyance-upload");
    await tabTo(page, "button", "Review and send");
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(/\/abeyance-review$/);
    await expect(page.getByRole("heading", { name: "Check and send" })).toBeFocused();
    await expect(page.getByText("IMG_20261124_0930.pdf")).toBeVisible();
    await expect(page.getByText("police-report.pdf")).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "tracking-abeyance-review");
    await tabTo(page, "button", "Send documents");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Documents sent" })).toBeFocused();
    await expect(
      page.getByRole("status").filter({ hasText: "We received 2 documents" }),
    ).toContainText("\u201cUnder review\u201d");
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "tracking-documents-sent");
    await tabTo(page, "link", "View claim status");
    await page.keyboard.press("Enter");
    await expect(page.locator(".k-status-now .k-status-label")).toHaveText("Under review");

    // The core claims system reads both files, each attached to its request.
    const claim = (await insurer(request, reference)) as {
      status: string;
      requirements: { id: string; state: string }[];
      documents: {
        id: string;
        name: string;
        requirementId?: string | null;
        downloadPath: string;
      }[];
    };
    expect(claim.status).toBe("UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS");
    for (const [item, name] of [
      [receiptItem, "IMG_20261124_0930.pdf"],
      [policeItem, "police-report.pdf"],
    ] as const) {
      expect(claim.requirements.find((requirement) => requirement.id === item)?.state).toBe(
        "received",
      );
      const document = claim.documents.find((stored) => stored.requirementId === item);
      expect(document?.name).toBe(name);
      const file = await request.get(document?.downloadPath ?? "", { headers: INSURER });
      expect(file.status()).toBe(200);
      expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
    }

    // Every label of section 4's table, as the claimant reads it, driven by the integration API.
    await insurer(request, `${reference}/requirements`, {
      requirements: [
        {
          documentCd: null,
          description: "Medical certificate",
          dueDate: nextWorkingDay(manilaIso(0)),
        },
      ],
    });
    expect(await statusShown(page)).toBe("Pending Due to Incomplete Requirements");
    // The API takes no due date before the next working day: the demo's development route moves
    // it to yesterday, so every open item is past due and the claim may be closed.
    expect((await request.post(`/api/dev/claims/${reference}/overdue`)).status()).toBe(200);
    await insurer(request, `${reference}/status`, {
      status: "CLOSED - DUE TO INCOMPLETE REQUIREMENTS",
    });
    expect(await statusShown(page)).toBe("Closed - Due to Incomplete Requirements");
    await insurer(request, `${reference}/status`, {
      status: "UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS",
    });
    expect(await statusShown(page)).toBe("Under review");
    await insurer(request, `${reference}/status`, {
      status: "WITH CLAIM DECISION",
      decision: { outcome: "approved", reasonCode: "AP01" },
    });
    expect(await statusShown(page)).toBe("With claim decision");
    await insurer(request, `${reference}/status`, { status: "PAYMENT UNSUCCESSFUL" });
    expect(await statusShown(page)).toBe("Payment unsuccessful");
    await insurer(request, `${reference}/status`, { status: "CLAIM COMPLETED" });
    expect(await statusShown(page)).toBe("Claim completed");
    await expect(page.locator(".k-timeline")).toContainText("Claim application submitted");

    // The policy number as section 4 shows it, by the match the insurer recorded.
    const policyShown = async () => {
      await statusShown(page);
      return page.locator(".k-facts div").filter({ hasText: "Policy number" }).locator("dd");
    };
    for (const [matchCode, shown] of [
      [0, "1234567890"],
      [2, "For further verification"],
      [5, "Unavailable at this time"],
    ] as const) {
      await insurer(request, `${reference}/policy-match`, {
        policyNumber: "1234567890",
        matchCode,
      });
      await expect(await policyShown()).toHaveText(shown);
    }
    await saveScreenshot(page, testInfo, "tracking-claim-completed");
  });

  test("an unknown status link shows a clear page, and the tracking screens ask for the check first", async ({
    page,
  }, testInfo) => {
    await page.goto(`${PAGES}/claims-link-status/not-a-status`);
    await expect(page.getByRole("heading", { name: "We could not read this link" })).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "tracking-unknown-link");
    await page.goto(`${PAGES}/status-details`);
    await expect(page).toHaveURL(/\/claims-tracking$/);
    await page.getByRole("textbox", { name: "Mobile number" }).fill("12345");
    await page.getByRole("textbox", { name: /Web reference number/ }).fill("KL-12");
    await page.getByRole("button", { name: "Check status" }).click();
    await expect(page.getByText(/Please enter the web reference number as it is/)).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Mobile number" })).toBeFocused();
    await expect(otpModal(page)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

/** A date `days` from today in Manila, as the integration API takes it: yyyy-MM-dd. */
function manilaIso(days: number): string {
  return new Date(Date.now() + (8 * 60 + days * 24 * 60) * 60_000).toISOString().slice(0, 10);
}
