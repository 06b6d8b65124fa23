import { readFile } from "node:fs/promises";
import { dengueDeathPayload } from "@kalinga/domain/fixtures/claim-fixtures";
import { expect, test } from "@playwright/test";
import { CONSOLE_ADMIN } from "../playwright.config.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { claimCall, fileClaimByCalls } from "../support/claim-calls.ts";
import { signInToConsole, tabTo } from "../support/console.ts";
import { phonePhoto } from "../support/documents.ts";
import { readOtpFromOutbox } from "../support/outbox.ts";
import { uniqueMobile } from "../support/start-form.ts";

// A claimant asks for their data and its erasure (decision 0106): an administrator, by keyboard
// alone, looks the number up on the Data subjects screen, exports the JSON file, and erases the
// draft the law lets go while the submitted claim is kept and says why. Axe clean.

test.describe.configure({ timeout: 240_000 });

test("an administrator exports a claimant's data and erases their draft, keeping the open claim", async ({
  page,
  request,
}) => {
  const mobile = uniqueMobile();
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
    dengueDeathPayload,
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
  await tabTo(page, page.getByRole("button", { name: "Export as JSON" }));
  await page.keyboard.press("Enter");
  const file = await downloading;
  const exported = JSON.parse(await readFile(await file.path(), "utf8")) as {
    claims: { webReferenceNumber: string }[];
  };
  expect(exported.claims.map((claim) => claim.webReferenceNumber).sort()).toEqual(
    [filed, draft].sort(),
  );
  await expect(page.getByText("Exported 2 claims.")).toBeVisible();

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
});
