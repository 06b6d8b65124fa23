import { expect, test } from "@playwright/test";
import { startClaimToDocuments } from "../support/claim-steps.ts";
import {
  phonePhoto,
  scannedPdf,
  type TestFile,
  uploadEveryRequired,
} from "../support/documents.ts";
import { pressNext } from "../support/start-form.ts";
import { agreeAndSubmit, claimRecord } from "../support/submission.ts";

// Section 8: a content fetch failure is quiet. With every content call of section 7 answered 503
// (page content and lists, app config, notice, claim guide), the widget shows its own defaults and
// a claim is filed to the confirmation. The companies are configuration, not content (decision
// 0083): without them the calls are refused by design, so they are left to answer.

let photo: TestFile;
let pdf: TestFile;
test.beforeAll(async () => {
  photo = await phonePhoto("IMG_20261128_0400.jpg", 2000, 1500);
  pdf = await scannedPdf("scan.pdf", "Certified true copy");
});

test("with the content service down, a claim is filed on the widget's defaults", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const refused = new Set<string>();
  await page.route("**/api/content/**", (route) => {
    if (new URL(route.request().url()).pathname === "/api/content/companies")
      return route.continue();
    refused.add(new URL(route.request().url()).pathname);
    return route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({ returnCode: "503", message: "Content service unavailable." }),
    });
  });
  await startClaimToDocuments(page, request);
  await uploadEveryRequired(page, photo, pdf);
  await pressNext(page);
  const reference = await agreeAndSubmit(page, testInfo, "content-down");
  expect((await claimRecord(request, reference)).status).toBe("CLAIM APPLICATION SUBMITTED");
  expect([...refused]).toEqual(
    expect.arrayContaining(["/api/content/page", "/api/content/app-config", "/api/content/notice"]),
  );
});
