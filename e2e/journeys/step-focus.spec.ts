import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import {
  bpiAccount,
  fillBankPayout,
  fillLivingAccident,
  motorcycleAccident,
  startVerifiedClaim,
} from "../support/claim-steps.ts";
import { phonePhoto, scannedPdf, uploadEveryRequired } from "../support/documents.ts";
import { saveScreenshot } from "../support/screens.ts";
import { pressNext } from "../support/start-form.ts";

// At 375 px: after each move between steps the step's heading is at the top of the view and has
// the focus inside the widget's shadow root; an Edit from the review lands on its step's heading;
// Back returns to where the claimant was.

type Opening = { focused: string; headingTop: number; scrollY: number };

/** What has the focus inside the widget, where the step's heading sits, and the page's scroll. */
function opening(page: Page): Promise<Opening> {
  return page.evaluate(() => {
    const root = document.querySelector("#kalinga-claims")?.shadowRoot;
    const heading = root?.querySelector<HTMLElement>(".k-screen-title");
    return {
      focused: root?.activeElement === heading ? (heading?.textContent ?? "") : "",
      headingTop: heading ? heading.getBoundingClientRect().top : Number.NaN,
      scrollY: window.scrollY,
    };
  });
}

/** The step titled `title` opened with its heading focused and near the top of the view. */
async function expectOpenedAt(page: Page, title: RegExp): Promise<Opening> {
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect.poll(async () => (await opening(page)).focused).toMatch(title);
  const seen = await opening(page);
  // scroll-margin-top 16 px: the heading starts 16 px below the top of the view.
  expect(seen.headingTop).toBeGreaterThanOrEqual(0);
  expect(seen.headingTop).toBeLessThanOrEqual(24);
  // Each of these steps opens below the host page's header, so the page has scrolled to it.
  expect(seen.scrollY).toBeGreaterThan(100);
  return seen;
}

test("each step opens at its focused heading; Edit lands on its step; Back returns where the claimant was", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await startVerifiedClaim(page, request);
  // A verified OTP opens Step 2 at its heading.
  await expectOpenedAt(page, /Step 2 of 4/);
  await saveScreenshot(page, testInfo, "step-2-opens");

  await fillLivingAccident(page, motorcycleAccident);
  await pressNext(page);
  await expectOpenedAt(page, /Step 3 of 4/);

  // Back from Step 3: Step 2 where the claimant left it, at its foot by the Next button.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const leftStep3At = await page.evaluate(() => window.scrollY);
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/claims-details$/);
  await expect.poll(async () => (await opening(page)).focused).toMatch(/Step 2 of 4/);
  const backOnStep2 = await opening(page);
  expect(backOnStep2.headingTop).toBeLessThan(0);
  // And the browser's Back returns to Step 3 where it was left.
  await page.goBack();
  await expect(page).toHaveURL(/\/payout-option$/);
  await expect
    .poll(async () => (await opening(page)).scrollY)
    .toBeGreaterThanOrEqual(leftStep3At - 2);
  expect((await opening(page)).scrollY).toBeLessThanOrEqual(leftStep3At + 2);
  await expect.poll(async () => (await opening(page)).focused).toMatch(/Step 3 of 4/);

  await fillBankPayout(page, bpiAccount);
  await pressNext(page);
  await expectOpenedAt(page, /Step 4 of 4/);
  await uploadEveryRequired(
    page,
    await phonePhoto("IMG_20261125_0900.jpg", 2000, 1500),
    await scannedPdf("scan.pdf", "Certified true copy"),
  );
  await pressNext(page);
  // The review opens on its summary, not on the declarations at its foot.
  await expectOpenedAt(page, /Review your claim/);
  await expect(page.getByText("Loading your documents…")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "review-opens");

  // An Edit from the review lands on the heading of the step it edits.
  await page.getByRole("link", { name: "Edit claim details" }).click();
  await expect(page).toHaveURL(/\/claims-details$/);
  await expectOpenedAt(page, /Step 2 of 4/);
});
