import { createHash } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DEFAULT_DOCUMENT_LIMITS } from "../src/config/document-config.ts";
import { documentDisplayName } from "../src/documents/document-display-name.ts";
import { checkPdf } from "../src/documents/pdf-check.ts";
import {
  type DocumentRefusal,
  isDocumentRefusal,
  type PreparedDocument,
  prepareDocument,
} from "../src/documents/prepare-document.ts";
import { sniffType } from "../src/documents/sniff-type.ts";
import { DOCUMENT_MESSAGES } from "../src/http/upload-messages.ts";
import { heicImage } from "./fixtures/heic-image.ts";
import { hasGpsDirectory, OWNER_MARK, photoWithGps, pngBomb, solidPng } from "./fixtures/images.ts";
import {
  ACTIVE_MARKER,
  activeContentPdf,
  embeddedImages,
  encryptedPdf,
  inflationBombPdf,
  manyObjectsPdf,
  pageSizes,
  passwordProtectedPdf,
  pdfObjectsText,
  pdfText,
  QPDF_ENCRYPTED,
  textPdf,
} from "./fixtures/pdf-files.ts";

const MB = 1024 * 1024;

async function prepared(bytes: Uint8Array, name = "photo.jpg"): Promise<PreparedDocument> {
  const result = await prepareDocument(bytes, name);
  if (isDocumentRefusal(result)) throw new Error(`Refused: ${result.message}`);
  return result;
}

async function refusal(bytes: Uint8Array, name = "photo.jpg"): Promise<DocumentRefusal> {
  const result = await prepareDocument(bytes, name);
  if (!isDocumentRefusal(result)) throw new Error("Expected a refusal.");
  return result;
}

async function onlyImage(pdf: Uint8Array): Promise<Buffer> {
  const images = await embeddedImages(pdf);
  expect(images).toHaveLength(1);
  expect(images[0]?.filter).toBe("/DCTDecode");
  return Buffer.from(images[0]?.bytes ?? []);
}

describe("sniffType", () => {
  it.each([
    ["jpeg", [0xff, 0xd8, 0xff, 0xe0, 0, 0]],
    ["png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]],
    ["pdf", [...Buffer.from("%PDF-1.7\n")]],
    ["heic", [0, 0, 0, 0x18, ...Buffer.from("ftypheic"), 0, 0, 0, 0]],
    ["heic", [0, 0, 0, 0x18, ...Buffer.from("ftypmif1"), 0, 0, 0, 0]],
  ])("recognises %s by its first bytes", (type, bytes) => {
    expect(sniffType(Uint8Array.from(bytes))).toBe(type);
  });

  it.each([
    ["empty", []],
    ["text", [...Buffer.from("hello, this is not a picture")]],
    ["GIF", [...Buffer.from("GIF89a")]],
    ["AVIF", [0, 0, 0, 0x1c, ...Buffer.from("ftypavif"), 0, 0, 0, 0]],
    ["PDF header later in the file", [...Buffer.from(" %PDF-1.7")]],
    ["truncated PNG signature", [0x89, 0x50, 0x4e, 0x47]],
  ])("refuses %s", (_name, bytes) => {
    expect(sniffType(Uint8Array.from(bytes))).toBeNull();
  });
});

describe("documentDisplayName", () => {
  it.each([
    ["../../etc/passwd.jpg", "passwd.pdf"],
    ["..\\..\\Windows\\win.ini", "win.pdf"],
    ["C:\\Users\\Ana\\Pictures\\ID front.JPG", "ID front.pdf"],
    ["death certificate.pdf", "death certificate.pdf"],
    ["receipt", "receipt.pdf"],
    ["  scan\u0000\u0007 2024\n.png", "scan 2024.pdf"],
    ["invoice\u202egpj.exe", "invoicegpj.pdf"],
    ['what<>:"|?*.jpg', "what.pdf"],
    ["..", "document.pdf"],
    ["", "document.pdf"],
    [".jpg", "jpg.pdf"],
    ["/", "document.pdf"],
  ])("%j becomes %j", (original, expected) => {
    expect(documentDisplayName(original)).toBe(expected);
  });

  it("keeps at most 100 characters and never splits a character", () => {
    const long = documentDisplayName(`${"ñ".repeat(150)}.jpg`);
    expect(long).toBe(`${"ñ".repeat(96)}.pdf`);
    const emoji = documentDisplayName(`${"📄".repeat(120)}.jpg`);
    expect(Array.from(emoji)).toHaveLength(100);
    expect(emoji.endsWith("📄.pdf")).toBe(true);
  });
});

describe("prepareDocument: photos", () => {
  it("removes EXIF and GPS, keeps the photo upright and wraps it in a one-page PDF", async () => {
    const photo = await photoWithGps();
    const source = await sharp(photo).metadata();
    // The fixture really carries what must go.
    expect(source.orientation).toBe(6);
    expect(source.exif && hasGpsDirectory(source.exif)).toBe(true);
    expect(photo.includes(OWNER_MARK)).toBe(true);

    const document = await prepared(photo, "IMG_0001.JPG");
    expect(document.sourceType).toBe("jpeg");
    expect(document.pageCount).toBe(1);
    expect(document.displayName).toBe("IMG_0001.pdf");
    expect(Buffer.from(document.pdf).includes(OWNER_MARK)).toBe(false);

    const embedded = await onlyImage(document.pdf);
    const output = await sharp(embedded).metadata();
    expect(output.exif).toBeUndefined();
    expect(output.xmp).toBeUndefined();
    expect(output.iptc).toBeUndefined();
    expect(output.orientation).toBeUndefined();
    // Orientation 6 turns the 300×200 picture a quarter clockwise: red on top, blue below.
    expect([output.width, output.height]).toEqual([200, 300]);
    expect(await pageSizes(document.pdf)).toEqual([{ width: 200, height: 300 }]);
    const { data } = await sharp(embedded).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * 200 + x) * 3, (y * 200 + x) * 3 + 3),
    ];
    const [topRed, , topBlue] = pixel(100, 40);
    const [bottomRed, , bottomBlue] = pixel(100, 260);
    expect(topRed).toBeGreaterThan(200);
    expect(topBlue).toBeLessThan(60);
    expect(bottomBlue).toBeGreaterThan(200);
    expect(bottomRed).toBeLessThan(60);
  });

  it("re-encodes a PNG with transparency onto white, at its own size", async () => {
    const document = await prepared(await solidPng(640, 480), "bank proof.png");
    expect(document.sourceType).toBe("png");
    expect(document.displayName).toBe("bank proof.pdf");
    const embedded = await onlyImage(document.pdf);
    const output = await sharp(embedded).metadata();
    expect([output.format, output.width, output.height, output.hasAlpha]).toEqual([
      "jpeg",
      640,
      480,
      false,
    ]);
    const { data } = await sharp(embedded).raw().toBuffer({ resolveWithObject: true });
    // Half-transparent green over white, not over black.
    expect(data[0]).toBeGreaterThan(100);
    expect(data[1]).toBeGreaterThan(200);
  });

  it("scales a large photo down to 3000 pixels on its longest side", async () => {
    const large = await sharp({
      create: { width: 4500, height: 3000, channels: 3, background: "#808080" },
    })
      .jpeg()
      .toBuffer();
    const document = await prepared(large);
    const output = await sharp(await onlyImage(document.pdf)).metadata();
    expect([output.width, output.height]).toEqual([3000, 2000]);
    expect(await pageSizes(document.pdf)).toEqual([{ width: 3000, height: 2000 }]);
  });

  it("gives the SHA-256 of the PDF it returns", async () => {
    const document = await prepared(await solidPng(100, 100));
    expect(document.sha256).toBe(createHash("sha256").update(document.pdf).digest("hex"));
  });
});

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
    for (const name of [
      "/OpenAction",
      "/JavaScript",
      "/JS",
      "/AA",
      "/EmbeddedFiles",
      "/Launch",
      "/SubmitForm",
      "/XFA",
      "/EF",
      "/FileAttachment",
      ACTIVE_MARKER,
    ]) {
      expect(before).toContain(name);
    }

    const document = await prepared(pdf, "statement.pdf");
    expect(Buffer.from(document.pdf).equals(Buffer.from(pdf))).toBe(false);
    expect(document.pageCount).toBe(2);
    expect(document.sha256).toBe(createHash("sha256").update(document.pdf).digest("hex"));
    const after = await pdfObjectsText(document.pdf);
    for (const name of [
      "/OpenAction",
      "/JavaScript",
      "/JS",
      "/AA",
      "/EmbeddedFiles",
      "/Launch",
      "/SubmitForm",
      "/XFA",
      "/EF",
      "/FileAttachment",
      "/Next",
      ACTIVE_MARKER,
    ]) {
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

describe("prepareDocument: refusals", () => {
  it("decides by content: a text file named photo.jpg is refused", async () => {
    expect(await refusal(Buffer.from("I am a photo, trust me."), "photo.jpg")).toEqual({
      refused: "type",
      message: "This file is not a JPEG, PNG, HEIC or PDF. Please send a photo or a PDF.",
    });
  });

  it("refuses an empty file", async () => {
    expect((await refusal(new Uint8Array(0))).refused).toBe("type");
  });

  it("refuses a file over 10 MB before looking at it", async () => {
    const big = Buffer.alloc(11 * MB);
    big.set([0xff, 0xd8, 0xff]);
    expect(await refusal(big)).toEqual({
      refused: "too-large",
      message: "This file is larger than 10 MB. Please send a smaller photo or PDF.",
    });
    const atLimit = Buffer.alloc(DEFAULT_DOCUMENT_LIMITS.maxFileBytes);
    atLimit.set([0xff, 0xd8, 0xff]);
    expect((await refusal(atLimit)).refused).toBe("unreadable");
  });

  it("takes the size limit from its limits", async () => {
    const photo = await photoWithGps();
    const result = await prepareDocument(photo, "a.jpg", {
      ...DEFAULT_DOCUMENT_LIMITS,
      maxFileBytes: 1024,
    });
    expect(result).toEqual({
      refused: "too-large",
      message: "This file is larger than 1 KB. Please send a smaller photo or PDF.",
    });
  });

  it("refuses a decompression bomb from its header, without decoding it", async () => {
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200_000);
    const started = performance.now();
    const result = await refusal(bomb, "bomb.png");
    // Reading the header takes about a millisecond; even a streamed, shrinking decode of these
    // 400 megapixels takes about half a second here.
    expect(performance.now() - started).toBeLessThan(250);
    expect(result).toEqual({
      refused: "too-many-pixels",
      message: "This picture is too big to read (over 50 megapixels). Please send a smaller photo.",
    });
  });

  it("refuses a picture just over the pixel limit and takes one at it", async () => {
    const limits = { ...DEFAULT_DOCUMENT_LIMITS, maxImagePixels: 10_000 };
    expect(await prepareDocument(pngBomb(101, 100), "a.png", limits)).toMatchObject({
      refused: "too-many-pixels",
    });
    expect(isDocumentRefusal(await prepareDocument(pngBomb(100, 100), "a.png", limits))).toBe(
      false,
    );
  });

  it("refuses a damaged JPEG", async () => {
    const photo = await photoWithGps();
    const damaged = Buffer.concat([photo.subarray(0, 400), Buffer.alloc(400, 0x41)]);
    expect(await refusal(damaged)).toEqual({
      refused: "unreadable",
      message: DOCUMENT_MESSAGES.unreadable,
    });
  });
});

describe("prepareDocument: HEIC", () => {
  it("says an iPhone (HEVC) photo cannot be read yet, since the installed libvips has no HEVC decoder", async () => {
    const heic = heicImage(640, 480);
    expect(sniffType(heic)).toBe("heic");
    // The container is understood; the picture inside cannot be decoded.
    expect(await sharp(heic).metadata()).toMatchObject({ compression: "hevc", width: 640 });
    await expect(sharp(heic).jpeg().toBuffer()).rejects.toThrow(/HEVC/);
    expect(await refusal(heic, "IMG_4001.HEIC")).toEqual({
      refused: "type",
      message: DOCUMENT_MESSAGES.heic,
    });
  });

  it("takes a HEIF still picture the library can decode (AV1-coded)", async () => {
    const avif = await sharp({
      create: { width: 64, height: 48, channels: 3, background: "#123456" },
    })
      .heif({ compression: "av1" })
      .toBuffer();
    // Same file with the HEIF major brand phones use for still pictures.
    avif.write("mif1", 8, "latin1");
    const document = await prepared(avif, "still.heif");
    expect(document.sourceType).toBe("heic");
    const output = await sharp(await onlyImage(document.pdf)).metadata();
    expect([output.width, output.height]).toEqual([64, 48]);
  });
});
