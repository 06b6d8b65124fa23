import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startClaim } from "../src/claims/claim-repository.ts";
import type { Database, Queryable } from "../src/db/database.ts";
import { createDiskDocumentStore } from "../src/documents/disk-document-store.ts";
import {
  type ClaimDocument,
  findDocument,
  listDocuments,
} from "../src/documents/document-repository.ts";
import {
  type DocumentChangeRefusal,
  deleteDocument,
  isDocumentChangeRefusal,
  replaceDocument,
  storeDocument,
} from "../src/documents/document-service.ts";
import {
  DocumentNotFoundError,
  type DocumentStore,
  newStorageKey,
} from "../src/documents/document-store.ts";
import { sweepOrphanFiles } from "../src/documents/document-sweep.ts";
import {
  isDocumentRefusal,
  type PreparedDocument,
  prepareDocument,
} from "../src/documents/prepare-document.ts";
import { DOCUMENT_MESSAGES } from "../src/http/upload-messages.ts";
import { solidPng } from "./fixtures/images.ts";
import { textPdf } from "./fixtures/pdf-files.ts";
import { useServerTest } from "./support/server-test.ts";

const NOW = new Date("2026-11-22T03:00:00Z");
const HOUR_MS = 3600 * 1000;

const server = useServerTest({ app: false, clock: false });
let workDir: string;
let documentsDir: string;
let store: DocumentStore;
let pdf: PreparedDocument;

async function prepare(bytes: Uint8Array, name: string): Promise<PreparedDocument> {
  const result = await prepareDocument(bytes, name);
  if (isDocumentRefusal(result)) throw new Error(result.message);
  return result;
}

async function newClaim(): Promise<string> {
  const { claim } = await startClaim(server.db, {
    companyName: "Kalinga Life",
    channelName: "Public",
    now: NOW,
    tokenExpiresAt: new Date(NOW.getTime() + HOUR_MS),
  });
  return claim.id;
}

function stored(result: ClaimDocument | DocumentChangeRefusal): ClaimDocument {
  if (isDocumentChangeRefusal(result)) throw new Error(`Refused: ${result.message}`);
  return result;
}

/** Every file under the documents folder, as paths relative to it. */
async function filesOnDisk(): Promise<string[]> {
  const entries = await readdir(documentsDir, { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(documentsDir, path.join(entry.parentPath, entry.name)))
    .sort();
}

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of store.list()) keys.push(file.key);
  return keys.sort();
}

async function age(relativePath: string, hours: number): Promise<void> {
  const past = new Date(Date.now() - hours * HOUR_MS);
  await utimes(path.join(documentsDir, relativePath), past, past);
}

/** The database with one failure planted: inserting a document row throws. */
function failingInserts(db: Database): Database {
  const failing = (q: Queryable): Queryable => ({
    query: (sql, params) =>
      /INSERT INTO claim_documents/.test(sql)
        ? Promise.reject(new Error("connection lost"))
        : q.query(sql, params),
  });
  return {
    kind: db.kind,
    query: (sql, params) => failing(db).query(sql, params),
    transaction: (fn) => db.transaction((tx) => fn(failing(tx))),
    close: () => db.close(),
  } as Database;
}

/** PostgreSQL: until that many sessions wait for a row lock. PGlite runs one query at a time. */
async function waitForLockWaiters(count: number): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    if (server.database.kind === "pglite") {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return;
    }
    const { rows } = await server.db.query<{ waiting: number | string }>(
      "SELECT count(*) AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
    );
    if (Number(rows[0]?.waiting) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("The racing uploads never reached the claim lock.");
}

/** The database with the answer to a commit lost: the transaction commits, then the call fails. */
function lostCommits(db: Database): Database {
  return {
    kind: db.kind,
    query: (sql, params) => db.query(sql, params),
    transaction: async (fn) => {
      await db.transaction(fn);
      throw new Error("connection lost while committing");
    },
    close: () => db.close(),
  } as Database;
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), "kalinga-documents-"));
  pdf = await prepare(await textPdf(1), "statement.pdf");
});

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

beforeEach(async () => {
  documentsDir = path.join(workDir, `documents-${Math.random().toString(36).slice(2)}`);
  store = createDiskDocumentStore(documentsDir);
});

describe("disk document store", () => {
  it("keeps bytes under a server key and gives them back", async () => {
    const key = newStorageKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    await store.put(key, pdf.pdf);
    expect(await store.exists(key)).toBe(true);
    expect(Buffer.from(await store.get(key)).equals(Buffer.from(pdf.pdf))).toBe(true);
    expect(await filesOnDisk()).toEqual([path.join(key.slice(0, 2), key)]);
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    await expect(store.get(key)).rejects.toBeInstanceOf(DocumentNotFoundError);
    await store.delete(key);
  });

  it("refuses any key it did not draw, so no path leaves the folder", async () => {
    for (const key of ["../../etc/passwd", "a/b", "", "ABCDEF0123456789ABCDEF0123456789", "x"]) {
      await expect(store.put(key, pdf.pdf)).rejects.toThrow("Not a document storage key.");
      await expect(store.get(key)).rejects.toThrow("Not a document storage key.");
    }
    expect(await filesOnDisk()).toEqual([]);
  });

  it("leaves no partial file behind a write and lists only finished ones", async () => {
    const key = newStorageKey();
    await store.put(key, pdf.pdf);
    const folder = key.slice(0, 2);
    await writeFile(path.join(documentsDir, folder, `.partial-${newStorageKey()}-0000`), "half");
    expect(await storedKeys()).toEqual([key]);
    expect(await store.removeUnfinishedWrites(new Date(Date.now() - HOUR_MS))).toBe(0);
    expect(await store.removeUnfinishedWrites(new Date(Date.now() + HOUR_MS))).toBe(1);
    expect(await filesOnDisk()).toEqual([path.join(folder, key)]);
  });
});

describe("storeDocument", () => {
  it("writes the bytes, then the row, with the SHA-256 of what is stored", async () => {
    const claimId = await newClaim();
    const photo = await prepare(await solidPng(200, 100), "../../etc/passwd.jpg");
    const document = stored(
      await storeDocument(server.db, store, {
        claimId,
        slotKey: "LIDC001-MIN",
        prepared: photo,
        now: NOW,
      }),
    );
    expect(document).toMatchObject({
      claimId,
      slotKey: "LIDC001-MIN",
      displayName: "passwd.pdf",
      sizeBytes: photo.pdf.byteLength,
      sourceType: "png",
      pageCount: 1,
      createdAt: NOW,
    });
    // The file is named by the server's key, inside the documents folder, nowhere else.
    expect(await filesOnDisk()).toEqual([
      path.join(document.storageKey.slice(0, 2), document.storageKey),
    ]);
    expect(await readdir(workDir)).not.toContain("etc");
    const bytes = await store.get(document.storageKey);
    expect(document.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(await listDocuments(server.db, claimId)).toEqual([document]);
    expect(await findDocument(server.db, claimId, document.id)).toEqual(document);
  });

  it("leaves no file when the claim does not exist", async () => {
    await expect(
      storeDocument(server.db, store, {
        claimId: "00000000-0000-4000-8000-000000000000",
        slotKey: "LIDC001-MIN",
        prepared: pdf,
        now: NOW,
      }),
    ).rejects.toThrow();
    expect(await filesOnDisk()).toEqual([]);
  });

  it("leaves no file when the row cannot be inserted", async () => {
    const claimId = await newClaim();
    await expect(
      storeDocument(failingInserts(server.db), store, {
        claimId,
        slotKey: "LIDC001-MIN",
        prepared: pdf,
        now: NOW,
      }),
    ).rejects.toThrow("connection lost");
    expect(await filesOnDisk()).toEqual([]);
    expect(await listDocuments(server.db, claimId)).toEqual([]);
  });

  it("keeps the file when the commit went through but its answer was lost", async () => {
    const claimId = await newClaim();
    await expect(
      storeDocument(lostCommits(server.db), store, {
        claimId,
        slotKey: "LIDC001-MIN",
        prepared: pdf,
        now: NOW,
      }),
    ).rejects.toThrow("connection lost while committing");
    const [document] = await listDocuments(server.db, claimId);
    expect(document).toBeDefined();
    expect(await storedKeys()).toEqual([document?.storageKey]);
  });

  it("runs the caller's statements in the insert's transaction", async () => {
    const claimId = await newClaim();
    await expect(
      storeDocument(server.db, store, {
        claimId,
        slotKey: "S",
        prepared: pdf,
        now: NOW,
        inSameTransaction: async (tx, document) => {
          await tx.query("UPDATE claims SET updated_at = $2 WHERE id = $1", [claimId, NOW]);
          expect(document.claimId).toBe(claimId);
          throw new Error("the answer could not be recorded");
        },
      }),
    ).rejects.toThrow("the answer could not be recorded");
    expect(await listDocuments(server.db, claimId)).toEqual([]);
    expect(await filesOnDisk()).toEqual([]);
  });

  it("refuses changes once the claim is submitted, leaving no file", async () => {
    const claimId = await newClaim();
    const document = stored(
      await storeDocument(server.db, store, { claimId, slotKey: "S-1", prepared: pdf, now: NOW }),
    );
    await server.db.query("UPDATE claims SET status = 'submitted' WHERE id = $1", [claimId]);
    const closed = { refused: "claim-closed", message: DOCUMENT_MESSAGES.claimClosed };
    expect(
      await storeDocument(server.db, store, { claimId, slotKey: "S-1", prepared: pdf, now: NOW }),
    ).toEqual(closed);
    expect(
      await deleteDocument(server.db, store, { claimId, documentId: document.id, now: NOW }),
    ).toEqual(closed);
    expect(
      await replaceDocument(server.db, store, {
        claimId,
        documentId: document.id,
        prepared: pdf,
        now: NOW,
      }),
    ).toEqual(closed);
    expect(await storedKeys()).toEqual([document.storageKey]);
    expect(await listDocuments(server.db, claimId)).toEqual([document]);
  });
});

describe("per-claim limits", () => {
  it("refuses the file past the claim's count", async () => {
    const claimId = await newClaim();
    const limits = { maxFiles: 3, maxBytes: 100 * 1024 * 1024 };
    for (let index = 0; index < 3; index++) {
      stored(
        await storeDocument(server.db, store, {
          claimId,
          slotKey: "S",
          prepared: pdf,
          now: NOW,
          limits,
        }),
      );
    }
    expect(
      await storeDocument(server.db, store, {
        claimId,
        slotKey: "S",
        prepared: pdf,
        now: NOW,
        limits,
      }),
    ).toEqual({
      refused: "claim-file-count",
      message:
        "This claim already has 3 files, the most it can hold. Remove a file before adding another.",
    });
    expect(await storedKeys()).toHaveLength(3);
    // Another claim has its own count.
    const other = await newClaim();
    stored(
      await storeDocument(server.db, store, {
        claimId: other,
        slotKey: "S",
        prepared: pdf,
        now: NOW,
        limits,
      }),
    );
  });

  it("refuses the file that would take the claim past its bytes", async () => {
    const claimId = await newClaim();
    const size = pdf.pdf.byteLength;
    const limits = { maxFiles: 30, maxBytes: size * 2 + 10 };
    stored(
      await storeDocument(server.db, store, {
        claimId,
        slotKey: "S",
        prepared: pdf,
        now: NOW,
        limits,
      }),
    );
    stored(
      await storeDocument(server.db, store, {
        claimId,
        slotKey: "S",
        prepared: pdf,
        now: NOW,
        limits,
      }),
    );
    const refusal = await storeDocument(server.db, store, {
      claimId,
      slotKey: "S",
      prepared: pdf,
      now: NOW,
      limits,
    });
    expect(refusal).toMatchObject({ refused: "claim-too-large" });
    expect(await storedKeys()).toHaveLength(2);
  });

  it("uses 30 files and 100 MB by default", async () => {
    const claimId = await newClaim();
    for (let index = 0; index < 30; index++) {
      stored(
        await storeDocument(server.db, store, { claimId, slotKey: "S", prepared: pdf, now: NOW }),
      );
    }
    expect(
      await storeDocument(server.db, store, { claimId, slotKey: "S", prepared: pdf, now: NOW }),
    ).toMatchObject({ refused: "claim-file-count", message: DOCUMENT_MESSAGES.claimFileCount(30) });
    expect(DOCUMENT_MESSAGES.claimTooLarge(100 * 1024 * 1024)).toBe(
      "This file would take the claim's files past 100 MB. Remove a file before adding another.",
    );
  });

  it("holds when uploads race each other", async () => {
    const claimId = await newClaim();
    const limits = { maxFiles: 2, maxBytes: 100 * 1024 * 1024 };
    stored(
      await storeDocument(server.db, store, {
        claimId,
        slotKey: "S",
        prepared: pdf,
        now: NOW,
        limits,
      }),
    );
    // Another request holds the claim while two uploads for its last place arrive together.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = server.db.transaction(async (tx) => {
      await tx.query("SELECT id FROM claims WHERE id = $1 FOR UPDATE", [claimId]);
      locked();
      await held;
    });
    await lockTaken;
    const racing = Array.from({ length: 2 }, () =>
      storeDocument(server.db, store, { claimId, slotKey: "S", prepared: pdf, now: NOW, limits }),
    );
    await waitForLockWaiters(2);
    release();
    await holder;
    const results = await Promise.all(racing);
    expect(results.filter(isDocumentChangeRefusal)).toEqual([
      { refused: "claim-file-count", message: DOCUMENT_MESSAGES.claimFileCount(2) },
    ]);
    expect(await listDocuments(server.db, claimId)).toHaveLength(2);
    expect(await storedKeys()).toHaveLength(2);
  });
});

describe("deleteDocument and replaceDocument", () => {
  it("marks the row deleted, then removes the bytes", async () => {
    const claimId = await newClaim();
    const document = stored(
      await storeDocument(server.db, store, { claimId, slotKey: "S", prepared: pdf, now: NOW }),
    );
    const later = new Date(NOW.getTime() + 60_000);
    expect(
      await deleteDocument(server.db, store, { claimId, documentId: document.id, now: later }),
    ).toEqual(document);
    expect(await listDocuments(server.db, claimId)).toEqual([]);
    expect(await store.exists(document.storageKey)).toBe(false);
    const { rows } = await server.db.query(
      "SELECT status, deleted_at FROM claim_documents WHERE id = $1",
      [document.id],
    );
    expect(rows).toEqual([{ status: "deleted", deleted_at: later }]);
    const notFound = { refused: "not-found", message: DOCUMENT_MESSAGES.notFound };
    expect(
      await deleteDocument(server.db, store, { claimId, documentId: document.id, now: later }),
    ).toEqual(notFound);
    expect(
      await deleteDocument(server.db, store, { claimId, documentId: "not-a-uuid", now: later }),
    ).toEqual(notFound);
  });

  it("never touches another claim's document", async () => {
    const owner = await newClaim();
    const stranger = await newClaim();
    const document = stored(
      await storeDocument(server.db, store, {
        claimId: owner,
        slotKey: "S",
        prepared: pdf,
        now: NOW,
      }),
    );
    expect(await findDocument(server.db, stranger, document.id)).toBeNull();
    expect(
      await deleteDocument(server.db, store, {
        claimId: stranger,
        documentId: document.id,
        now: NOW,
      }),
    ).toMatchObject({ refused: "not-found" });
    expect(
      await replaceDocument(server.db, store, {
        claimId: stranger,
        documentId: document.id,
        prepared: pdf,
        now: NOW,
      }),
    ).toMatchObject({ refused: "not-found" });
    expect(await listDocuments(server.db, owner)).toEqual([document]);
    expect(await storedKeys()).toEqual([document.storageKey]);
  });

  it("replaces a file in the same slot, even when the claim is at its limit", async () => {
    const claimId = await newClaim();
    const limits = { maxFiles: 2, maxBytes: 100 * 1024 * 1024 };
    const first = stored(
      await storeDocument(server.db, store, {
        claimId,
        slotKey: "DIDC001-MAJ1",
        prepared: pdf,
        now: NOW,
        limits,
      }),
    );
    const second = stored(
      await storeDocument(server.db, store, {
        claimId,
        slotKey: "OTHERS",
        prepared: pdf,
        now: NOW,
        limits,
      }),
    );
    const photo = await prepare(await solidPng(120, 80), "id-front.png");
    const replacement = stored(
      await replaceDocument(server.db, store, {
        claimId,
        documentId: first.id,
        prepared: photo,
        now: NOW,
        limits,
      }),
    );
    expect(replacement).toMatchObject({ slotKey: "DIDC001-MAJ1", displayName: "id-front.pdf" });
    expect(replacement.id).not.toBe(first.id);
    expect((await listDocuments(server.db, claimId)).map((document) => document.id)).toEqual([
      second.id,
      replacement.id,
    ]);
    expect(await storedKeys()).toEqual([second.storageKey, replacement.storageKey].sort());
  });

  it("keeps the old file when the replacement would break the byte limit", async () => {
    const claimId = await newClaim();
    const big = await prepare(await textPdf(40), "big.pdf");
    const limits = { maxFiles: 30, maxBytes: pdf.pdf.byteLength + 10 };
    const first = stored(
      await storeDocument(server.db, store, {
        claimId,
        slotKey: "S",
        prepared: pdf,
        now: NOW,
        limits,
      }),
    );
    expect(
      await replaceDocument(server.db, store, {
        claimId,
        documentId: first.id,
        prepared: big,
        now: NOW,
        limits,
      }),
    ).toMatchObject({ refused: "claim-too-large" });
    expect(await listDocuments(server.db, claimId)).toEqual([first]);
    expect(await storedKeys()).toEqual([first.storageKey]);
  });
});

describe("sweepOrphanFiles", () => {
  it("removes files without a stored row once they are old enough, and nothing else", async () => {
    const claimId = await newClaim();
    const kept = stored(
      await storeDocument(server.db, store, { claimId, slotKey: "S", prepared: pdf, now: NOW }),
    );
    const removedLater = stored(
      await storeDocument(server.db, store, { claimId, slotKey: "S", prepared: pdf, now: NOW }),
    );
    // A crash between the write and the insert: bytes without a row.
    const orphan = newStorageKey();
    await store.put(orphan, pdf.pdf);
    // An upload in progress: its row is about to be inserted.
    const inProgress = newStorageKey();
    await store.put(inProgress, pdf.pdf);
    // A crash between marking a row deleted and removing its bytes.
    await server.db.query(
      "UPDATE claim_documents SET status = 'deleted', deleted_at = $2 WHERE id = $1",
      [removedLater.id, NOW],
    );
    // A crash in the middle of a write.
    const partial = path.join(orphan.slice(0, 2), `.partial-${newStorageKey()}-0000`);
    await writeFile(path.join(documentsDir, partial), "half");

    for (const key of [kept.storageKey, removedLater.storageKey, orphan]) {
      await age(path.join(key.slice(0, 2), key), 48);
    }
    await age(partial, 48);

    const result = await sweepOrphanFiles(server.db, store, { now: new Date() });
    expect(result).toEqual({ removedFiles: 2, removedUnfinishedWrites: 1 });
    expect(await storedKeys()).toEqual([kept.storageKey, inProgress].sort());
    expect(await filesOnDisk()).toEqual(
      [kept.storageKey, inProgress].map((key) => path.join(key.slice(0, 2), key)).sort(),
    );
    expect(Buffer.from(await store.get(kept.storageKey)).equals(Buffer.from(pdf.pdf))).toBe(true);
  });

  it("does nothing on an empty or missing folder", async () => {
    expect(await sweepOrphanFiles(server.db, store, { now: new Date() })).toEqual({
      removedFiles: 0,
      removedUnfinishedWrites: 0,
    });
    await mkdir(documentsDir, { recursive: true });
    expect(await sweepOrphanFiles(server.db, store, { now: new Date() })).toEqual({
      removedFiles: 0,
      removedUnfinishedWrites: 0,
    });
  });
});
