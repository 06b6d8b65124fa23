import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

// A draft at rest: AES-256-GCM under a key derived from the server secret with HKDF and a purpose
// label that names the key id, the claim's reference number as associated data, so a row copied
// to another claim does not open. docs/decisions/0043.

/** The key new drafts are sealed with; rows keep theirs, so a new id rotates without a rewrite. */
const CURRENT_DRAFT_KEY_ID = "d1";
const PURPOSE = "kalinga claim drafts";
const IV_BYTES = 12;
const TAG_BYTES = 16;

function draftKey(secret: string, keyId: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "", `${PURPOSE} ${keyId}`, 32));
}

export type SealedDraft = { keyId: string; sealed: string };

export function sealDraft(secret: string, webReferenceNumber: string, plain: string): SealedDraft {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", draftKey(secret, CURRENT_DRAFT_KEY_ID), iv);
  cipher.setAAD(Buffer.from(webReferenceNumber, "utf8"));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const sealed = Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64");
  return { keyId: CURRENT_DRAFT_KEY_ID, sealed };
}

/** The plain draft, or null when the key, the reference or the bytes do not match. */
export function openDraft(
  secret: string,
  webReferenceNumber: string,
  { keyId, sealed }: SealedDraft,
): string | null {
  const bytes = Buffer.from(sealed, "base64");
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv(
      "aes-256-gcm",
      draftKey(secret, keyId),
      bytes.subarray(0, IV_BYTES),
    );
    decipher.setAAD(Buffer.from(webReferenceNumber, "utf8"));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const body = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
