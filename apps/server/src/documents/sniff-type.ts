// The type of an uploaded file is decided by its first bytes alone: names and Content-Type headers
// are written by the sender and prove nothing.

export type DocumentSourceType = "jpeg" | "png" | "pdf" | "heic";

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
const FTYP = [0x66, 0x74, 0x79, 0x70]; // "ftyp" box type, after the 4-byte box size
/** Major brands of HEIF still images as phones write them (iPhone: heic; others: heix, mif1, msf1). */
const HEIF_BRANDS = new Set(["heic", "heix", "mif1", "msf1"]);

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

/** The document type the bytes are, or null for anything Kalinga does not take. */
export function sniffType(bytes: Uint8Array): DocumentSourceType | null {
  if (startsWith(bytes, JPEG)) return "jpeg";
  if (startsWith(bytes, PNG)) return "png";
  if (startsWith(bytes, PDF)) return "pdf";
  if (startsWith(bytes, FTYP, 4) && bytes.length >= 12) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    if (HEIF_BRANDS.has(brand)) return "heic";
  }
  return null;
}
