// Uploaded and returned document files (section 3): extension, size display, and encoded content
// turned into a named PDF. Pure: the base64 decoder is our own, so no Node or browser API is needed.

const BYTES_PER_KB = 1024;
const BYTES_PER_MB = 1024 * 1024;
/** The name a decoded document gets when the given name has nothing before its extension. */
const DEFAULT_DOCUMENT_NAME = "document";

/** "Scan.Final.JPG" → "jpg": the text after the last dot, lower-case; "" when there is no dot. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot === -1 ? "" : name.slice(dot + 1).toLowerCase();
}

/**
 * "850 KB" up to 1 MB (rounded up, so a non-empty file never shows 0 KB), "1.4 MB" above it
 * (one decimal, half up). 1 KB is 1024 bytes.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) throw new RangeError(`Not a file size: ${bytes}`);
  if (bytes > BYTES_PER_MB) {
    return `${(Math.round((bytes * 10) / BYTES_PER_MB) / 10).toFixed(1)} MB`;
  }
  return `${Math.ceil(bytes / BYTES_PER_KB)} KB`;
}

const BASE64_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const BASE64_VALUES = new Int8Array(128).fill(-1);
for (let i = 0; i < BASE64_ALPHABET.length; i += 1) {
  BASE64_VALUES[BASE64_ALPHABET.charCodeAt(i)] = i;
}

/**
 * Standard base64 (RFC 4648 §4), padded or not; null for any other character, misplaced padding
 * or a length no byte sequence encodes to.
 */
function decodeBase64(text: string): Uint8Array | null {
  let length = text.length;
  if (text.endsWith("=")) {
    if (length % 4 !== 0) return null;
    length -= text.endsWith("==") ? 2 : 1;
  }
  if (length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let at = 0;
  for (let i = 0; i < length; i += 1) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? (BASE64_VALUES[code] ?? -1) : -1;
    if (value < 0) return null;
    buffer = ((buffer << 6) | value) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[at] = (buffer >> bits) & 0xff;
      at += 1;
    }
  }
  return bytes;
}

/** "scans/id card.jpg" → "id card.pdf"; a name with nothing before its extension → "document.pdf". */
function pdfFileName(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf("/"), name.lastIndexOf("\\")) + 1);
  const dot = base.lastIndexOf(".");
  const stem = (dot === -1 ? base : base.slice(0, dot)).trim();
  return `${stem === "" ? DEFAULT_DOCUMENT_NAME : stem}.pdf`;
}

/**
 * A document returned as encoded (base64) content, as a PDF file under the given name with its
 * extension replaced. Whitespace is stripped first. Content that cannot be decoded produces
 * nothing: null, and a log line that tells why without any of the content.
 */
export function decodeDocumentContent(
  encoded: string,
  name: string,
  log: (message: string) => void,
): { name: string; bytes: Uint8Array } | null {
  const text = encoded.replace(/\s+/g, "");
  const bytes = text === "" ? null : decodeBase64(text);
  if (bytes === null) {
    const reason = text === "" ? "empty" : "not base64";
    log(`Document content could not be decoded (${reason}, ${text.length} characters); no file`);
    return null;
  }
  return { name: pdfFileName(name), bytes };
}

// ---- Photos are made smaller in the browser before they travel over mobile data.

/** The longest side of a photo as sent: a 12-megapixel photo becomes 2000 × 1500, still readable. */
export const PHOTO_MAX_EDGE_PX = 2000;
/** JPEG quality of a shrunk photo (0–1). */
export const PHOTO_JPEG_QUALITY = 0.82;
/** A photo already within the edge and under this size is sent as it is. */
export const PHOTO_SEND_AS_IS_BYTES = 1 * BYTES_PER_MB;

/**
 * The size to draw a photo at before sending it, or null when it is sent as it is: small
 * enough on both counts. The aspect ratio is kept; sides are whole pixels, at least 1.
 */
export function shrunkPhotoSize(
  width: number,
  height: number,
  bytes: number,
): { width: number; height: number } | null {
  const longest = Math.max(width, height);
  if (longest <= PHOTO_MAX_EDGE_PX && bytes <= PHOTO_SEND_AS_IS_BYTES) return null;
  const scale = Math.min(1, PHOTO_MAX_EDGE_PX / longest);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** "IMG_2041.HEIC.png" → "IMG_2041.HEIC.jpg": the name a photo re-encoded as JPEG is sent under. */
export function jpegNameOf(name: string): string {
  const dot = name.lastIndexOf(".");
  const stem = dot > 0 ? name.slice(0, dot) : name || DEFAULT_DOCUMENT_NAME;
  return `${stem}.jpg`;
}

/** The longest name, before the number and extension, that an exported file keeps. */
const ARCHIVE_NAME_MAX = 80;

/**
 * A stored document's path in a data subject's export (decision 0111): under the claim's reference,
 * numbered in upload order, its name reduced to letters, digits, spaces, dots, dashes and
 * brackets, never a folder of its own or a hidden file, always ".pdf" as every stored file is.
 */
export function archiveFileName(reference: string, index: number, name: string): string {
  const stem = name
    .replace(/[^\w() .-]+/g, "_")
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .replace(/^[ ._-]+/, "")
    .slice(0, ARCHIVE_NAME_MAX)
    .trim();
  const number = String(index + 1).padStart(2, "0");
  const folder = reference.replace(/[^\w-]+/g, "_");
  return `${folder}/${number}-${stem || DEFAULT_DOCUMENT_NAME}.pdf`;
}
