import { type APIRequestContext, expect, type Page, type Request } from "@playwright/test";
import { countOutboxMessages, readOtpFromOutbox } from "./outbox.ts";
import { otpModal, pressNext, typeOtp, webReferenceNumber } from "./start-form.ts";

/** Section 3's session clearing: what must be gone from the tab once a claim is done. */
export const CLEARED_SESSION_ITEMS = [
  "token",
  "webReferenceNumber",
  "level1TransactionNumbers",
] as const;

/** The rest of a claim that the next claim in the tab must not inherit. */
export const CLAIM_SESSION_ITEMS = [
  ...CLEARED_SESSION_ITEMS,
  "isOtpAvailable",
  "otpVerify",
  "step1",
  "claimDataStore",
] as const;

/**
 * Which of the widget's session items this tab's sessionStorage holds. Values are sealed, so the
 * item names are worked out the way the session store names them: "kalinga:" and the first 12
 * bytes of SHA-256("<session id>:<item>") in base64.
 */
async function storedSessionItems(page: Page, names: readonly string[]): Promise<string[]> {
  return page.evaluate(async (wanted) => {
    const sessionId = sessionStorage.getItem("kalinga:sid");
    if (!sessionId) return [];
    const found: string[] = [];
    for (const name of wanted) {
      const digest = await crypto.subtle.digest(
        "SHA-256",
        new TextEncoder().encode(`${sessionId}:${name}`),
      );
      const stored = `kalinga:${btoa(String.fromCharCode(...new Uint8Array(digest).slice(0, 12)))}`;
      if (sessionStorage.getItem(stored) !== null) found.push(name);
    }
    return found;
  }, names);
}

/** Waits until the tab's sessionStorage holds exactly these of `names` (writes land in the background). */
export async function expectStoredSessionItems(
  page: Page,
  names: readonly string[],
  expected: readonly string[],
): Promise<void> {
  await expect.poll(() => storedSessionItems(page, names)).toEqual([...expected]);
}

/** One claim call the widget made: its path and the Authorization header it carried, if any. */
export type ClaimCallSeen = { call: string; authorization: string | undefined };

/** Records every claim call the page makes from now on, in order. */
export function recordClaimCalls(page: Page): ClaimCallSeen[] {
  const seen: ClaimCallSeen[] = [];
  page.on("request", (request: Request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith("/api/claims/")) return;
    seen.push({
      call: pathname.slice("/api/claims/".length),
      authorization: request.headers().authorization,
    });
  });
  return seen;
}

/**
 * Step 1 already filled, in a tab that has seen the reminder: Next, then the OTP sent to `mobile`
 * (which may have had messages before), ending on Step 2. Returns the reference Step 2 shows.
 */
export async function verifyAnotherClaim(
  page: Page,
  request: APIRequestContext,
  mobile: string,
): Promise<string> {
  await pressNext(page);
  const modal = otpModal(page);
  await expect(modal).toBeVisible();
  const before = await countOutboxMessages(request, `63${mobile}`);
  await modal.getByRole("button", { name: "Send OTP" }).click();
  await typeOtp(page, await readOtpFromOutbox(request, `63${mobile}`, { after: before }));
  await modal.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/claims-details$/);
  await expect(page.getByRole("heading", { name: /Step 2 of 4/ })).toBeVisible();
  return (await webReferenceNumber(page).textContent()) ?? "";
}
