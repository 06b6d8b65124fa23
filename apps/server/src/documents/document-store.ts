import { randomBytes } from "node:crypto";

// Where the bytes of claim documents live. The database says which documents exist; a store only
// keeps bytes under keys the server drew. Disk is the default; an S3-compatible bucket implements
// the same interface.

export type StoredFile = { key: string; modifiedAt: Date };

export interface DocumentStore {
  /** Resolves only once the bytes are durable: a crash after it returns cannot lose them. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** Rejects with DocumentNotFoundError when nothing is stored under key. */
  get(key: string): Promise<Uint8Array>;
  /** Removing a key that holds nothing is not an error: deletes are retried by sweeps. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every stored key with its write time, in no particular order (for the orphan sweep). */
  list(): AsyncIterable<StoredFile>;
  /** Removes the leftovers of writes that never finished, older than the given time. */
  removeUnfinishedWrites(olderThan: Date): Promise<number>;
  /** Releases the store's connections, where it holds any (a bucket's client). */
  close?(): void;
}

export class DocumentNotFoundError extends Error {
  override name = "DocumentNotFoundError";
}

/** 128 random bits as 32 lowercase hex characters: never derived from anything the claimant sent. */
export function newStorageKey(): string {
  return randomBytes(16).toString("hex");
}

const STORAGE_KEY = /^[0-9a-f]{32}$/;

export function isStorageKey(key: string): boolean {
  return STORAGE_KEY.test(key);
}

/** Stores refuse any other key, so a key can never name a path outside the store. */
export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error("Not a document storage key.");
}
