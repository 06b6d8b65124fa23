import { expect, type Page } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import sharp from "sharp";

export type TestFile = { name: string; mimeType: string; buffer: Buffer };

/** A phone-camera-like photo: noise and gradients compress badly, as real photos do. */
export async function phonePhoto(name: string, width = 4000, height = 3000): Promise<TestFile> {
  const channels = 3;
  const pixels = Buffer.alloc(width * height * channels);
  let seed = 7;
  for (let i = 0; i < pixels.length; i += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const x = (i / channels) % width;
    pixels[i] = ((x / width) * 200 + (seed % 56)) & 0xff;
  }
  const buffer = await sharp(pixels, { raw: { width, height, channels } })
    .jpeg({ quality: 92 })
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

/** A PDF with a line of text on each page, as a scanned certificate (one page) or a hospital record arrives. */
export async function scannedPdf(name: string, text: string, pages = 1): Promise<TestFile> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let number = 1; number <= pages; number++) {
    pdf.addPage([595, 842]).drawText(pages === 1 ? text : `${text}, page ${number}`, {
      x: 50,
      y: 780,
      size: 14,
      font,
    });
  }
  return { name, mimeType: "application/pdf", buffer: Buffer.from(await pdf.save()) };
}

/** The card of one document slot by its name: "Valid government ID (front) for beneficiary 2". */
export function slotCard(page: Page, name: string) {
  return page.getByRole("region", { name, exact: true });
}

/** Chooses files for a slot through its "Choose a file" button, as a claimant does. */
export async function chooseFiles(page: Page, label: string, files: TestFile[]): Promise<void> {
  const chooser = page.waitForEvent("filechooser");
  await slotCard(page, label).getByRole("button", { name: "Choose a file" }).click();
  await (await chooser).setFiles(files);
}

/** Uploads one file to a slot and waits until it shows as uploaded. */
export async function uploadTo(page: Page, label: string, file: TestFile): Promise<void> {
  await chooseFiles(page, label, [file]);
  const row = slotCard(page, label).getByRole("listitem").filter({ hasText: "Uploaded" });
  await expect(row.first()).toBeVisible({ timeout: 30_000 });
}

/** Every required slot on the screen gets a file: photos for IDs, PDFs for the rest. */
export async function uploadEveryRequired(
  page: Page,
  photo: TestFile,
  pdf: TestFile,
): Promise<string[]> {
  await expect(page.locator("section.k-slot").first()).toBeVisible();
  const titles = await page
    .locator("section.k-slot")
    .filter({ hasText: "Required" })
    .locator("h4")
    .allTextContents();
  for (const title of titles) {
    const card = slotCard(page, title);
    if ((await card.getByRole("listitem").filter({ hasText: "Uploaded" }).count()) > 0) continue;
    await uploadTo(page, title, /ID/.test(title) ? photo : pdf);
  }
  return titles;
}
