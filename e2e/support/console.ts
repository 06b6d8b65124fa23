import { createHash } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";

// Signing in to the claims-staff console as staff do: e-mail and password, then a code from an
// authenticator app, computed here from the set-up key the console shows at the first sign-in.

// Set-up keys read at a first sign-in, one file per account beside the server's data, so a later spec
// file of the same run can sign the same account in, whichever file or worker ran first.
const keysDir = () =>
  path.join(process.env.KALINGA_E2E_DATA_DIR ?? ".", "console-authenticator-keys");
const keyFile = (email: string) => path.join(keysDir(), `${email}.key`);
const knownKey = (email: string): string | undefined =>
  existsSync(keyFile(email)) ? readFileSync(keyFile(email), "utf8") : undefined;
const rememberKey = (email: string, secret: string) => {
  mkdirSync(keysDir(), { recursive: true });
  writeFileSync(keyFile(email), secret);
};

/**
 * Takes a key's 30 s step for this process alone: the server accepts each code once, and journeys
 * in other workers (or this project's worker restarted after a failure) sign the same account in.
 */
function takeStep(secret: string, step: number): boolean {
  mkdirSync(keysDir(), { recursive: true });
  const name = createHash("sha256").update(secret).digest("hex").slice(0, 16);
  try {
    closeSync(openSync(path.join(keysDir(), `${name}-${step}.used`), "wx"));
    return true;
  } catch {
    return false;
  }
}

/** The current code for a key; waits for the next 30 s step if anyone used this one already. */
async function freshCode(secret: string): Promise<string> {
  for (;;) {
    const step = Math.floor(Date.now() / 30_000);
    if (takeStep(secret, step)) {
      return new TOTP({ secret: Secret.fromBase32(secret) }).generate({
        timestamp: step * 30_000 + 1_000,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * 30_000 - Date.now() + 200));
  }
}

/** Presses Tab (or Shift+Tab, going back) until the locator has the focus; fails after `most`. */
export async function tabTo(
  page: Page,
  target: Locator,
  most = 20,
  key: "Tab" | "Shift+Tab" = "Tab",
): Promise<void> {
  for (let presses = 0; presses < most; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
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
  let secret = account.secret ?? knownKey(account.email);
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
  const secret = half.secret ?? knownKey(account.email);
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
