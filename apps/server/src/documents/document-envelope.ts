import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

// Envelope encryption of one stored document. Each document gets a random 256-bit data key that
// encrypts its bytes with AES-256-GCM; the data key is itself encrypted ("wrapped") with AES-256-GCM
// by a key-encryption key from the settings. The stored object describes itself, so neither the
// database nor the store needs to know about keys, and a rotation rewrites only the header:
//
//   magic (4) | version (1) | key id length (1) | key id | wrap IV (12) | wrapped data key (32)
//   | wrap tag (16) | content IV (12) | content tag (16) | encrypted content
//
// Both ciphers authenticate the object's storage key too, so an object copied under another key
// is refused like a changed one. Objects without the magic are documents stored before encryption
// and are read as they are.

/** A key-encryption key ring: every id still readable, and the one that wraps new documents. */
export type DocumentKeyRing = {
  readonly currentId: string;
  readonly keys: ReadonlyMap<string, Uint8Array>;
};

/** The stored object names a key the ring does not hold. */
export class DocumentKeyMissingError extends Error {
  override name = "DocumentKeyMissingError";
}

/** The stored object was changed or damaged at rest: its authentication failed. */
export class DocumentIntegrityError extends Error {
  override name = "DocumentIntegrityError";
}

// 0x89 first, as PNG does: no PDF or text file starts with it.
const MAGIC = Buffer.from([0x89, 0x4b, 0x4c, 0x45]);
const VERSION = 1;
const CIPHER = "aes-256-gcm";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Key ids are short names (see loadDocumentKeys): their length fits the header's one byte. */
const MAX_KEY_ID_LENGTH = 64;

type Header = {
  keyId: string;
  wrapIv: Buffer;
  wrappedKey: Buffer;
  wrapTag: Buffer;
  contentIv: Buffer;
  contentTag: Buffer;
};
type Envelope = Header & { content: Buffer };

/** Whether the object is an envelope of this module (else it was stored before encryption). */
export function isSealed(stored: Uint8Array): boolean {
  return stored.length >= MAGIC.length && MAGIC.equals(stored.subarray(0, MAGIC.length));
}

function contentAad(storageKey: string): Buffer {
  return Buffer.concat([MAGIC, Buffer.from([VERSION]), Buffer.from(storageKey, "utf8")]);
}

function wrapAad(keyId: string, storageKey: string): Buffer {
  const id = Buffer.from(keyId, "utf8");
  return Buffer.concat([contentAad(storageKey), Buffer.from([id.length]), id]);
}

function kekOf(ring: DocumentKeyRing, keyId: string, storageKey: string): Uint8Array {
  const kek = ring.keys.get(keyId);
  if (kek === undefined) {
    throw new DocumentKeyMissingError(
      `Document ${storageKey} is wrapped by the key "${keyId}", which KALINGA_DOCUMENT_KEYS does not hold.`,
    );
  }
  return kek;
}

function wrap(ring: DocumentKeyRing, storageKey: string, dataKey: Buffer) {
  const keyId = ring.currentId;
  const wrapIv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(CIPHER, kekOf(ring, keyId, storageKey), wrapIv);
  cipher.setAAD(wrapAad(keyId, storageKey));
  const wrappedKey = Buffer.concat([cipher.update(dataKey), cipher.final()]);
  return { keyId, wrapIv, wrappedKey, wrapTag: cipher.getAuthTag() };
}

function unwrap(ring: DocumentKeyRing, storageKey: string, envelope: Envelope): Buffer {
  const kek = kekOf(ring, envelope.keyId, storageKey);
  const decipher = createDecipheriv(CIPHER, kek, envelope.wrapIv);
  decipher.setAAD(wrapAad(envelope.keyId, storageKey));
  decipher.setAuthTag(envelope.wrapTag);
  try {
    return Buffer.concat([decipher.update(envelope.wrappedKey), decipher.final()]);
  } catch {
    throw new DocumentIntegrityError(
      `Document ${storageKey}: its data key failed authentication under the key "${envelope.keyId}" (changed at rest, or a different key under that id).`,
    );
  }
}

/** The header and the content in one buffer: the content is copied once, never twice. */
function serialise(envelope: Header, content: readonly Uint8Array[]): Uint8Array {
  const id = Buffer.from(envelope.keyId, "utf8");
  return Buffer.concat([
    MAGIC,
    Buffer.from([VERSION, id.length]),
    id,
    envelope.wrapIv,
    envelope.wrappedKey,
    envelope.wrapTag,
    envelope.contentIv,
    envelope.contentTag,
    ...content,
  ]);
}

function parse(stored: Uint8Array, storageKey: string): Envelope {
  const bytes = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
  const damaged = (why: string) =>
    new DocumentIntegrityError(
      `Document ${storageKey}: its encryption header is damaged (${why}).`,
    );
  if (bytes[MAGIC.length] !== VERSION) throw damaged(`version ${bytes[MAGIC.length]}`);
  const idLength = bytes[MAGIC.length + 1] ?? 0;
  let at = MAGIC.length + 2;
  const take = (length: number) => {
    const part = bytes.subarray(at, at + length);
    if (part.length !== length) throw damaged("too short");
    at += length;
    return part;
  };
  const keyId = take(idLength).toString("utf8");
  if (idLength === 0 || idLength > MAX_KEY_ID_LENGTH) throw damaged("key id");
  return {
    keyId,
    wrapIv: take(IV_BYTES),
    wrappedKey: take(KEY_BYTES),
    wrapTag: take(TAG_BYTES),
    contentIv: take(IV_BYTES),
    contentTag: take(TAG_BYTES),
    content: bytes.subarray(at),
  };
}

/** The document's bytes as the store keeps them: encrypted under a fresh data key. */
export function seal(ring: DocumentKeyRing, storageKey: string, plain: Uint8Array): Uint8Array {
  const dataKey = randomBytes(KEY_BYTES);
  const contentIv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(CIPHER, dataKey, contentIv);
  cipher.setAAD(contentAad(storageKey));
  const content = [cipher.update(plain), cipher.final()];
  const contentTag = cipher.getAuthTag();
  const wrapped = wrap(ring, storageKey, dataKey);
  dataKey.fill(0);
  return serialise({ ...wrapped, contentIv, contentTag }, content);
}

/** The document's original bytes; an object stored before encryption is given back as it is. */
export function open(ring: DocumentKeyRing, storageKey: string, stored: Uint8Array): Uint8Array {
  if (!isSealed(stored)) return stored;
  const envelope = parse(stored, storageKey);
  const dataKey = unwrap(ring, storageKey, envelope);
  const decipher = createDecipheriv(CIPHER, dataKey, envelope.contentIv);
  decipher.setAAD(contentAad(storageKey));
  decipher.setAuthTag(envelope.contentTag);
  try {
    const plain = decipher.update(envelope.content);
    const rest = decipher.final();
    return rest.length === 0 ? plain : Buffer.concat([plain, rest]);
  } catch {
    throw new DocumentIntegrityError(
      `Document ${storageKey}: its content failed authentication (changed or damaged at rest).`,
    );
  } finally {
    dataKey.fill(0);
  }
}

export type Rewrapped =
  | { outcome: "current" }
  | { outcome: "rewrapped"; fromKeyId: string; stored: Uint8Array }
  | { outcome: "encrypted"; stored: Uint8Array };

/**
 * The object with its data key wrapped by the ring's current key, its content untouched; a plain
 * object is encrypted. Nothing to do when the current key wraps it already. The content is
 * authenticated first, so a damaged object is never given a fresh header.
 */
export function rewrap(ring: DocumentKeyRing, storageKey: string, stored: Uint8Array): Rewrapped {
  if (!isSealed(stored)) return { outcome: "encrypted", stored: seal(ring, storageKey, stored) };
  const envelope = parse(stored, storageKey);
  if (envelope.keyId === ring.currentId) return { outcome: "current" };
  open(ring, storageKey, stored);
  const dataKey = unwrap(ring, storageKey, envelope);
  const wrapped = wrap(ring, storageKey, dataKey);
  dataKey.fill(0);
  return {
    outcome: "rewrapped",
    fromKeyId: envelope.keyId,
    stored: serialise({ ...envelope, ...wrapped }, [envelope.content]),
  };
}
