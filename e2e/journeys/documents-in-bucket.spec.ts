import { readdir } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_BUCKET } from "../playwright.config.ts";
import { INSURER, insurer } from "../support/claim-calls.ts";
import { startVerifiedClaim } from "../support/claim-steps.ts";
import { phonePhoto, scannedPdf } from "../support/documents.ts";
import { fileLivingAccidentClaim } from "../support/submission.ts";

// Documents in an S3-compatible bucket (decision 0098): the whole-server journeys' server keeps
// them in a local s3rver's bucket. A claimant files a claim with a photo and a PDF; each lands in
// the bucket, none on the server's disk, and the insurer's core system downloads each back.

test.describe.configure({ timeout: 180_000 });

/** The objects s3rver holds in the bucket's folder. */
async function objectsInBucket(): Promise<number> {
  const folder = path.join(process.env.KALINGA_E2E_S3_DIR ?? "", E2E_BUCKET);
  const entries = await readdir(folder, { recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.endsWith("._S3rver_object")).length;
}

test("a claim's photo and PDF are kept in the bucket and downloaded from it", async ({
  page,
  request,
}, testInfo) => {
  await startVerifiedClaim(page, request);
  const before = await objectsInBucket();
  const reference = await fileLivingAccidentClaim(page, testInfo, "documents-in-bucket", {
    photo: await phonePhoto("IMG_20261128_0812.jpg"),
    pdf: await scannedPdf("police-report.pdf", "Police report"),
  });

  const claim = (await insurer(request, reference)) as {
    documents: { name: string; downloadPath: string }[];
  };
  expect(claim.documents.length).toBeGreaterThan(0);
  expect(await objectsInBucket()).toBe(before + claim.documents.length);
  for (const document of claim.documents) {
    const file = await request.get(document.downloadPath, { headers: INSURER });
    expect(file.status(), document.name).toBe(200);
    expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
  }
  const onDisk = path.join(process.env.KALINGA_E2E_WHOLE_DATA_DIR ?? "", "documents");
  expect(await readdir(onDisk, { recursive: true }).catch(() => [])).toEqual([]);
});
