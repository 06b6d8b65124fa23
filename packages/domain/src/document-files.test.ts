import { describe, expect, it } from "vitest";
import {
  archiveFileName,
  decodeDocumentContent,
  fileExtension,
  formatFileSize,
  jpegNameOf,
  PHOTO_MAX_EDGE_PX,
  PHOTO_SEND_AS_IS_BYTES,
  shrunkPhotoSize,
} from "./document-files.ts";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** A plain RFC 4648 encoder, written apart from the decoder under test. */
function encode(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | (b << 8) | c;
    const chars = [18, 12, 6, 0].map((shift) => ALPHABET[(n >> shift) & 63]);
    const kept = Math.min(4, Math.ceil(((bytes.length - i) * 4) / 3));
    out += chars.slice(0, kept).join("") + "=".repeat(4 - kept);
  }
  return out;
}

/** Bytes as Latin-1 text and back: every byte value is one character. */
const text = (bytes: Uint8Array | undefined) => String.fromCharCode(...(bytes ?? []));
const latin1 = (chars: string) => Uint8Array.from(chars, (char) => char.charCodeAt(0));

describe("fileExtension", () => {
  it.each([
    ["report.pdf", "pdf"],
    ["Scan.Final.JPG", "jpg"],
    ["photo.HEIC", "heic"],
    ["archive.tar.gz", "gz"],
    ["README", ""],
    ["name.", ""],
    [".env", "env"],
    ["", ""],
  ])("%j → %j", (name, extension) => {
    expect(fileExtension(name)).toBe(extension);
  });
});

describe("formatFileSize", () => {
  it.each([
    [0, "0 KB"],
    [1, "1 KB"],
    [1024, "1 KB"],
    [1025, "2 KB"],
    [850 * 1024, "850 KB"],
    [870_401, "851 KB"],
    [1_048_576, "1024 KB"],
    [1_048_577, "1.0 MB"],
    [1_468_006, "1.4 MB"],
    [1_520_435, "1.4 MB"],
    [1_520_436, "1.5 MB"],
    [5 * 1_048_576, "5.0 MB"],
    [10 * 1_048_576, "10.0 MB"],
  ])("%d bytes → %s", (bytes, shown) => {
    expect(formatFileSize(bytes)).toBe(shown);
  });

  it("refuses what is not a size", () => {
    expect(() => formatFileSize(-1)).toThrow(RangeError);
    expect(() => formatFileSize(Number.NaN)).toThrow(RangeError);
    expect(() => formatFileSize(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe("decodeDocumentContent", () => {
  const noLog = (message: string) => {
    throw new Error(`unexpected log: ${message}`);
  };

  it.each([
    ["Zg==", "f"],
    ["Zm8=", "fo"],
    ["Zm9v", "foo"],
    ["Zm9vYg==", "foob"],
    ["Zm9vYmE=", "fooba"],
    ["Zm9vYmFy", "foobar"],
    ["Zm9vYg", "foob"],
    ["Zm9vYmE", "fooba"],
    ["Zm9=", "fo"],
  ])("decodes the RFC 4648 vector %j, padded or not, spare bits ignored", (encoded, decoded) => {
    expect(text(decodeDocumentContent(encoded, "a.pdf", noLog)?.bytes)).toBe(decoded);
  });

  it("strips whitespace and line breaks, and names the file .pdf", () => {
    const pdf = "%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n%%EOF\n";
    const encoded = encode(latin1(pdf));
    const wrapped = ` ${encoded.slice(0, 20)}\r\n${encoded.slice(20, 40)}\n\t${encoded.slice(40)} \n`;
    const file = decodeDocumentContent(wrapped, "Claim form.JPG", noLog);
    expect(file?.name).toBe("Claim form.pdf");
    expect(text(file?.bytes)).toBe(pdf);
  });

  it("gives back every byte value", () => {
    const bytes = Uint8Array.from({ length: 256 * 3 + 2 }, (_, i) => (i * 7 + 3) % 256);
    for (const length of [1, 2, 3, 255, 256, bytes.length]) {
      const slice = bytes.slice(0, length);
      expect(decodeDocumentContent(encode(slice), "x.pdf", noLog)?.bytes).toEqual(slice);
    }
  });

  it.each([
    ["scan.jpg", "scan.pdf"],
    ["scan", "scan.pdf"],
    ["report.PDF", "report.pdf"],
    ["archive.tar.gz", "archive.tar.pdf"],
    ["../../etc/passwd.png", "passwd.pdf"],
    ["C:\\Users\\juan\\id.png", "id.pdf"],
    [".jpg", "document.pdf"],
    ["", "document.pdf"],
  ])("names %j as %j", (name, pdfName) => {
    expect(decodeDocumentContent("Zm9v", name, noLog)?.name).toBe(pdfName);
  });

  it.each([
    ["not base64 characters", "JVBERi0xLjcK*secret*", "not base64"],
    ["URL-safe alphabet", "JVBERi0x_-", "not base64"],
    ["padding inside", "Zg==Zm9v", "not base64"],
    ["three padding characters", "Zg===", "not base64"],
    ["padding first", "=Zm9", "not base64"],
    ["a length no bytes encode to", "Zm9vY", "not base64"],
    ["a non-ASCII character", "Zm9vé", "not base64"],
    ["nothing but whitespace", " \n\t ", "empty"],
    ["nothing", "", "empty"],
  ])("produces nothing for %s and logs why without the content", (_, encoded, reason) => {
    const messages: string[] = [];
    expect(decodeDocumentContent(encoded, "id.jpg", (m) => messages.push(m))).toBeNull();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(reason);
    const content = encoded.replace(/\s+/g, "");
    if (content.length > 3) expect(messages[0]).not.toContain(content.slice(0, 4));
    expect(messages[0]).not.toContain("secret");
    expect(messages[0]).not.toContain("id.jpg");
  });
});

describe("shrunkPhotoSize", () => {
  it("shrinks a 12-megapixel phone photo to a 2000 px long side, keeping its shape", () => {
    expect(shrunkPhotoSize(4000, 3000, 5_200_000)).toEqual({ width: 2000, height: 1500 });
    expect(shrunkPhotoSize(3024, 4032, 3_100_000)).toEqual({ width: 1500, height: 2000 });
  });

  it("sends a small photo as it is", () => {
    expect(shrunkPhotoSize(1600, 1200, 400_000)).toBeNull();
    expect(shrunkPhotoSize(2000, 2000, PHOTO_SEND_AS_IS_BYTES)).toBeNull();
  });

  it("re-encodes a photo within the edge that is heavy, at its own size", () => {
    expect(shrunkPhotoSize(1800, 1200, PHOTO_SEND_AS_IS_BYTES + 1)).toEqual({
      width: 1800,
      height: 1200,
    });
  });

  it("never draws a side of 0 pixels", () => {
    expect(shrunkPhotoSize(30_000, 10, 2_000_000)).toEqual({ width: PHOTO_MAX_EDGE_PX, height: 1 });
  });
});

describe("jpegNameOf", () => {
  it("swaps the last extension for .jpg", () => {
    expect(jpegNameOf("IMG_2041.png")).toBe("IMG_2041.jpg");
    expect(jpegNameOf("scan.final.PNG")).toBe("scan.final.jpg");
    expect(jpegNameOf("receipt")).toBe("receipt.jpg");
    expect(jpegNameOf(".png")).toBe(".png.jpg");
    expect(jpegNameOf("")).toBe("document.jpg");
  });
});

describe("archiveFileName", () => {
  it("numbers each file under its claim's folder, as a PDF", () => {
    expect(archiveFileName("WEB-2026-000123", 0, "Death certificate.jpg")).toBe(
      "WEB-2026-000123/01-Death certificate.pdf",
    );
    expect(archiveFileName("WEB-2026-000123", 11, "scan.PDF")).toBe("WEB-2026-000123/12-scan.pdf");
  });

  it("never leaves the folder, hides a file or keeps a separator", () => {
    expect(archiveFileName("R1", 0, "../../etc/passwd")).toBe("R1/01-etc_passwd.pdf");
    expect(archiveFileName("R1", 1, "..\\windows\\x:y*z?.png")).toBe("R1/02-windows_x_y_z_.pdf");
    expect(archiveFileName("R1", 2, ".hidden")).toBe("R1/03-hidden.pdf");
    expect(archiveFileName("../R1", 3, "a")).toBe("_R1/04-a.pdf");
  });

  it("names a file with nothing usable 'document', and cuts a long name", () => {
    expect(archiveFileName("R1", 0, "???.jpg")).toBe("R1/01-document.pdf");
    expect(archiveFileName("R1", 0, "Sertipiko ng kamatayan ñ.jpg")).toBe(
      "R1/01-Sertipiko ng kamatayan _.pdf",
    );
    expect(archiveFileName("R1", 0, `${"a".repeat(200)}.jpg`)).toBe(`R1/01-${"a".repeat(80)}.pdf`);
  });
});
