import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { SYSTEM_ERROR } from "@kalinga/domain/messages";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadS3StoreConfig } from "../src/config/s3-config.ts";
import { createDiskDocumentStore } from "../src/documents/disk-document-store.ts";
import { storeDocument } from "../src/documents/document-service.ts";
import {
  DocumentNotFoundError,
  type DocumentStore,
  newStorageKey,
} from "../src/documents/document-store.ts";
import { sweepOrphanFiles } from "../src/documents/document-sweep.ts";
import type { PreparedDocument } from "../src/documents/prepare-document.ts";
import { createS3DocumentStore } from "../src/documents/s3-document-store.ts";
import { textPdf } from "./fixtures/pdf-files.ts";
import { samplePhoto, uploadDocument } from "./support/claim-documents.ts";
import { verifiedClaim } from "./support/claimant.ts";
import { NOW, newClaimRow, preparedDocument } from "./support/document-store.ts";
import { type S3TestServer, startS3Server, startS3ServerProcess } from "./support/s3-server.ts";
import { useServerTest } from "./support/server-test.ts";

// The same promises from both document stores (docs/decisions/0098): the disk store in a temporary
// folder, the S3 store against a real local S3-compatible server. A write that fails leaves no row.

const DAY_MS = 24 * 3600 * 1000;
const ID_FRONT = "LIDC001-VIF-MIN";
const server = useServerTest({ app: false, clock: false });
let s3: S3TestServer;
let workDir: string;
let pdf: PreparedDocument;
const closers: (() => void)[] = [];

beforeAll(async () => {
  [s3, workDir, pdf] = await Promise.all([
    startS3Server(),
    mkdtemp(path.join(tmpdir(), "kalinga-store-contract-")),
    textPdf(1).then((bytes) => preparedDocument(bytes, "statement.pdf")),
  ]);
});
afterAll(async () => {
  for (const close of closers) close();
  await s3?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const fresh = () => randomBytes(6).toString("hex");

function s3Store(env: Record<string, string> = {}): DocumentStore {
  const store = createS3DocumentStore(
    loadS3StoreConfig({ ...s3.env(`contract-${fresh()}`), ...env }),
  );
  closers.push(() => store.close?.());
  return store;
}

const kinds: { kind: string; open(): DocumentStore; broken(): Promise<DocumentStore> }[] = [
  {
    kind: "disk",
    open: () => createDiskDocumentStore(path.join(workDir, fresh())),
    // Its folder would sit under a file: every write fails.
    async broken() {
      const file = path.join(workDir, `file-${fresh()}`);
      await writeFile(file, "not a folder");
      return createDiskDocumentStore(path.join(file, "documents"));
    },
  },
  {
    kind: "s3",
    open: () => s3Store(),
    broken: async () => s3Store({ KALINGA_S3_BUCKET: "no-such-bucket" }),
  },
];

/** A new claim's document stored in `store` and recorded: the one a sweep must keep. */
async function recordedDocument(store: DocumentStore) {
  const claimId = await newClaimRow(server.db);
  const recorded = await storeDocument(server.db, store, {
    claimId,
    slotKey: "LIDC001-MIN",
    prepared: pdf,
    now: NOW,
  });
  if (!("storageKey" in recorded)) throw new Error("The document was refused.");
  return recorded;
}

async function keysOf(store: DocumentStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of store.list()) keys.push(file.key);
  return keys.sort();
}

describe.each(kinds)("the $kind store", ({ open, broken }) => {
  test("keeps bytes under a key until deleted; deleting nothing is no error", async () => {
    const store = open();
    const key = newStorageKey();
    const bytes = new Uint8Array(randomBytes(70_000));
    await store.put(key, bytes);
    expect(await store.exists(key)).toBe(true);
    expect(Buffer.from(await store.get(key)).equals(Buffer.from(bytes))).toBe(true);
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    await store.delete(key);
    await expect(store.get(key)).rejects.toBeInstanceOf(DocumentNotFoundError);
  });

  test("a key never stored is not found", async () => {
    const store = open();
    expect(await store.exists(newStorageKey())).toBe(false);
    await expect(store.get(newStorageKey())).rejects.toBeInstanceOf(DocumentNotFoundError);
  });

  test("refuses a key it did not draw", async () => {
    const store = open();
    for (const key of ["../etc/passwd", "A".repeat(32), "", `${newStorageKey()}/x`]) {
      await expect(store.put(key, new Uint8Array([1]))).rejects.toThrow(/storage key/);
      await expect(store.get(key)).rejects.toThrow(/storage key/);
      await expect(store.exists(key)).rejects.toThrow(/storage key/);
      await expect(store.delete(key)).rejects.toThrow(/storage key/);
    }
    expect(await keysOf(store)).toEqual([]);
  });

  test("lists every stored key with its write time", async () => {
    const store = open();
    const keys = [newStorageKey(), newStorageKey(), newStorageKey()].sort();
    const before = Date.now() - 2000;
    for (const key of keys) await store.put(key, new Uint8Array([7]));
    const listed: { key: string; modifiedAt: Date }[] = [];
    for await (const file of store.list()) listed.push(file);
    expect(listed.map((file) => file.key).sort()).toEqual(keys);
    for (const file of listed) {
      expect(file.modifiedAt.getTime()).toBeGreaterThanOrEqual(before);
      expect(file.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 2000);
    }
    expect(await store.removeUnfinishedWrites(new Date(Date.now() + DAY_MS))).toBe(0);
  });

  test("the sweep removes a file no row points at and keeps the recorded one", async () => {
    const store = open();
    const recorded = await recordedDocument(store);
    const orphan = newStorageKey();
    await store.put(orphan, new Uint8Array([1, 2, 3]));

    // Young files are left alone: an upload writes its bytes just before its row.
    const young = await sweepOrphanFiles(server.db, store, { now: new Date() });
    expect(young.removedFiles).toBe(0);
    const swept = await sweepOrphanFiles(server.db, store, {
      now: new Date(Date.now() + 2 * DAY_MS),
    });
    expect(swept.removedFiles).toBe(1);
    expect(await keysOf(store)).toEqual([recorded.storageKey]);
  });

  test("a write that fails leaves no row", async () => {
    const store = await broken();
    const claimId = await newClaimRow(server.db);
    await expect(
      storeDocument(server.db, store, { claimId, slotKey: "LIDC001-MIN", prepared: pdf, now: NOW }),
    ).rejects.toThrow();
    const { rows } = await server.db.query("SELECT 1 FROM claim_documents WHERE claim_id = $1", [
      claimId,
    ]);
    expect(rows).toEqual([]);
  });
});

describe("the S3 store past one page of a listing", () => {
  // S3 lists at most 1,000 keys per answer: the store must follow the continuation token.
  const KEYS = 1_003;
  let paging: Awaited<ReturnType<typeof startS3ServerProcess>>;
  beforeAll(async () => {
    paging = await startS3ServerProcess();
  });
  afterAll(() => paging?.close());
  const pagingStore = (prefix: string) => {
    const store = createS3DocumentStore(loadS3StoreConfig(paging.env(prefix)));
    closers.push(() => store.close?.());
    return store;
  };

  test("lists every key of a bucket holding more than 1,000, and the sweep walks every page", async () => {
    const store = pagingStore(`paging-${fresh()}`);
    const recorded = await recordedDocument(store);
    const orphans = Array.from({ length: KEYS - 1 }, () => newStorageKey());
    for (let start = 0; start < orphans.length; start += 50) {
      const slice = orphans.slice(start, start + 50);
      await Promise.all(slice.map((key) => store.put(key, new Uint8Array([1]))));
    }
    // Another prefix's keys in the same bucket are not this store's.
    await pagingStore(`other-${fresh()}`).put(newStorageKey(), new Uint8Array([2]));

    expect(await keysOf(store)).toEqual([recorded.storageKey, ...orphans].sort());
    const swept = await sweepOrphanFiles(server.db, store, {
      now: new Date(Date.now() + 2 * DAY_MS),
    });
    expect(swept.removedFiles).toBe(KEYS - 1);
    expect(await keysOf(store)).toEqual([recorded.storageKey]);
  }, 180_000);
});

describe("a server whose bucket fails", () => {
  test("answers an upload with the system error, stores no row, and takes it once the bucket answers", async () => {
    const app = await server.restart(s3.env(`server-${fresh()}`));
    const claim = await verifiedClaim(app);
    await s3.stop();
    try {
      const refused = await uploadDocument(app, claim, {
        slotKey: ID_FRONT,
        bytes: await samplePhoto(),
      });
      expect(refused.statusCode).toBe(500);
      expect(refused.json()).toEqual({ returnCode: "500", message: SYSTEM_ERROR });
      const { rows } = await server.db.query("SELECT 1 FROM claim_documents");
      expect(rows).toEqual([]);
    } finally {
      await s3.start();
    }
    const taken = await uploadDocument(app, claim, {
      slotKey: ID_FRONT,
      bytes: await samplePhoto(),
    });
    expect(taken.statusCode).toBe(200);
    const { rows } = await server.db.query<{ storage_key: string }>(
      "SELECT storage_key FROM claim_documents",
    );
    expect(rows).toHaveLength(1);
  });
});
