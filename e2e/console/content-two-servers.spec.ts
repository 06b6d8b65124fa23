import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  test,
} from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import { chooseTile, field } from "../support/claim-steps.ts";
import { signInToConsole, signOutOfConsole, tabTo } from "../support/console.ts";
import { readOtpFromOutbox } from "../support/outbox.ts";
import { saveScreenshot } from "../support/screens.ts";
import {
  type SharedDatabaseServers,
  startSharedDatabaseServers,
} from "../support/shared-database-servers.ts";
import {
  CORPORATE_START,
  fillStartForm,
  maria,
  otpModal,
  pressNext,
  proceedPastReminder,
  typeOtp,
  uniqueMobile,
} from "../support/start-form.ts";

// The journey (decision 0092): a content editor, made by an administrator, changes the
// Step 2 title and a tip of the English, sees the draft through a preview link in the real widget,
// publishes, and the widget served by two servers on one database shows the change without a
// restart: the server that publishes at once, the other within its refresh.

test.describe.configure({ timeout: 300_000 });

/** The servers re-read the published words this often; the other journeys' servers every 30 s. */
const REFRESH_SECONDS = 3;
const ADMINISTRATOR = {
  email: "lea.bautista@kalinga-life.example",
  name: "Lea Bautista",
  password: "e2e-content-administrator-password",
};
const EDITOR = { email: "carlo.mendoza@kalinga-life.example", name: "Carlo Mendoza" };
const SHIPPED_TITLE = "Claim details";
const NEW_TITLE = "Tell us what happened";
const NEW_TIP = "The 10 digits at the top of page 1 of your policy contract.";
const POLICY_NUMBER = "Policy number (optional)";

let servers: SharedDatabaseServers | undefined;

test.beforeAll(async () => {
  servers = await startSharedDatabaseServers({
    administrator: ADMINISTRATOR,
    refreshSeconds: REFRESH_SECONDS,
  });
});

test.afterAll(async () => {
  await servers?.stop();
});

function serverUrls(): [string, string] {
  if (!servers) throw new Error("The two servers did not start.");
  return servers.urls;
}

/** A fresh visitor of one server: its own cookies, storage and cache. */
function visitor(browser: Browser, baseURL: string, phone = false): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    locale: "en-PH",
    timezoneId: "Asia/Manila",
    ...(phone
      ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 800 } }),
  });
}

/** Step 1 and the OTP on the widget page (with `query`, e.g. a preview token), ending on Step 2. */
async function walkToStep2(page: Page, request: APIRequestContext, query = ""): Promise<void> {
  const mobile = uniqueMobile();
  await page.goto(`${CORPORATE_START}${query}`);
  await proceedPastReminder(page);
  await fillStartForm(page, { ...maria, mobile });
  await pressNext(page);
  await otpModal(page).getByRole("button", { name: "Send OTP" }).click();
  await typeOtp(page, await readOtpFromOutbox(request, `63${mobile}`));
  await otpModal(page).getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("heading", { name: /Step 2 of 4/ })).toBeVisible();
  // The policy number and its tip come with the type of claim.
  await chooseTile(page, "Type of claim", "Living");
}

/** Step 2's title and the policy number's tip as a claimant of that server sees them now. */
async function expectStep2Words(
  browser: Browser,
  baseURL: string,
  words: { title: string; tip: string },
  query = "",
): Promise<Page> {
  const context = await visitor(browser, baseURL, true);
  const page = await context.newPage();
  await walkToStep2(page, context.request, query);
  await expect(page.getByRole("heading", { name: new RegExp(words.title) })).toBeVisible();
  await expect(field(page, POLICY_NUMBER)).toHaveAccessibleDescription(
    new RegExp(words.tip.replace(/[.()]/g, "\\$&")),
  );
  return page;
}

/** The English edits a server gives the widget now, as the widget asks for them. */
async function publishedTitle(request: APIRequestContext, baseURL: string): Promise<unknown> {
  const answer = await request.get(
    `${baseURL}/api/content/texts/en?company=first&channel=corporate-website`,
  );
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { texts: Record<string, string> }).texts["claimDetails.title"];
}

/** The administrator signs in and creates the content editor; returns the temporary password. */
async function createContentEditor(page: Page): Promise<string> {
  await signInToConsole(page, ADMINISTRATOR);
  await page.getByRole("link", { name: "Staff" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Staff accounts" })).toBeFocused();
  await page.getByLabel("E-mail address").fill(EDITOR.email);
  await page.getByLabel("Full name").fill(EDITOR.name);
  await page.getByLabel("Role").selectOption({ label: "Content editor" });
  await page.getByRole("button", { name: "Create account" }).click();
  const created = page
    .getByRole("status")
    .filter({ hasText: `The account ${EDITOR.email} was created.` });
  await expect(created).toBeVisible();
  const password = (await created.locator(".c-secret").textContent()) ?? "";
  await signOutOfConsole(page);
  return password;
}

/** Types a new text for a key, found by searching for it, by keyboard (the search `back` or on). */
async function editText(page: Page, key: string, text: string, back = false): Promise<void> {
  const search = page.getByLabel("Search keys and texts");
  await tabTo(page, search, 10, back ? "Shift+Tab" : "Tab");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(key);
  await expect(page.getByText("1 of 1 keys shown")).toBeVisible();
  const box = page.getByLabel(`Text of ${key}`);
  await tabTo(page, box);
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

test("a content editor's English edits are previewed, published and shown by two servers without a restart", async ({
  browser,
  request,
}, testInfo) => {
  const [first, second] = serverUrls();
  const console = await visitor(browser, first);
  const page = await console.newPage();
  const password = await createContentEditor(page);

  // Before any edit: the shipped words on both servers, each now holding the published set.
  expect(await publishedTitle(request, first)).toBeUndefined();
  expect(await publishedTitle(request, second)).toBeUndefined();

  // The content editor works by keyboard alone, from sign-in to the publish.
  await signInToConsole(page, { email: EDITOR.email, password }, undefined, { keyboard: true });
  await tabTo(page, page.getByRole("link", { name: "Content", exact: true }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Content" })).toBeVisible();
  await tabTo(page, page.getByLabel("Company id"));
  await page.keyboard.type("first");
  await expect(page.getByLabel("Channel")).toHaveValue("corporate-website");
  await expect(page.getByLabel("Language")).toHaveValue("en");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("table", { name: "Texts of the draft" })).toBeVisible();
  await expect(
    page.getByText("Nothing published yet: the widget shows the shipped words."),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await editText(page, "claimDetails.title", NEW_TITLE);
  await editText(page, "claimDetails.policyNumberTip", NEW_TIP, true);
  await tabTo(page, page.getByRole("button", { name: "Save draft" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Draft saved." })).toBeVisible();
  await tabTo(page, page.getByRole("button", { name: "Make a preview link" }));
  await page.keyboard.press("Enter");
  const link = page.locator("code").filter({ hasText: "kalinga-preview=" });
  await expect(link).toBeVisible();
  const previewQuery = `?${(await link.textContent())?.trim()}`;
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "content-draft-and-preview-link");

  // The preview link shows the draft in the real widget, on either server (one secret signs it),
  // while the published words stay the shipped ones.
  const preview = await expectStep2Words(
    browser,
    second,
    { title: NEW_TITLE, tip: NEW_TIP },
    previewQuery,
  );
  await saveScreenshot(preview, testInfo, "content-preview-step-2");
  await preview.context().close();
  expect(await publishedTitle(request, first)).toBeUndefined();
  expect(await publishedTitle(request, second)).toBeUndefined();

  await tabTo(page, page.getByRole("button", { name: "Publish", exact: true }));
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("status").filter({ hasText: "Published as version 1." }),
  ).toBeVisible();
  const publishedAt = Date.now();
  await expect(page.getByRole("table", { name: "Published versions" })).toContainText(EDITOR.email);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "content-published");

  // The server that published serves the new words at once; the other within its refresh.
  expect(await publishedTitle(request, first)).toBe(NEW_TITLE);
  await expect
    .poll(() => publishedTitle(request, second), {
      timeout: (REFRESH_SECONDS + 5) * 1000,
      intervals: [250],
    })
    .toBe(NEW_TITLE);
  expect(Date.now() - publishedAt).toBeLessThan((REFRESH_SECONDS + 5) * 1000);

  for (const server of [first, second]) {
    const claimant = await expectStep2Words(browser, server, { title: NEW_TITLE, tip: NEW_TIP });
    await expect(claimant.getByRole("heading", { name: new RegExp(SHIPPED_TITLE) })).toHaveCount(0);
    await expectNoAxeViolations(claimant);
    await saveScreenshot(claimant, testInfo, `content-published-step-2-${server.split(":")[2]}`);
    await claimant.context().close();
  }
  await console.close();
});
