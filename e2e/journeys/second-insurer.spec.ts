import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, type Request, test } from "@playwright/test";
import { DEVELOPMENT_API_KEY } from "../../apps/server/src/config/access-config.ts";
import { WHOLE_SERVER_ADMIN } from "../playwright.config.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { signInToConsole } from "../support/console.ts";
import { phonePhoto, scannedPdf } from "../support/documents.ts";
import { readOtpFromOutbox } from "../support/outbox.ts";
import { saveScreenshot } from "../support/screens.ts";
import {
  fillStartForm,
  maria,
  otpModal,
  pressNext,
  typeOtp,
  uniqueMobile,
} from "../support/start-form.ts";
import { claimRecord, fileLivingAccidentClaim } from "../support/submission.ts";

// A second insurer configured from the console (decision 0093): an administrator adds a company
// with its own names, colours, logo, page path and allowed origin; a claimant then files a claim on
// that insurer's own page, served from another origin, and sees its name and colours throughout.

test.describe.configure({ timeout: 240_000 });

// The whole-server journeys' own server (playwright.config.ts): its companies are this journey's.
const kalinga = process.env.KALINGA_E2E_WHOLE_URL ?? "";
/** Apart per run, so a journey run again on the same server adds a company of its own. */
const run = Date.now().toString(36);
const SECOND = {
  id: `second-${run}`,
  companyName: `Second Life Assurance ${run}`,
  displayName: "Second Life Assurance",
  portalName: "Second Life Online",
  segment: `second-life-${run}`,
  primary: "#7a1f5c",
  primaryRgb: "rgb(122, 31, 92)",
};
const routerBase = `/${SECOND.segment}/help-support/claims`;

/** The insurer's logo: its name in its colour, served from its own origin. */
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="40" viewBox="0 0 240 40">
<rect width="240" height="40" rx="6" fill="${SECOND.primary}"/>
<text x="12" y="26" font-family="sans-serif" font-size="16" fill="#ffffff">${SECOND.displayName}</text>
</svg>`;

/** The insurer's claims page: the widget from Kalinga's origin under the company's own path. */
function insurerPage(): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${SECOND.displayName} claims</title></head>
<body>
<main>
<h1>${SECOND.displayName}</h1>
<div id="kalinga-claims"></div>
<script type="module" src="${kalinga}/widget/widget.js" data-kalinga-target="#kalinga-claims"
  data-api-base="${kalinga}/api" data-api-key="${DEVELOPMENT_API_KEY}"
  data-router-base="${routerBase}"></script>
</main>
</body>
</html>`;
}

let host: http.Server;
let hostOrigin = "";

test.beforeAll(async () => {
  host = http.createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://insurer.test").pathname;
    if (path === "/logo.svg") {
      response.writeHead(200, { "content-type": "image/svg+xml" }).end(LOGO);
    } else if (path.startsWith(routerBase)) {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(insurerPage());
    } else {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found");
    }
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => host.close(resolve));
});

/** The new company as the administrator writes it, over the copy of the first the console offers. */
function secondCompany(template: Record<string, unknown>): Record<string, unknown> {
  const texts = {
    displayName: SECOND.displayName,
    memberPortalName: SECOND.portalName,
    emailFooter: `${SECOND.displayName} Claims.`,
  };
  return {
    ...template,
    id: SECOND.id,
    companyName: SECOND.companyName,
    texts: { en: texts, fil: texts },
    brand: {
      primaryColour: SECOND.primary,
      onPrimaryColour: "#ffffff",
      logoUrl: `${hostOrigin}/logo.svg`,
    },
    sms: { sender: "SecondLife" },
    email: { from: `${SECOND.displayName} Claims <claims@second-life.example>` },
    memberPortalUrl: `${hostOrigin}/${SECOND.segment}/customer-portal`,
    allowedOrigins: [hostOrigin],
    selection: { default: false, pathPatterns: [SECOND.segment], hostPatterns: [] },
  };
}

async function addSecondCompany(page: Page) {
  await signInToConsole(page, WHOLE_SERVER_ADMIN);
  await page.getByRole("link", { name: "Companies" }).click();
  await expect(page.getByRole("table", { name: "Companies" })).toBeVisible();
  await page.getByRole("button", { name: "Add a company" }).click();
  const editor = page.getByLabel("Configuration (JSON)");
  await expect(editor).toBeFocused();
  const template = JSON.parse(await editor.inputValue()) as Record<string, unknown>;

  // A logo on a plain-http host other than the machine's own is refused, and names the field.
  const company = secondCompany(template);
  const badLogo = { ...(company.brand as object), logoUrl: "http://cdn.second-life.example/l.svg" };
  await editor.fill(JSON.stringify({ ...company, brand: badLogo }, null, 2));
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert")).toContainText(
    `Company "${SECOND.id}", brand.logoUrl: A logo is an https:// address`,
  );
  await expectNoAxeViolations(page);

  await editor.fill(JSON.stringify(company, null, 2));
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toContainText(`Company ${SECOND.id} was saved`);
  await expect(page.getByRole("cell", { name: SECOND.companyName })).toBeVisible();
  await expectNoAxeViolations(page);
}

test("a second insurer added in the console files a claim on its own page, from its own origin", async ({
  page,
  browser,
  request,
}, testInfo) => {
  // A phone of its own, in a fresh context each time: nothing kept from the visit before.
  const phone = async () => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    return context.newPage();
  };
  const start = `${hostOrigin}${routerBase}/cf`;
  // Before the company names its origin, the widget says the page is not set up.
  const before = await phone();
  await before.goto(start);
  await expect(
    before.getByRole("heading", { name: "Claims cannot be filed on this page yet" }),
  ).toBeVisible();
  await before.context().close();

  await addSecondCompany(page);
  const claimant = await phone();

  const calls: Request[] = [];
  claimant.on("request", (sent) => {
    if (sent.url().startsWith(`${kalinga}/api/claims/`) && sent.method() === "POST") {
      calls.push(sent);
    }
  });
  await claimant.goto(start);
  const reminder = claimant.getByRole("dialog", { name: "Filing a living claim?" });
  await expect(reminder).toContainText(`enrol in the ${SECOND.portalName}`);
  await expect(
    reminder.getByRole("button", { name: `Enroll in ${SECOND.portalName}` }),
  ).toBeVisible();
  const proceed = reminder.getByRole("button", { name: "Proceed" });
  expect(await proceed.evaluate((b) => getComputedStyle(b).borderTopColor)).toBe(SECOND.primaryRgb);
  await expectNoAxeViolations(claimant);
  await saveScreenshot(claimant, testInfo, "second-insurer-reminder");
  await proceed.click();

  const logo = claimant.getByRole("img", { name: SECOND.displayName });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  const mobile = uniqueMobile();
  await fillStartForm(claimant, { ...maria, mobile });
  await pressNext(claimant);
  await otpModal(claimant).getByRole("button", { name: "Send OTP" }).click();
  await typeOtp(claimant, await readOtpFromOutbox(request, `63${mobile}`));
  await otpModal(claimant).getByRole("button", { name: "Submit" }).click();
  await expect(claimant.getByRole("heading", { name: /Step 2 of 4/ })).toBeVisible();

  const photo = await phonePhoto("ID.jpg", 1200, 800);
  const pdf = await scannedPdf("report.pdf", "Certified true copy");
  const reference = await fileLivingAccidentClaim(claimant, testInfo, "second-insurer", {
    photo,
    pdf,
  });

  // The confirmation: the insurer's logo, named by its display name, and its colour.
  await expect(
    claimant.getByRole("heading", { name: "Your claim has been submitted" }),
  ).toBeVisible();
  await expect(logo).toBeVisible();
  const rate = claimant.getByRole("link", { name: "Rate your experience" });
  expect(await rate.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(SECOND.primaryRgb);

  // Every claim call crossed from the insurer's origin, and the claim is the new company's.
  expect(calls.length).toBeGreaterThan(5);
  const origins = await Promise.all(calls.map((call) => call.headerValue("origin")));
  expect(new Set(origins)).toEqual(new Set([hostOrigin]));
  const record = await claimRecord(request, reference);
  expect(record.companyName).toBe(SECOND.companyName);
  expect(record.channelName).toBe("Corporate Website");
  expect(record.submission?.payload.basicInformation.companyName).toBe(SECOND.companyName);
  await claimant.context().close();
});
