import { createHash } from "node:crypto";
import { open, readFile } from "node:fs/promises";
import { PDFDocument } from "pdf-lib";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits } from "../config/document-config.ts";
import { DOCUMENT_MESSAGES } from "../http/upload-messages.ts";
import { sharedConversionGate } from "./conversion-gate.ts";
import { documentDisplayName } from "./document-display-name.ts";
import { checkPdf as checkPdfInWorker, type PdfCheckOutcome } from "./pdf-check.ts";
import { type DocumentSourceType, sniffType } from "./sniff-type.ts";

// Turns the bytes a claimant uploaded into the one format the claims staff receive: a PDF. Photos
// are decoded only after their header shows a bounded pixel count, then re-encoded without any
// metadata (EXIF, GPS, maker notes) and wrapped into a one-page PDF; PDFs are checked to open (in a
// worker thread with limits of time and memory, pdf-check.ts), refused past the page limit, and
// kept byte for byte unless they hold scripts, automatic actions or embedded files, which the
// worker removes (decision 0066).

export type PreparedDocument = {
  pdf: Uint8Array;
  pageCount: number;
  /** SHA-256 of the PDF bytes, lowercase hex. */
  sha256: string;
  displayName: string;
  sourceType: DocumentSourceType;
};

type DocumentRefusalReason =
  | "type"
  | "too-large"
  | "too-many-pixels"
  | "too-many-pages"
  | "unreadable";

export type DocumentRefusal = { refused: DocumentRefusalReason; message: string };

export function isDocumentRefusal(
  result: PreparedDocument | DocumentRefusal,
): result is DocumentRefusal {
  return "refused" in result;
}

// Every upload is a different file, so libvips's operation cache never hits; it only kept up to
// 50 MB of finished conversions' pixels alive in the process (decision 0100).
sharp.cache(false);

/** libvips says this when the header announces more pixels than limitInputPixels. */
const PIXEL_LIMIT_ERROR = /pixel limit/i;

/** The bytes as uploaded: in memory, or in a file of that size (an upload streamed to disk). */
export type DocumentSource = Uint8Array | { path: string; sizeBytes: number };

/** Enough of the file's start for sniffType. */
const HEAD_BYTES = 16;

async function headOf(source: DocumentSource): Promise<Uint8Array> {
  if (source instanceof Uint8Array) return source;
  const file = await open(source.path, "r");
  try {
    const head = new Uint8Array(HEAD_BYTES);
    const { bytesRead } = await file.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

export async function prepareDocument(
  source: DocumentSource,
  originalName: string,
  limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS,
): Promise<PreparedDocument | DocumentRefusal> {
  const sizeBytes = source instanceof Uint8Array ? source.byteLength : source.sizeBytes;
  if (sizeBytes > limits.maxFileBytes) {
    return { refused: "too-large", message: DOCUMENT_MESSAGES.tooLarge(limits.maxFileBytes) };
  }
  const sourceType = sniffType(await headOf(source));
  if (sourceType === null) return { refused: "type", message: DOCUMENT_MESSAGES.type };

  const displayName = documentDisplayName(originalName);
  // Waits for a place: each conversion holds tens of megabytes while it runs (decision 0100). A
  // file is read (a PDF) or decoded (sharp reads a photo from its path) only once it has one.
  const converted = await sharedConversionGate(limits.maxConversions).run(async () => {
    if (sourceType === "pdf") {
      return checkPdf(source instanceof Uint8Array ? source : await readFile(source.path), limits);
    }
    return imageToPdf(source instanceof Uint8Array ? source : source.path, sourceType, limits);
  });
  if ("refused" in converted) return converted;
  return {
    pdf: converted.pdf,
    pageCount: converted.pageCount,
    sha256: createHash("sha256").update(converted.pdf).digest("hex"),
    displayName,
    sourceType,
  };
}

type Converted = { pdf: Uint8Array; pageCount: number };

async function checkPdf(
  bytes: Uint8Array,
  limits: DocumentLimits,
): Promise<Converted | DocumentRefusal> {
  const checked = await checkPdfInWorker(bytes, {
    seconds: limits.pdfCheckSeconds,
    maxInflatedBytes: limits.pdfMaxInflatedBytes,
    heapMb: limits.pdfCheckHeapMb,
    maxPages: limits.pdfMaxPages,
  });
  if (checked.outcome === "ok") return { pdf: checked.pdf ?? bytes, pageCount: checked.pageCount };
  if (checked.outcome === "too-many-pages") {
    return {
      refused: "too-many-pages",
      message: DOCUMENT_MESSAGES.tooManyPages(limits.pdfMaxPages),
    };
  }
  return { refused: "unreadable", message: PDF_REFUSALS[checked.outcome] };
}

const PDF_REFUSALS: Record<Exclude<PdfCheckOutcome["outcome"], "ok" | "too-many-pages">, string> = {
  password: DOCUMENT_MESSAGES.passwordProtected,
  "restricted-unreadable": DOCUMENT_MESSAGES.pdfRestricted,
  unreadable: DOCUMENT_MESSAGES.unreadable,
  "inflate-limit": DOCUMENT_MESSAGES.pdfTooDemanding,
  "heap-limit": DOCUMENT_MESSAGES.pdfTooDemanding,
  "too-slow": DOCUMENT_MESSAGES.pdfTooDemanding,
  "encrypted-active-content": DOCUMENT_MESSAGES.pdfProtectedActiveContent,
};

function unreadableImage(sourceType: DocumentSourceType): DocumentRefusal {
  // The prebuilt libvips has no HEVC decoder, so an iPhone photo lands here: say what to do instead.
  return sourceType === "heic"
    ? { refused: "type", message: DOCUMENT_MESSAGES.heic }
    : { refused: "unreadable", message: DOCUMENT_MESSAGES.unreadable };
}

async function imageToPdf(
  picture: Uint8Array | string,
  sourceType: DocumentSourceType,
  limits: DocumentLimits,
): Promise<Converted | DocumentRefusal> {
  const tooManyPixels: DocumentRefusal = {
    refused: "too-many-pixels",
    message: DOCUMENT_MESSAGES.tooManyPixels(limits.maxImagePixels),
  };
  // sequentialRead: libvips decodes top to bottom in strips as the resize asks for rows, and JPEG
  // photos are shrunk while decoded, so the full-resolution picture is never held at once.
  const input = {
    limitInputPixels: limits.maxImagePixels,
    failOn: "error" as const,
    sequentialRead: true,
  };

  // The header alone: a 1 MB PNG can announce 400 megapixels (1.2 GB decoded).
  let header: Metadata;
  try {
    header = await sharp(picture, input).metadata();
  } catch (error) {
    if (error instanceof Error && PIXEL_LIMIT_ERROR.test(error.message)) return tooManyPixels;
    return unreadableImage(sourceType);
  }
  if (!header.width || !header.height) return unreadableImage(sourceType);
  if (header.width * header.height > limits.maxImagePixels) return tooManyPixels;

  let jpeg: { data: Buffer; info: OutputInfo };
  try {
    // Without keepMetadata/withMetadata sharp writes no EXIF, XMP, IPTC or GPS: autoOrient applies
    // the EXIF orientation to the pixels first, so the photo stays upright once the tag is gone.
    jpeg = await sharp(picture, input)
      .timeout({ seconds: limits.decodeTimeoutSeconds })
      .autoOrient()
      .resize({
        width: limits.maxImageSide,
        height: limits.maxImageSide,
        fit: "inside",
        withoutEnlargement: true,
      })
      .flatten({ background: "#ffffff" })
      // Without optimised Huffman tables the encoder writes as it goes instead of keeping the
      // whole picture's coefficients (about 30 MB at 3000 px) for a second pass; files grow ~13%.
      .jpeg({ quality: limits.jpegQuality, optimiseCoding: false })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof Error && PIXEL_LIMIT_ERROR.test(error.message)) return tooManyPixels;
    return unreadableImage(sourceType);
  }

  // One page the size of the picture (1 px = 1 pt): viewers and printers scale it to fit.
  const document = await PDFDocument.create({ updateMetadata: false });
  const image = await document.embedJpg(jpeg.data);
  const page = document.addPage([jpeg.info.width, jpeg.info.height]);
  page.drawImage(image, { x: 0, y: 0, width: jpeg.info.width, height: jpeg.info.height });
  return { pdf: await document.save(), pageCount: 1 };
}
