import { CHALLENGE_HEADER } from "@kalinga/domain/claim-api";
import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import { saveScreenshot } from "../support/screens.ts";
import { otpModal, sendStep1AsMaria } from "../support/start-form.ts";

// Above an address's normal rate of claim starts the server asks a proof of work (decision 0061);
// the widget solves it in a lazily loaded Web Worker and the claimant carries on. The fast server
// trusts the loopback proxy and lets an address start 20 claims per window for free (see
// playwright.config.ts); each test names its own address in X-Forwarded-For.

test.use({ baseURL: process.env.KALINGA_E2E_FAST_URL ?? "" });

const FREE_STARTS = 20;

/** A documentation address of its own per test and project (each run has a fresh database). */
function ownAddress(testInfo: TestInfo, test: number): string {
  return `198.51.100.${test * 10 + (testInfo.project.name === "phone" ? 1 : 2)}`;
}

type Seen = {
  starts: { status: number; solved: boolean }[];
  solverLoaded: boolean;
  workers: string[];
};

async function watch(page: Page, address: string): Promise<Seen> {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": address });
  const seen: Seen = { starts: [], solverLoaded: false, workers: [] };
  page.on("worker", (worker) => seen.workers.push(worker.url()));
  page.on("request", (request) => {
    if (/challenge-(solver|worker)/.test(request.url())) seen.solverLoaded = true;
  });
  page.on("response", async (response) => {
    if (!response.url().endsWith("/initClaimRequest")) return;
    const solved = (await response.request().allHeaders())[CHALLENGE_HEADER] !== undefined;
    seen.starts.push({ status: response.status(), solved });
  });
  return seen;
}

async function startFromStep1(page: Page) {
  await sendStep1AsMaria(page);
}

test("past the address's normal rate, a claimant still starts a claim: the widget solves the challenge in a worker", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const address = ownAddress(testInfo, 1);
  // A neighbour behind the same address has used up its free starts.
  for (let start = 0; start < FREE_STARTS; start++) {
    const answer = await request.post(`${baseURL}/api/claims/initClaimRequest`, {
      headers: { "x-api-key": "kalinga-dev-key", "x-forwarded-for": address },
      data: { basicInformation: { companyName: "Kalinga Life", channelName: "Corporate Website" } },
    });
    expect(answer.status()).toBe(200);
  }
  const seen = await watch(page, address);
  await startFromStep1(page);

  await expect(otpModal(page)).toBeVisible({ timeout: 30_000 });
  await expect(otpModal(page).getByLabel("Mobile number", { exact: true })).toBeVisible();
  expect(seen.starts).toEqual([
    { status: 429, solved: false },
    { status: 200, solved: true },
  ]);
  expect(seen.solverLoaded).toBe(true);
  // The solving ran in the widget's Web Worker, not on the page.
  expect(seen.workers).toEqual([expect.stringMatching(/challenge-worker-[\w-]+\.js$/)]);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "otp-after-challenge");
});

test("below the normal rate nothing changes: one start, no solver loaded", async ({
  page,
}, testInfo) => {
  const seen = await watch(page, ownAddress(testInfo, 2));
  await startFromStep1(page);
  await expect(otpModal(page)).toBeVisible();
  expect(seen.starts).toEqual([{ status: 200, solved: false }]);
  expect(seen.solverLoaded).toBe(false);
  expect(seen.workers).toEqual([]);
});
