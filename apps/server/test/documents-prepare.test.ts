import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DOCUMENT_LIMITS } from "../src/config/document-config.ts";
import { documentDisplayName } from "../src/documents/document-display-name.ts";
import { isDocumentRefusal, prepareDocument } from "../src/documents/prepare-document.ts";
import { sniffType } from "../src/documents/sniff-type.ts";
import { DOCUMENT_MESSAGES } from "../src/http/upload-messages.ts";
import { heicImage } from "./fixtures/heic-image.ts";
import { hasGpsDirectory, OWNER_MARK, photoWithGps, pngBomb, solidPng } from "./fixtures/images.ts";
import { embeddedImages, pageSizes, textPdf } from "./fixtures/pdf-files.ts";
import {
  preparedDocument as prepared,
  refusedDocument as refusal,
} from "./support/document-store.ts";

// What prepareDocument does with a photo (re-encoded without its metadata into a one-page PDF),
// how a file's type and display name are decided, and what it refuses before looking further.

const MB = 1024 * 1024;

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

describe("prepareDocument from a file on disk (an upload streamed to a temporary file)", () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "kalinga-prepare-path-"));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  async function onDisk(name: string, bytes: Uint8Array) {
    const file = path.join(folder, name);
    await writeFile(file, bytes);
    return { path: file, sizeBytes: bytes.byteLength };
  }

  it("makes the same PDF of a photo as from its bytes", async () => {
    const bytes = await photoWithGps();
    const fromBytes = await prepared(bytes, "ID front.jpg");
    const fromFile = await prepareDocument(await onDisk("photo", bytes), "ID front.jpg");
    if (isDocumentRefusal(fromFile)) throw new Error(fromFile.message);
    expect(fromFile).toMatchObject({
      sourceType: "jpeg",
      pageCount: 1,
      displayName: "ID front.pdf",
    });
    expect(fromFile.sha256).toBe(fromBytes.sha256);
    // Read from its path, the photo is still turned upright and stripped of its metadata.
    const output = await sharp(await onlyImage(fromFile.pdf)).metadata();
    expect([output.width, output.height, output.exif]).toEqual([200, 300, undefined]);
  });

  it("checks a PDF read from the file as from its bytes", async () => {
    const bytes = await textPdf(3);
    const fromFile = await prepareDocument(await onDisk("statement", bytes), "statement.pdf");
    if (isDocumentRefusal(fromFile)) throw new Error(fromFile.message);
    expect(fromFile).toMatchObject({ sourceType: "pdf", pageCount: 3 });
    expect(fromFile.sha256).toBe((await prepared(bytes, "statement.pdf")).sha256);
  });

  it("refuses by the first bytes of the file, and one shorter than a type's signature", async () => {
    const text = await onDisk("text", Buffer.from("I am a photo, trust me."));
    expect(await prepareDocument(text, "photo.jpg")).toMatchObject({ refused: "type" });
    const short = await onDisk("short", Uint8Array.from([0xff, 0xd8]));
    expect(await prepareDocument(short, "photo.jpg")).toMatchObject({ refused: "type" });
  });

  it("refuses a file over the limit by its size, without opening it", async () => {
    const absent = { path: path.join(folder, "never-written"), sizeBytes: 11 * MB };
    expect(await prepareDocument(absent, "big.jpg")).toMatchObject({ refused: "too-large" });
  });
});
