import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import { startClaimToDocuments } from "../support/claim-steps.ts";
import { chooseFiles, scannedPdf, slotCard, uploadTo } from "../support/documents.ts";
import { saveScreenshot } from "../support/screens.ts";

// The fast server lets a claim upload 2 files per window (see playwright.config.ts), so the third
// meets the upload limit the way an abusive client would meet the default one.
test.use({ baseURL: process.env.KALINGA_E2E_FAST_URL ?? "" });

test("an upload past the claim's limit says to wait and try again, and keeps the file to retry", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await startClaimToDocuments(page, request);

  await uploadTo(
    page,
    "Police report or narration report",
    await scannedPdf("police.pdf", "Police report"),
  );
  await uploadTo(
    page,
    "Hospital statement of account",
    await scannedPdf("soa.pdf", "Statement of account"),
  );
  const slot = slotCard(page, "Operating room or surgical report");
  await chooseFiles(page, "Operating room or surgical report", [
    await scannedPdf("or-report.pdf", "Operating room report"),
  ]);
  await expect(
    slot.getByText("Too many attempts. Please wait a moment and try again.", { exact: true }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(slot.getByRole("button", { name: /Try again/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "upload-limit");
});
