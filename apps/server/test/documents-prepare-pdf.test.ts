import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEFAULT_DOCUMENT_LIMITS } from "../src/config/document-config.ts";
import { checkPdf } from "../src/documents/pdf-check.ts";
import { isDocumentRefusal, prepareDocument } from "../src/documents/prepare-document.ts";
import { DOCUMENT_MESSAGES } from "../src/http/upload-messages.ts";
import {
  encryptedPdf,
  inflationBombPdf,
  manyObjectsPdf,
  QPDF_ENCRYPTED,
} from "./fixtures/hostile-pdfs.ts";
import {
  ACTIVE_MARKER,
  ACTIVE_NAMES,
  activeContentPdf,
  pageSizes,
  passwordProtectedPdf,
  pdfObjectsText,
  pdfText,
  textPdf,
} from "./fixtures/pdf-files.ts";
import {
  preparedDocument as prepared,
  refusedDocument as refusal,
} from "./support/document-store.ts";

// What prepareDocument does with a PDF: kept byte for byte when it is safe, refused when it is
// protected, a bomb, too slow or over the page limit, and rewritten without its active content.

const MB = 1024 * 1024;

describe("prepareDocument: PDFs", () => {
  it("keeps a PDF byte for byte and counts its pages", async () => {
    const pdf = await textPdf(3);
    const document = await prepared(pdf, "APS.pdf");
    expect(Buffer.from(document.pdf).equals(Buffer.from(pdf))).toBe(true);
    expect(document.pageCount).toBe(3);
    expect(document.sourceType).toBe("pdf");
    expect(document.sha256).toBe(createHash("sha256").update(pdf).digest("hex"));
  });

  it("refuses a password-protected PDF with its own message", async () => {
    expect(await refusal(await passwordProtectedPdf(), "locked.pdf")).toEqual({
      refused: "unreadable",
      message: DOCUMENT_MESSAGES.passwordProtected,
    });
  });

  it.each([
    ["RC4 40-bit (R2), written here", encryptedPdf(""), 1],
    ["AES-128 (R4) with object streams, written by qpdf", QPDF_ENCRYPTED.aes128OwnerOnly, 1],
    ["AES-256 (R6) with object streams, written by qpdf", QPDF_ENCRYPTED.aes256OwnerOnly, 1],
  ])("keeps a PDF restricted only by an owner password: %s", async (_name, pdf, pages) => {
    const document = await prepared(pdf, "bank-statement.pdf");
    expect(Buffer.from(document.pdf).equals(Buffer.from(pdf))).toBe(true);
    expect(document.pageCount).toBe(pages);
  });

  it.each([
    ["RC4 40-bit (R2)", encryptedPdf("secret")],
    ["AES-256 (R6)", QPDF_ENCRYPTED.aes256UserPassword],
  ])("refuses a PDF that needs a user password: %s", async (_name, pdf) => {
    expect(await refusal(pdf, "locked.pdf")).toEqual({
      refused: "unreadable",
      message: DOCUMENT_MESSAGES.passwordProtected,
    });
  });

  it("refuses a PDF whose streams inflate past the limit, whatever it holds", async () => {
    const limits = { ...DEFAULT_DOCUMENT_LIMITS, pdfMaxInflatedBytes: 4 * MB };
    expect(await prepareDocument(inflationBombPdf(8 * MB), "bomb.pdf", limits)).toEqual({
      refused: "unreadable",
      message: DOCUMENT_MESSAGES.pdfTooDemanding,
    });
    // The same file under a limit it fits in is read as far as pdf-lib goes.
    const generous = { ...limits, pdfMaxInflatedBytes: 64 * MB };
    expect(await prepareDocument(inflationBombPdf(8 * MB), "bomb.pdf", generous)).not.toEqual({
      refused: "unreadable",
      message: DOCUMENT_MESSAGES.pdfTooDemanding,
    });
  });

  it("refuses a PDF whose objects take more than the worker's heap, and takes it with more", async () => {
    // 1.2 million objects in 2 MB: about 200 MB of pdf-lib's heap.
    const pdf = manyObjectsPdf(400_000);
    expect(pdf.length).toBeLessThan(3 * MB);
    const small = { ...DEFAULT_DOCUMENT_LIMITS, pdfCheckHeapMb: 32 };
    expect(await prepareDocument(pdf, "objects.pdf", small)).toEqual({
      refused: "unreadable",
      message: DOCUMENT_MESSAGES.pdfTooDemanding,
    });
    const large = { ...DEFAULT_DOCUMENT_LIMITS, pdfCheckHeapMb: 512 };
    const document = await prepareDocument(pdf, "objects.pdf", large);
    expect(isDocumentRefusal(document) ? document.message : document.pageCount).toBe(1);
  });

  it("abandons a PDF it cannot open within the time limit", async () => {
    // pdf-lib inflates some 50–200 MB a second: one second is far too short to reach this cap, and
    // the bound leaves room for a worker that starts slowly on a loaded machine.
    const started = performance.now();
    const outcome = await checkPdf(inflationBombPdf(3 * 1024 * MB), {
      seconds: 1,
      maxInflatedBytes: 3000 * MB,
      heapMb: DEFAULT_DOCUMENT_LIMITS.pdfCheckHeapMb,
      maxPages: DEFAULT_DOCUMENT_LIMITS.pdfMaxPages,
    });
    expect(outcome).toEqual({ outcome: "too-slow" });
    expect(performance.now() - started).toBeLessThan(6000);
  });

  it("refuses a file that starts like a PDF but is not one", async () => {
    expect(await refusal(Buffer.from("%PDF-1.7\nnothing else here\n"), "x.pdf")).toEqual({
      refused: "unreadable",
      message: DOCUMENT_MESSAGES.unreadable,
    });
  });
});

describe("prepareDocument: PDF page limit", () => {
  it("refuses a PDF over the page limit with a message that says how to send it, and takes one at it", async () => {
    expect(await refusal(await textPdf(201), "hospital-records.pdf")).toEqual({
      refused: "too-many-pages",
      message:
        "This PDF has more than 200 pages. Please split it into files of up to 200 pages, or send only the pages this document needs.",
    });
    expect((await prepared(await textPdf(200), "hospital-records.pdf")).pageCount).toBe(200);
  });

  it("takes the page limit from its limits, and counts an encrypted PDF's pages too", async () => {
    const limits = { ...DEFAULT_DOCUMENT_LIMITS, pdfMaxPages: 2 };
    expect(await prepareDocument(await textPdf(3), "a.pdf", limits)).toEqual({
      refused: "too-many-pages",
      message: DOCUMENT_MESSAGES.tooManyPages(2),
    });
    const one = { ...DEFAULT_DOCUMENT_LIMITS, pdfMaxPages: 1 };
    expect(isDocumentRefusal(await prepareDocument(encryptedPdf(""), "b.pdf", one))).toBe(false);
    const none = { ...DEFAULT_DOCUMENT_LIMITS, pdfMaxPages: 0 };
    expect(await prepareDocument(QPDF_ENCRYPTED.aes256OwnerOnly, "b.pdf", none)).toMatchObject({
      refused: "too-many-pages",
    });
  });
});

describe("prepareDocument: active content in PDFs", () => {
  it("removes scripts, automatic actions, launch and form actions, embedded files and XFA, and keeps the pages, text and links", async () => {
    const pdf = await activeContentPdf(2);
    // The fixture really carries what must go.
    const before = await pdfObjectsText(pdf);
    for (const name of ACTIVE_NAMES) {
      expect(before).toContain(name);
    }

    const document = await prepared(pdf, "statement.pdf");
    expect(Buffer.from(document.pdf).equals(Buffer.from(pdf))).toBe(false);
    expect(document.pageCount).toBe(2);
    expect(document.sha256).toBe(createHash("sha256").update(document.pdf).digest("hex"));
    const after = await pdfObjectsText(document.pdf);
    for (const name of [...ACTIVE_NAMES, "/Next"]) {
      expect(after).not.toContain(name);
    }
    expect(Buffer.from(document.pdf).includes(ACTIVE_MARKER)).toBe(false);
    // What an examiner reads stays: both pages with their text, the web link and the page jump.
    expect(after).toContain("/URI");
    expect(after).toContain("/GoTo");
    expect(await pdfText(document.pdf)).toEqual([
      "Attending physician's statement, page 1",
      "Attending physician's statement, page 2",
    ]);
    expect(await pageSizes(document.pdf)).toEqual(await pageSizes(pdf));
  });

  it("refuses a PDF protected by an owner password that carries a script, which it cannot rewrite", async () => {
    const pdf = encryptedPdf(
      "",
      "bank-owner",
      "/OpenAction << /S /JavaScript /JS (app.alert(1)) >> ",
    );
    expect(await refusal(pdf, "statement.pdf")).toEqual({
      refused: "unreadable",
      message: DOCUMENT_MESSAGES.pdfProtectedActiveContent,
    });
  });
});
