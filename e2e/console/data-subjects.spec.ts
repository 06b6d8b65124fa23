import { readFile } from "node:fs/promises";
import { dengueDeathPayload } from "@kalinga/domain/fixtures/claim-fixtures";
import { expect, test } from "@playwright/test";
import { unzipSync } from "fflate";
import { CONSOLE_ADMIN } from "../playwright.config.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { claimCall, fileClaimByCalls } from "../support/claim-calls.ts";
import { signInToConsole, tabTo } from "../support/console.ts";
import { phonePhoto } from "../support/documents.ts";
import { readOtpFromOutbox } from "../support/outbox.ts";
import { uniqueMobile } from "../support/start-form.ts";

// A claimant asks for their data and its erasure (decisions 0106, 0111): an administrator, by
// keyboard alone, looks the number up on the Data subjects screen, exports the ZIP of the JSON and
// the filed documents, finds the filed claim by the e-mail address given in it too, and erases the
// draft the law lets go while the submitted claim is kept and says why. Axe clean.

test.describe.configure({ timeout: 240_000 });

test("an administrator exports a claimant's data and erases their draft, keeping the open claim", async ({
  page,
  request,
}) => {
  const mobile = uniqueMobile();
  // An address of this run alone: the journeys share one server.
  const email = `kin.${mobile}@example.ph`;
  const started = await claimCall(request, "initClaimRequest", {});
  const draft = started.webReferenceNumber as string;
  await claimCall(
    request,
    "requestOneTimePIN",
    { webReferenceNumber: draft, countryCode: "63", mobileNumber: mobile, firstName: "Josephine" },
    started.token as string,
  );
  const code = await readOtpFromOutbox(request, `63${mobile}`);
  await claimCall(
    request,
    "validateOneTimePIN",
    { webReferenceNumber: draft, oneTimePIN: code },
    started.token as string,
  );
  // Filed after the draft's code: its own code is then the newest message to the number.
  const filed = await fileClaimByCalls(
    request,
    {
      ...dengueDeathPayload,
      insuredInformation: { ...dengueDeathPayload.insuredInformation, emailAddress: email },
    },
    mobile,
    await phonePhoto("scan.jpg", 800, 600),
  );

  await signInToConsole(page, CONSOLE_ADMIN);
  const link = page.getByRole("link", { name: "Data subjects" });
  await tabTo(page, link, 30);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Data subjects" })).toBeFocused();
  await tabTo(page, page.getByLabel("Mobile number"));
  await page.keyboard.type(`0${mobile}`);
  await page.keyboard.press("Enter");

  const table = page.getByRole("table");
  await expect(table.getByRole("row", { name: new RegExp(filed) })).toContainText(
    "Kept: the claim is still open",
  );
  await expect(table.getByRole("row", { name: new RegExp(draft) })).toContainText(
    "Erased: never submitted",
  );
  await expectNoAxeViolations(page);

  const downloading = page.waitForEvent("download");
  await tabTo(page, page.getByRole("link", { name: "Export as ZIP" }));
  await page.keyboard.press("Enter");
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^data-subject-\d{4}-\d{2}-\d{2}\.zip$/);
  const archive = unzipSync(new Uint8Array(await readFile(await file.path())));
  const exported = JSON.parse(new TextDecoder().decode(archive["data-subject.json"])) as {
    claims: { webReferenceNumber: string; documents: { file: string }[] }[];
  };
  expect(exported.claims.map((claim) => claim.webReferenceNumber).sort()).toEqual(
    [filed, draft].sort(),
  );
  // The filed claim's documents are in the ZIP as PDFs, under its reference.
  const filedDocuments = exported.claims.find((claim) => claim.webReferenceNumber === filed);
  expect(filedDocuments?.documents.length).toBeGreaterThan(0);
  for (const document of filedDocuments?.documents ?? []) {
    expect(document.file.startsWith(`${filed}/`)).toBe(true);
    const bytes = archive[document.file] ?? new Uint8Array();
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
  }
  await expect(
    page.getByText("Downloading the ZIP of 2 claims: their data as JSON and their documents."),
  ).toBeVisible();

  await tabTo(page, page.getByRole("button", { name: "Erase 1 claim…" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Erase for good?" })).toBeFocused();
  await expectNoAxeViolations(page);
  await tabTo(page, page.getByRole("button", { name: "Erase for good" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("Erased 1 claim.")).toBeVisible();
  await expect(table.getByRole("row", { name: new RegExp(draft) })).toHaveCount(0);
  await expect(table.getByRole("row", { name: new RegExp(filed) })).toBeVisible();
  await expect(page.getByText("Nothing can be erased now")).toBeVisible();

  // The same claimant by the e-mail address given in the filed claim: the filed claim alone.
  await tabTo(page, page.getByLabel("Mobile number"));
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await tabTo(page, page.getByLabel("Or an e-mail address"));
  await page.keyboard.type(email);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: `Claims naming ${email}` })).toBeVisible();
  await expect(table.getByRole("row", { name: new RegExp(filed) })).toBeVisible();
  await expect(table.getByRole("row", { name: new RegExp(draft) })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
