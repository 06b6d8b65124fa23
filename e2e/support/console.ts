import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";

// Signing in to the claims-staff console as staff do: e-mail and password, then a code from an
// authenticator app, computed here from the set-up key the console shows at the first sign-in.

const lastStep = new Map<string, number>();

// Set-up keys read at a first sign-in, kept beside the server's data so a later spec file of the
// same run can sign the same account in, whichever file ran first.
const keysFile = () =>
  path.join(process.env.KALINGA_E2E_DATA_DIR ?? ".", "console-authenticator-keys.json");
const knownKeys = (): Record<string, string> =>
  existsSync(keysFile())
    ? (JSON.parse(readFileSync(keysFile(), "utf8")) as Record<string, string>)
    : {};
const rememberKey = (email: string, secret: string) =>
  writeFileSync(keysFile(), JSON.stringify({ ...knownKeys(), [email]: secret }));

/** The current code for a key; waits for the next 30 s step if this account used this one already. */
async function freshCode(secret: string): Promise<string> {
  let step = Math.floor(Date.now() / 30_000);
  if (lastStep.get(secret) === step) {
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * 30_000 - Date.now() + 200));
    step = Math.floor(Date.now() / 30_000);
  }
  lastStep.set(secret, step);
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: step * 30_000 + 1_000,
  });
}

/** Presses Tab until the locator has the focus; fails after `most` presses. */
export async function tabTo(page: Page, target: Locator, most = 20): Promise<void> {
  for (let presses = 0; presses < most; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

/**
 * Signs in; at the first sign-in reads the set-up key from the screen. Returns the key. With
 * `keyboard`, every field is reached with Tab and every form sent with Enter.
 */
export async function signInToConsole(
  page: Page,
  account: { email: string; password: string; secret?: string },
  onEnrolScreen?: () => Promise<void>,
  options: { keyboard?: boolean } = {},
): Promise<string> {
  await page.goto("/console/");
  await expect(page).toHaveURL(/\/console\/sign-in$/);
  if (options.keyboard) {
    await tabTo(page, page.getByLabel("E-mail address"));
    await page.keyboard.type(account.email);
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Password")).toBeFocused();
    await page.keyboard.type(account.password);
    await page.keyboard.press("Enter");
  } else {
    await page.getByLabel("E-mail address").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Continue" }).click();
  }
  let secret = account.secret ?? knownKeys()[account.email];
  const enrol = page.getByRole("heading", { name: "Set up your authenticator app" });
  const code = page.getByRole("heading", { name: "Enter the code from your authenticator app" });
  await expect(enrol.or(code)).toBeVisible();
  if (await enrol.isVisible()) {
    secret = (await page.locator(".c-secret").textContent())?.replace(/\s/g, "");
    if (secret) rememberKey(account.email, secret);
    await onEnrolScreen?.();
  }
  if (!secret) throw new Error(`No authenticator key for ${account.email}`);
  if (options.keyboard) {
    await tabTo(page, page.getByLabel("6-digit code"));
    await page.keyboard.type(await freshCode(secret));
    await page.keyboard.press("Enter");
  } else {
    await page.getByLabel("6-digit code").fill(await freshCode(secret));
    await page.getByRole("button", { name: /^(Sign in|Confirm and sign in)$/ }).click();
  }
  await expect(page.getByRole("heading", { level: 1, name: "Claims" })).toBeVisible();
  return secret;
}

export async function signOutOfConsole(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/console\/sign-in$/);
}

/**
 * The console's API signed in as this account over HTTP, for a journey that needs an examiner's
 * act without walking the console's screens; the context keeps the session cookie.
 */
export async function consoleApi(
  context: APIRequestContext,
  account: { email: string; password: string },
): Promise<(url: string, body: unknown) => Promise<unknown>> {
  const first = await context.post("/console/api/sign-in", {
    data: { email: account.email, password: account.password },
  });
  expect(first.status(), await first.text()).toBe(200);
  const half = (await first.json()) as { csrfToken: string; secret?: string };
  const secret = half.secret ?? knownKeys()[account.email];
  if (!secret) throw new Error(`No authenticator key for ${account.email}`);
  if (half.secret) rememberKey(account.email, half.secret);
  const second = await context.post("/console/api/sign-in/code", {
    headers: { "x-csrf-token": half.csrfToken },
    data: { code: await freshCode(secret) },
  });
  expect(second.status(), await second.text()).toBe(200);
  const { csrfToken } = (await second.json()) as { csrfToken: string };
  return async (url, body) => {
    const answer = await context.post(`/console/api${url}`, {
      headers: { "x-csrf-token": csrfToken },
      data: body,
    });
    expect(answer.status(), await answer.text()).toBe(200);
    return answer.json();
  };
}
