import { rm } from "node:fs/promises";
import type { Page, TestInfo } from "@playwright/test";

/** Takes a full-page PNG and attaches it to the test result (kept under test-results/, not in git). */
export async function saveScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
): Promise<string> {
  const fileName = `${name.replaceAll(/[^a-z0-9-]+/gi, "-").toLowerCase()}.png`;
  const takenPath = testInfo.outputPath(fileName);
  await page.screenshot({ path: takenPath, fullPage: true, animations: "disabled" });
  await testInfo.attach(name, { path: takenPath, contentType: "image/png" });
  // attach() keeps its own copy under attachments/, so the first file would be a duplicate.
  await rm(takenPath, { force: true });
  return testInfo.attachments.at(-1)?.path ?? takenPath;
}
