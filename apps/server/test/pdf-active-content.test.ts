import { createHash } from "node:crypto";
import { accidentPayload } from "@kalinga/domain/fixtures/claim-fixtures";
import { mandatorySlotKeys, slotFactsOfPayload } from "@kalinga/domain/upload-slots";
import { describe, expect, test } from "vitest";
import {
  ACTIVE_MARKER,
  ACTIVE_NAMES,
  activeContentPdf,
  pdfObjectsText,
  pdfText,
  textPdf,
} from "./fixtures/pdf-files.ts";
import { samplePhoto, uploadDocument } from "./support/claim-documents.ts";
import { submitBodyOf, TODAY } from "./support/claim-payloads.ts";
import { verifiedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import { basicInformation, callClaim } from "./support/test-app.ts";

// PDFs as an attacker sends them, through uploadDocument: one of thousands of pages is refused with
// a message that tells the claimant what to do; one with scripts, automatic actions and embedded
// files is stored without them, and the insurer downloads that clean copy with its pages and text.

const server = useServerTest({ documentsDir: true, env: { NOTIFICATION_POLL_MS: "600000" } });
const [slotKey = "", ...otherSlots] = mandatorySlotKeys(slotFactsOfPayload(accidentPayload, TODAY));

describe("PDFs an attacker uploads", () => {
  test("a PDF over the page limit is refused with the claimant's message, and nothing is stored", async () => {
    const claim = await verifiedClaim(server.app);
    const answer = await uploadDocument(server.app, claim, {
      slotKey,
      bytes: await textPdf(201),
      filename: "all-hospital-records.pdf",
    });
    expect(answer.statusCode).toBe(417);
    expect(answer.json()).toEqual({
      returnCode: "10",
      refused: "too-many-pages",
      message:
        "This PDF has more than 200 pages. Please split it into files of up to 200 pages, or send only the pages this document needs.",
    });
    const listed = await callClaim(
      server.app,
      "listDocuments",
      { basicInformation, webReferenceNumber: claim.webReferenceNumber },
      { token: claim.token },
    );
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as { documents: unknown[] }).documents).toEqual([]);
  });

  test("a PDF with scripts, actions and embedded files reaches the insurer without them, with its pages and text", async () => {
    const claim = await verifiedClaim(server.app);
    const pdf = await activeContentPdf(2);
    const uploaded = await uploadDocument(server.app, claim, {
      slotKey,
      bytes: pdf,
      filename: "death-certificate.pdf",
    });
    expect(uploaded.statusCode).toBe(200);
    const photo = await samplePhoto();
    for (const other of otherSlots) {
      expect(
        (await uploadDocument(server.app, claim, { slotKey: other, bytes: photo })).statusCode,
      ).toBe(200);
    }
    const submitted = await callClaim(server.app, "finalSubmitClaim", submitBodyOf(claim), {
      token: claim.token,
    });
    expect(submitted.statusCode).toBe(200);

    const view = await server.app.inject({
      method: "GET",
      url: `/api/insurer/claims/${claim.webReferenceNumber}`,
      headers: { authorization: "Bearer kalinga-dev-insurer-key" },
    });
    const documents = (
      view.json() as { documents: { slot: string; sha256: string; downloadPath: string }[] }
    ).documents;
    const document = documents.find((entry) => entry.slot === slotKey);
    if (!document) throw new Error("the PDF is not among the claim's documents");
    const file = await server.app.inject({
      method: "GET",
      url: document.downloadPath,
      headers: { authorization: "Bearer kalinga-dev-insurer-key" },
    });
    expect(file.statusCode).toBe(200);
    const downloaded = file.rawPayload;
    expect(createHash("sha256").update(downloaded).digest("hex")).toBe(document.sha256);
    expect(downloaded.equals(Buffer.from(pdf))).toBe(false);
    expect(downloaded.includes(ACTIVE_MARKER)).toBe(false);
    const objects = await pdfObjectsText(downloaded);
    for (const name of ACTIVE_NAMES) expect(objects).not.toContain(name);
    expect(objects).toContain("/URI");
    expect(await pdfText(downloaded)).toEqual([
      "Attending physician's statement, page 1",
      "Attending physician's statement, page 2",
    ]);
  });
});
