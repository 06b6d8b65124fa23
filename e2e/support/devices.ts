import type { APIRequestContext, Browser, BrowserContext, Page, TestInfo } from "@playwright/test";
import { countOutboxMessages, readOtpFromOutbox } from "./outbox.ts";
import { fillStep1AsMaria, otpModal, pressNext, typeOtp } from "./start-form.ts";

/**
 * A fresh phone at 375 px, nothing of the first browser: Step 1 with the same number, and the OTP
 * sent after the `after`-th SMS to it (by default, after those already sent), submitted.
 */
export async function verifyOnAnotherDevice(
  browser: Browser,
  request: APIRequestContext,
  testInfo: TestInfo,
  mobile: string,
  after?: number,
): Promise<{ device: BrowserContext; other: Page }> {
  const device = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: "en-PH",
    timezoneId: "Asia/Manila",
  });
  const other = await device.newPage();
  await fillStep1AsMaria(other, { mobile });
  const sent = after ?? (await countOutboxMessages(request, `63${mobile}`));
  await pressNext(other);
  await otpModal(other).getByRole("button", { name: "Send OTP" }).click();
  await typeOtp(other, await readOtpFromOutbox(request, `63${mobile}`, { after: sent }));
  await otpModal(other).getByRole("button", { name: "Submit" }).click();
  return { device, other };
}
