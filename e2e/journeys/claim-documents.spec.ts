import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import { startClaimToDocuments } from "../support/claim-steps.ts";
import {
  chooseFiles,
  phonePhoto,
  scannedPdf,
  slotCard,
  uploadEveryRequired,
  uploadTo,
} from "../support/documents.ts";
import { saveScreenshot } from "../support/screens.ts";
import { pressNext } from "../support/start-form.ts";

type SentFiles = { sentFileSizes: number[] };

test.describe("Step 4, documents", () => {
  test("asks for each required document, shrinks a phone photo, refuses a fake, keeps uploads over a reload", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    // Playwright cannot read a multipart body built from a Blob: note the size of each file sent.
    await page.addInitScript(() => {
      const sizes: number[] = [];
      (window as unknown as SentFiles).sentFileSizes = sizes;
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (body) {
        const file = body instanceof FormData ? body.get("file") : null;
        if (file instanceof Blob) sizes.push(file.size);
        return send.call(this, body);
      };
    });
    await startClaimToDocuments(page, request);
    await expect(page.getByRole("heading", { name: /Step 4 of 4/ })).toBeVisible();
    // Surgery and confinement were claimed: their documents are asked for.
    await expect(slotCard(page, "Operating room or surgical report")).toBeVisible();
    await expect(slotCard(page, "Hospital statement of account")).toBeVisible();
    await expect(slotCard(page, "Certificate of employment")).toHaveCount(0);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "claims-documents-empty");

    // Next with nothing: every required slot says so, and the first takes focus.
    await pressNext(page);
    const idFront = slotCard(page, "Valid government ID (front)");
    await expect(idFront.getByText("Please upload this document.")).toBeVisible();
    await expect(idFront.getByRole("button", { name: "Choose a file" })).toBeFocused();
    await expect(page).toHaveURL(/\/claims-documents$/);

    // A 12-megapixel photo leaves the phone at 2000 px and well under its 5 MB.
    const photo = await phonePhoto("IMG_20261101_0930.jpg");
    expect(photo.buffer.length).toBeGreaterThan(3 * 1024 * 1024);
    await uploadTo(page, "Valid government ID (front)", photo);
    const [bytesSent = 0] = await page.evaluate(
      () => (window as unknown as SentFiles).sentFileSizes,
    );
    expect(bytesSent).toBeGreaterThan(50_000);
    expect(bytesSent).toBeLessThan(1.5 * 1024 * 1024);
    // Stored as a PDF under the photo's name.
    const sent = idFront.getByRole("listitem");
    await expect(sent).toContainText("IMG_20261101_0930.pdf");
    const shownSize = (await sent.locator(".k-file__facts span").first().textContent()) ?? "";
    expect(shownSize).toMatch(/^(\d+ KB|1\.\d MB)$/);
    // The one-file slot has no more room: only Replace and Remove.
    await expect(idFront.getByRole("button", { name: "Choose a file" })).toHaveCount(0);
    await expect(idFront.getByText("Please upload this document.")).toBeHidden();

    // A text file named .jpg is refused by content, with Remove and no retry.
    const fake = { name: "not-a-photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("hello") };
    await chooseFiles(page, "Valid government ID (back)", [fake]);
    const idBack = slotCard(page, "Valid government ID (back)");
    await expect(idBack.getByRole("alert")).toHaveText(
      "This file is not a JPEG, PNG, HEIC or PDF. Please send a photo or a PDF.",
    );
    await expect(idBack.getByRole("button", { name: /Try again/ })).toHaveCount(0);
    await idBack.getByRole("button", { name: "Remove not-a-photo.jpg" }).click();
    await expect(idBack.getByRole("listitem")).toHaveCount(0);

    // A PDF past the page limit is refused with what to do instead, and can be removed.
    await chooseFiles(page, "Valid government ID (back)", [
      await scannedPdf("all-records.pdf", "Hospital record", 201),
    ]);
    await expect(idBack.getByRole("alert")).toHaveText(
      "This PDF has more than 200 pages. Please split it into files of up to 200 pages, or send only the pages this document needs.",
      { timeout: 30_000 },
    );
    await expect(idBack.getByRole("button", { name: /Try again/ })).toHaveCount(0);
    await idBack.getByRole("button", { name: "Remove all-records.pdf" }).click();
    await expect(idBack.getByRole("listitem")).toHaveCount(0);
    // A screen reader hears it go: the uploads' live region says so.
    await expect(page.getByText("all-records.pdf removed.")).toBeAttached();

    // Two PDFs at once into a slot that takes many.
    const receipts = [
      await scannedPdf("OR-10021.pdf", "Official receipt 10021"),
      await scannedPdf("OR-10022.pdf", "Official receipt 10022"),
    ];
    await chooseFiles(page, "Official receipts of medical expenses", receipts);
    const receiptSlot = slotCard(page, "Official receipts of medical expenses");
    await expect(receiptSlot.getByRole("listitem").filter({ hasText: "Uploaded" })).toHaveCount(2, {
      timeout: 30_000,
    });
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "claims-documents-uploaded");

    // A reload keeps what the server acknowledged.
    await page.reload();
    await expect(idFront.getByRole("listitem")).toContainText("IMG_20261101_0930.pdf");
    await expect(receiptSlot.getByRole("listitem")).toHaveCount(2);

    // Remove asks first; Keep keeps, Remove removes.
    await receiptSlot.getByRole("button", { name: "Remove OR-10022.pdf" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove this file?" });
    await expect(dialog).toContainText("OR-10022.pdf will be removed from your claim.");
    await dialog.getByRole("button", { name: "Keep" }).click();
    await expect(receiptSlot.getByRole("listitem")).toHaveCount(2);
    await receiptSlot.getByRole("button", { name: "Remove OR-10022.pdf" }).click();
    await page
      .getByRole("dialog", { name: "Remove this file?" })
      .getByRole("button", { name: "Remove" })
      .click();
    await expect(receiptSlot.getByRole("listitem")).toHaveCount(1);

    // Replace swaps the one file of the ID slot.
    const chooser = page.waitForEvent("filechooser");
    await idFront.getByRole("button", { name: "Replace IMG_20261101_0930.pdf" }).click();
    await (await chooser).setFiles([await scannedPdf("national-id-front.pdf", "PhilSys ID")]);
    await expect(idFront.getByRole("listitem")).toHaveCount(1);
    await expect(idFront.getByRole("listitem")).toContainText("national-id-front.pdf", {
      timeout: 30_000,
    });

    // Replace in a slot that takes many: the new file in, the old one out of the claim too.
    const receiptChooser = page.waitForEvent("filechooser");
    await receiptSlot.getByRole("button", { name: "Replace OR-10021.pdf" }).click();
    await (await receiptChooser).setFiles([await scannedPdf("OR-10021-clear.pdf", "Receipt")]);
    await expect(receiptSlot.getByRole("listitem")).toHaveText([/OR-10021-clear\.pdf.*Uploaded/], {
      timeout: 30_000,
    });
    await page.reload();
    await expect(receiptSlot.getByRole("listitem")).toHaveText([/OR-10021-clear\.pdf/]);

    // The connection drops during an upload: it can be tried again, and nothing else is lost.
    let dropped = false;
    await page.route("**/uploadDocument", async (route) => {
      if (dropped) return route.continue();
      dropped = true;
      await route.abort("internetdisconnected");
    });
    await chooseFiles(page, "Attending physician's statement", [
      await scannedPdf("APS-signed.pdf", "Attending physician's statement"),
    ]);
    const aps = slotCard(page, "Attending physician's statement");
    await expect(aps.getByRole("alert")).toHaveText(
      "The upload did not finish. Check your connection, then try again.",
    );
    await expect(receiptSlot.getByRole("listitem")).toHaveCount(1);
    await expect(idFront.getByRole("listitem")).toContainText("national-id-front.pdf");
    await aps.getByRole("button", { name: "Try again to upload APS-signed.pdf" }).click();
    await expect(aps.getByRole("listitem")).toContainText("Uploaded", { timeout: 30_000 });
    await page.unroute("**/uploadDocument");

    // The first try reached the server but its answer is lost while the server still holds its
    // key (409): the row says it is still sending, the same key goes again and takes the stored
    // answer, and the claim keeps the file once.
    let held = false;
    await page.route("**/uploadDocument", async (route) => {
      if (held) return route.continue();
      held = true;
      await route.fetch();
      await route.fulfill({
        status: 409,
        json: {
          returnCode: "409",
          message: "A request with this Idempotency-Key is still running.",
        },
      });
    });
    await chooseFiles(page, "Hospital statement of account", [
      await scannedPdf("SOA-final.pdf", "Statement of account"),
    ]);
    const statement = slotCard(page, "Hospital statement of account");
    await expect(statement.getByRole("listitem")).toContainText(
      "Still sending\u2026 Please keep this page open.",
    );
    // A screen reader hears why the wait is long: the row's words are not in a live region.
    await expect(
      page.getByText("SOA-final.pdf is still sending. Please keep this page open."),
    ).toBeAttached();
    await saveScreenshot(page, testInfo, "claims-documents-still-sending");
    await expect(statement.getByRole("listitem")).toContainText("Uploaded", { timeout: 30_000 });
    await page.unroute("**/uploadDocument");
    await page.reload();
    await expect(statement.getByRole("listitem")).toHaveText([/SOA-final\.pdf.*Uploaded/]);

    // Leaving while a file is on its way asks first.
    await page.route("**/uploadDocument", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      await route.continue();
    });
    // Next with the police report still missing: its slot says so.
    await pressNext(page);
    const missingHere = "Please upload this document.";
    await expect(
      slotCard(page, "Police report or narration report").getByText(missingHere),
    ).toBeVisible();
    // Chosen with the keyboard alone: Enter on "Choose a file" opens the picker.
    const policeChooser = page.waitForEvent("filechooser");
    await slotCard(page, "Police report or narration report")
      .getByRole("button", { name: "Choose a file" })
      .focus();
    await page.keyboard.press("Enter");
    await (await policeChooser).setFiles([await scannedPdf("police-report.pdf", "Police report")]);
    const police = slotCard(page, "Police report or narration report");
    await expect(police.getByText(/Uploading/)).toBeVisible();
    // A slot whose file is on its way shows no missing-document error, even after Next again.
    await expect(police.getByText(missingHere)).toHaveCount(0);
    await pressNext(page);
    await expect(
      page.getByText("Please wait until every file has finished uploading."),
    ).toBeVisible();
    await expect(police.getByText(missingHere)).toHaveCount(0);
    const asked = page.waitForEvent("dialog");
    void page.reload().catch(() => undefined);
    const leave = await asked;
    expect(leave.type()).toBe("beforeunload");
    await leave.dismiss();
    await expect(police.getByRole("listitem")).toContainText("Uploaded", { timeout: 30_000 });
    await page.unroute("**/uploadDocument");

    await uploadEveryRequired(page, photo, await scannedPdf("record.pdf", "Medical record"));
    await pressNext(page);
    await expect(page).toHaveURL(/\/claims-review$/);
  });
});
