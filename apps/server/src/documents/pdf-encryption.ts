import { createCipheriv, createDecipheriv, createHash } from "node:crypto";

// Whether an encrypted PDF opens with an empty user password (the standard security handler of
// ISO 32000-2, 7.6.4): such a file has only an owner password restricting printing or copying, and
// every reader opens it without asking, as many bank statements do.

export type StandardEncryption = {
  /** /R: 2 to 4 (RC4 or AES-128, MD5 keys), 5 or 6 (AES-256, SHA-2 keys). */
  revision: number;
  /** /Length in bits (40 to 128); RC4 keys of R3 and R4 are this long. */
  keyBits: number;
  /** /O and /U as bytes. */
  owner: Uint8Array;
  user: Uint8Array;
  /** /P as the signed 32-bit number written in the file. */
  permissions: number;
  /** The first element of the trailer's /ID. */
  fileId: Uint8Array;
  /** /EncryptMetadata (R4): false adds four 0xff bytes to the key. */
  encryptMetadata: boolean;
  /** /UE (R5, R6): the file key encrypted with the user password's key. */
  userKey: Uint8Array | null;
  /** How streams are encrypted: /V 1 to 3 use RC4, /V 4 names it in /CF, /V 5 uses AES-256. */
  streamCipher: "rc4" | "aes-128" | "aes-256" | "none";
};

/** The 32 bytes every password is padded with (Algorithm 2, step a). */
const PASSWORD_PADDING = Buffer.from(
  "28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a",
  "hex",
);

function md5(...parts: Uint8Array[]): Buffer {
  const hash = createHash("md5");
  for (const part of parts) hash.update(part);
  return hash.digest();
}

function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const state = Array.from({ length: 256 }, (_, index) => index);
  let j = 0;
  for (let i = 0; i < 256; i++) {
    j = (j + (state[i] as number) + (key[i % key.length] as number)) & 0xff;
    [state[i], state[j]] = [state[j] as number, state[i] as number];
  }
  const out = Buffer.alloc(data.length);
  let i = 0;
  j = 0;
  for (let index = 0; index < data.length; index++) {
    i = (i + 1) & 0xff;
    j = (j + (state[i] as number)) & 0xff;
    [state[i], state[j]] = [state[j] as number, state[i] as number];
    const k = state[((state[i] as number) + (state[j] as number)) & 0xff] as number;
    out[index] = (data[index] as number) ^ k;
  }
  return out;
}

/** Algorithm 2: the file key from the empty user password (R2 to R4). */
function emptyPasswordKey(encryption: StandardEncryption): Buffer {
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(encryption.permissions | 0);
  const keyBytes = encryption.revision === 2 ? 5 : Math.min(16, Math.floor(encryption.keyBits / 8));
  const tail =
    encryption.revision >= 4 && !encryption.encryptMetadata
      ? [Buffer.from([0xff, 0xff, 0xff, 0xff])]
      : [];
  let key = md5(
    PASSWORD_PADDING,
    encryption.owner.subarray(0, 32),
    permissions,
    encryption.fileId,
    ...tail,
  );
  if (encryption.revision >= 3) {
    for (let round = 0; round < 50; round++) key = md5(key.subarray(0, keyBytes));
  }
  return key.subarray(0, keyBytes);
}

/** Algorithms 4 and 5: the /U value the empty password would give, compared with the file's. */
function opensWithEmptyPasswordMd5(encryption: StandardEncryption): boolean {
  const key = emptyPasswordKey(encryption);
  if (encryption.revision === 2) {
    return rc4(key, PASSWORD_PADDING).equals(encryption.user.subarray(0, 32));
  }
  let value = rc4(key, md5(PASSWORD_PADDING, encryption.fileId));
  for (let round = 1; round <= 19; round++) {
    value = rc4(
      key.map((byte) => byte ^ round),
      value,
    );
  }
  return value.equals(encryption.user.subarray(0, 16));
}

/** Algorithm 2.B (R6): the hardened hash of a password with a salt. */
function hardenedHash(password: Uint8Array, salt: Uint8Array): Buffer {
  let k = createHash("sha256").update(password).update(salt).digest();
  let e = Buffer.alloc(1);
  for (let round = 0; round < 64 || (e.at(-1) as number) > round - 32; round++) {
    const k1 = Buffer.concat(Array.from({ length: 64 }, () => Buffer.concat([password, k])));
    const cipher = createCipheriv("aes-128-cbc", k.subarray(0, 16), k.subarray(16, 32));
    cipher.setAutoPadding(false);
    e = Buffer.concat([cipher.update(k1), cipher.final()]);
    const remainder = e.subarray(0, 16).reduce((sum, byte) => sum + byte, 0) % 3;
    k = createHash(["sha256", "sha384", "sha512"][remainder] as string)
      .update(e)
      .digest();
  }
  return k.subarray(0, 32);
}

/** Algorithm 11 with the empty password (R5 and R6). */
function opensWithEmptyPasswordSha(encryption: StandardEncryption): boolean {
  const user = Buffer.from(encryption.user);
  if (user.length < 48) return false;
  const validationSalt = user.subarray(32, 40);
  const hash =
    encryption.revision === 5
      ? createHash("sha256").update(validationSalt).digest()
      : hardenedHash(Buffer.alloc(0), validationSalt);
  return hash.equals(user.subarray(0, 32));
}

export function opensWithoutPassword(encryption: StandardEncryption): boolean {
  const { revision, owner, user } = encryption;
  if (revision >= 2 && revision <= 4) {
    if (owner.length < 32 || user.length < 16) return false;
    return opensWithEmptyPasswordMd5(encryption);
  }
  if (revision === 5 || revision === 6) return opensWithEmptyPasswordSha(encryption);
  return false;
}

/** The file key the empty user password gives (Algorithms 2 and 2.A), for a file it opens. */
export function emptyPasswordFileKey(encryption: StandardEncryption): Buffer | null {
  if (!opensWithoutPassword(encryption)) return null;
  if (encryption.revision <= 4) return emptyPasswordKey(encryption);
  const user = Buffer.from(encryption.user);
  if (!encryption.userKey || encryption.userKey.length < 32) return null;
  const keySalt = user.subarray(40, 48);
  const intermediate =
    encryption.revision === 5
      ? createHash("sha256").update(keySalt).digest()
      : hardenedHash(Buffer.alloc(0), keySalt);
  const decipher = createDecipheriv("aes-256-cbc", intermediate, Buffer.alloc(16));
  decipher.setAutoPadding(false);
  return Buffer.concat([decipher.update(encryption.userKey.subarray(0, 32)), decipher.final()]);
}

/** Algorithm 1 (and 1.A for AES-256): one stream's bytes decrypted with the file key. */
export function decryptStream(
  encryption: StandardEncryption,
  fileKey: Uint8Array,
  objectNumber: number,
  generation: number,
  data: Uint8Array,
): Uint8Array {
  const { streamCipher } = encryption;
  if (streamCipher === "none") return data;
  if (streamCipher === "aes-256") return aesDecrypt("aes-256-cbc", fileKey, data);
  const objectId = Buffer.from([
    objectNumber & 0xff,
    (objectNumber >> 8) & 0xff,
    (objectNumber >> 16) & 0xff,
    generation & 0xff,
    (generation >> 8) & 0xff,
  ]);
  if (streamCipher === "rc4") {
    return rc4(md5(fileKey, objectId).subarray(0, Math.min(fileKey.length + 5, 16)), data);
  }
  const key = md5(fileKey, objectId, Buffer.from("sAlT", "latin1")).subarray(0, 16);
  return aesDecrypt("aes-128-cbc", key, data);
}

/** AES-CBC with the initialisation vector in the first 16 bytes and PKCS#5 padding. */
function aesDecrypt(cipher: "aes-128-cbc" | "aes-256-cbc", key: Uint8Array, data: Uint8Array) {
  if (data.length < 32 || data.length % 16 !== 0) return new Uint8Array(0);
  const decipher = createDecipheriv(cipher, key, data.subarray(0, 16));
  try {
    return Buffer.concat([decipher.update(data.subarray(16)), decipher.final()]);
  } catch {
    return new Uint8Array(0);
  }
}
