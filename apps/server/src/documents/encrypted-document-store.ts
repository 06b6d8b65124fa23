import { type DocumentKeyRing, open, seal } from "./document-envelope.ts";
import type { DocumentStore, StoredFile } from "./document-store.ts";

// Any document store, with each document encrypted before it reaches it (document-envelope.ts):
// the disk folder or the bucket only ever holds ciphertext. Reads of objects stored before
// encryption give their bytes back as they are, until `npm run rotate-document-keys` encrypts them.
// A changed byte or an unknown key id makes get reject; it never returns unauthenticated bytes.

export class EncryptedDocumentStore implements DocumentStore {
  /** The store that keeps the encrypted objects. */
  readonly inner: DocumentStore;
  readonly #ring: DocumentKeyRing;

  constructor(inner: DocumentStore, ring: DocumentKeyRing) {
    this.inner = inner;
    this.#ring = ring;
  }

  close(): void {
    this.inner.close?.();
  }

  put(key: string, bytes: Uint8Array): Promise<void> {
    return this.inner.put(key, seal(this.#ring, key, bytes));
  }

  async get(key: string): Promise<Uint8Array> {
    return open(this.#ring, key, await this.inner.get(key));
  }

  delete(key: string): Promise<void> {
    return this.inner.delete(key);
  }

  exists(key: string): Promise<boolean> {
    return this.inner.exists(key);
  }

  list(): AsyncIterable<StoredFile> {
    return this.inner.list();
  }

  removeUnfinishedWrites(olderThan: Date): Promise<number> {
    return this.inner.removeUnfinishedWrites(olderThan);
  }
}
