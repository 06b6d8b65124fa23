// The name a stored document is shown and downloaded under. It starts from the claimant's file name
// but is rebuilt by the server: no folders, no control or direction-changing characters, no
// characters that file systems refuse, bounded length, always ".pdf" since every document is a PDF.

const MAX_LENGTH = 100;
const EXTENSION = ".pdf";
const FALLBACK = "document";

// Controls (C0, C1, DEL) and invisible format characters: bidirectional overrides can disguise
// "gpj.exe" as "exe.jpg", zero-width ones hide text. Also the characters Windows refuses in names.
const UNSAFE = /[\p{Cc}\p{Cf}<>:"|?*]/gu;

export function documentDisplayName(originalName: string): string {
  const lastPart = originalName.normalize("NFC").split(/[\\/]/).pop() ?? "";
  const cleaned = lastPart.replace(UNSAFE, "").replace(/\s+/gu, " ");
  const dot = cleaned.lastIndexOf(".");
  const stem = (dot > 0 ? cleaned.slice(0, dot) : cleaned).replace(/^[\s.]+|[\s.]+$/gu, "");
  // Cut by code points so a character outside the BMP is never split in half.
  const bounded = Array.from(stem || FALLBACK)
    .slice(0, MAX_LENGTH - EXTENSION.length)
    .join("")
    .trimEnd();
  return `${bounded}${EXTENSION}`;
}
