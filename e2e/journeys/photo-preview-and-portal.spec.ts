import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import { startClaimToDocuments } from "../support/claim-steps.ts";
import { chooseFiles, phonePhoto, scannedPdf, slotCard } from "../support/documents.ts";
import { saveScreenshot } from "../support/screens.ts";
import { openStartForm } from "../support/start-form.ts";

// A chosen photo shows as a thumbnail from the claimant's own file and says it is kept as a PDF;
// the demo's "Enroll in Member Portal" leads to a page, not to an API error.

test.describe("photo previews and the member portal link", () => {
  test("each chosen photo shows a thumbnail and says it is kept as a PDF; the thumbnail goes with the file", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    await startClaimToDocuments(page, request);

    const idFront = slotCard(page, "Valid government ID (front)");
    await chooseFiles(page, "Valid government ID (front)", [
      await phonePhoto("IMG_20261102_1015.jpg", 1600, 1200),
    ]);
    const row = idFront.getByRole("listitem");
    await expect(row.getByText("Uploaded")).toBeVisible({ timeout: 30_000 });
    // The stored document is a PDF; the line says why the name changed.
    await expect(row.getByRole("paragraph").first()).toHaveText("IMG_20261102_1015.pdf");
    await expect(row).toContainText("IMG_20261102_1015.jpg is kept as a PDF");
    const preview = row.getByRole("img", { name: "Preview of IMG_20261102_1015.jpg" });
    await expect(preview).toBeVisible();
    const src = (await preview.getAttribute("src")) ?? "";
    expect(src).toMatch(/^blob:/);
    // Drawn from the local file (the page's CSP allows blob: images), 56 px square.
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await preview.boundingBox()).toMatchObject({ width: 56, height: 56 });

    // A PDF has neither a thumbnail nor the line.
    await chooseFiles(page, "Police report or narration report", [
      await scannedPdf("police-report.pdf", "Blotter entry 2026-1101"),
    ]);
    const pdfRow = slotCard(page, "Police report or narration report").getByRole("listitem");
    await expect(pdfRow.getByText("Uploaded")).toBeVisible({ timeout: 30_000 });
    await expect(pdfRow.getByRole("img")).toHaveCount(0);
    await expect(pdfRow).not.toContainText("kept as a PDF");
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "documents-photo-preview");

    // Removing the file revokes its object URL: the photo can no longer be read through it.
    // Read the way the page may (its CSP allows blob: images, not blob: fetches).
    const readable = (url: string) =>
      page.evaluate(
        (blobUrl) =>
          new Promise<boolean>((resolve) => {
            const probe = new Image();
            probe.onload = () => resolve(true);
            probe.onerror = () => resolve(false);
            probe.src = blobUrl;
          }),
        url,
      );
    expect(await readable(src)).toBe(true);
    await idFront.getByRole("button", { name: "Remove IMG_20261102_1015.pdf" }).click();
    await page
      .getByRole("dialog", { name: "Remove this file?" })
      .getByRole("button", { name: "Remove" })
      .click();
    await expect(idFront.getByRole("listitem")).toHaveCount(0);
    expect(await readable(src)).toBe(false);
  });

  test("Enroll in Member Portal leads to a member portal page for each company", async ({
    page,
  }, testInfo) => {
    for (const [start, company] of [
      ["/help-support/claims/cf", "Kalinga Life"],
      ["/bank-life/help-support/claims/cf", "Kalinga Bank Life"],
    ] as const) {
      await page.context().clearCookies();
      await page.goto(start);
      await page.evaluate(() => sessionStorage.clear());
      await page.reload();
      const reminder = page.getByRole("dialog", { name: "Filing a living claim?" });
      await expect(reminder).toBeVisible();
      await reminder.getByRole("button", { name: /^Enroll in / }).click();
      await expect(page).toHaveURL(/\/customer-portal\/enroll$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${company} Member Portal`);
      await expect(page.getByText(/members sign in to see their policies/)).toBeVisible();
      await expect(page.getByText('{"returnCode"')).toHaveCount(0);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, testInfo, `member-portal-${company}`);
      // Its way back leads to the claim form again.
      await page.getByRole("link", { name: "File a claim without signing in" }).click();
      await expect(page).toHaveURL(new RegExp(`${start}$`));
    }
    await openStartForm(page);
  });
});
