import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ServerConfig } from "../config.ts";
import { createDiskDocumentStore } from "./disk-document-store.ts";
import type { DocumentKeyRing } from "./document-envelope.ts";
import type { DocumentStore } from "./document-store.ts";
import { EncryptedDocumentStore } from "./encrypted-document-store.ts";
import { createS3DocumentStore } from "./s3-document-store.ts";

// The document store the server and its commands use: the configured store, wrapped by the
// encryption unless the operator said the store encrypts on its own (decision 0099).

const KEY_FILE = "document.key";
const GENERATED_KEY_ID = "local";

/**
 * Without KALINGA_DOCUMENT_KEYS (never in production: loadConfig refuses), a key generated once
 * and kept in the data folder, so documents stored before a restart still open after it.
 */
async function keptKey(dataDir: string): Promise<Uint8Array> {
  const file = path.join(dataDir, KEY_FILE);
  const read = async () => {
    const key = Buffer.from((await readFile(file, "utf8")).trim(), "base64");
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key in base64.`);
    return new Uint8Array(key);
  };
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(dataDir, { recursive: true });
  try {
    // "wx": when two servers start together, the first file written wins and both read it.
    await writeFile(file, `${randomBytes(32).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return read();
}

/** The keys that wrap and unwrap document keys; null when the store encrypts on its own. */
export async function documentKeyRing(config: ServerConfig): Promise<DocumentKeyRing | null> {
  const encryption = config.documentEncryption;
  if (encryption.by === "store") return null;
  if (encryption.keys !== null) return { keys: encryption.keys, currentId: encryption.currentId };
  const key = await keptKey(config.dataDir);
  return { keys: new Map([[GENERATED_KEY_ID, key]]), currentId: GENERATED_KEY_ID };
}

/** The store that keeps the objects as they lie at rest (encrypted or not), as the settings choose. */
export function rawDocumentStore(config: ServerConfig): DocumentStore {
  const { documents } = config;
  if (documents.store === "disk" || documents.s3 === null)
    return createDiskDocumentStore(documents.dir);
  return createS3DocumentStore(documents.s3);
}

export async function openDocumentStore(config: ServerConfig): Promise<DocumentStore> {
  const raw = rawDocumentStore(config);
  const ring = await documentKeyRing(config);
  return ring === null ? raw : new EncryptedDocumentStore(raw, ring);
}
