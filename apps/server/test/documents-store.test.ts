import { createHash } from "node:crypto";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type Database, type Queryable, sqlText } from "../src/db/database.ts";
import { findDocument, listDocuments } from "../src/documents/document-repository.ts";
import {
  deleteDocument,
  replaceDocument,
  storeDocument,
} from "../src/documents/document-service.ts";
import { DocumentNotFoundError, newStorageKey } from "../src/documents/document-store.ts";
import { sweepOrphanFiles } from "../src/documents/document-sweep.ts";
import { DOCUMENT_MESSAGES } from "../src/http/upload-messages.ts";
import { solidPng } from "./fixtures/images.ts";
import {
  HOUR_MS,
  NOW,
  preparedDocument,
  stored,
  useDiskDocuments,
} from "./support/document-store.ts";
import { useServerTest } from "./support/server-test.ts";

// The document repository over a disk store: bytes kept under server keys, a row only with its
// file (and no file without its row), and the sweep of orphan files.

const server = useServerTest({ app: false, clock: false });
const disk = useDiskDocuments(server);

const { filesOnDisk, storedKeys, age, newClaim, storePdf } = disk;

/** The claimant's ID as a PDF, stored through the given database (one with a failure planted). */
const storeIdPdf = (db: Database, claimId: string) =>
  storeDocument(db, disk.store, { claimId, slotKey: "LIDC001-MIN", prepared: disk.pdf, now: NOW });

/** The database with one failure planted: inserting a document row throws. */
function failingInserts(db: Database): Database {
  const failing = (q: Queryable): Queryable => ({
    query: (sql, params) =>
      /INSERT INTO claim_documents/.test(sqlText(sql))
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

describe("disk document store", () => {
  it("keeps bytes under a server key and gives them back", async () => {
    const key = newStorageKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    await disk.store.put(key, disk.pdf.pdf);
    expect(await disk.store.exists(key)).toBe(true);
    expect(Buffer.from(await disk.store.get(key)).equals(Buffer.from(disk.pdf.pdf))).toBe(true);
    expect(await filesOnDisk()).toEqual([path.join(key.slice(0, 2), key)]);
    await disk.store.delete(key);
    expect(await disk.store.exists(key)).toBe(false);
    await expect(disk.store.get(key)).rejects.toBeInstanceOf(DocumentNotFoundError);
    await disk.store.delete(key);
  });

  it("refuses any key it did not draw, so no path leaves the folder", async () => {
    for (const key of ["../../etc/passwd", "a/b", "", "ABCDEF0123456789ABCDEF0123456789", "x"]) {
      await expect(disk.store.put(key, disk.pdf.pdf)).rejects.toThrow(
        "Not a document storage key.",
      );
      await expect(disk.store.get(key)).rejects.toThrow("Not a document storage key.");
    }
    expect(await filesOnDisk()).toEqual([]);
  });

  it("leaves no partial file behind a write and lists only finished ones", async () => {
    const key = newStorageKey();
    await disk.store.put(key, disk.pdf.pdf);
    const folder = key.slice(0, 2);
    await writeFile(
      path.join(disk.documentsDir, folder, `.partial-${newStorageKey()}-0000`),
      "half",
    );
    expect(await storedKeys()).toEqual([key]);
    expect(await disk.store.removeUnfinishedWrites(new Date(Date.now() - HOUR_MS))).toBe(0);
    expect(await disk.store.removeUnfinishedWrites(new Date(Date.now() + HOUR_MS))).toBe(1);
    expect(await filesOnDisk()).toEqual([path.join(folder, key)]);
  });
});

describe("storeDocument", () => {
  it("writes the bytes, then the row, with the SHA-256 of what is stored", async () => {
    const claimId = await newClaim();
    const photo = await preparedDocument(await solidPng(200, 100), "../../etc/passwd.jpg");
    const document = stored(
      await storeDocument(server.db, disk.store, {
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
    expect(await readdir(disk.workDir)).not.toContain("etc");
    const bytes = await disk.store.get(document.storageKey);
    expect(document.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(await listDocuments(server.db, claimId)).toEqual([document]);
    expect(await findDocument(server.db, claimId, document.id)).toEqual(document);
  });

  it("leaves no file when the claim does not exist", async () => {
    await expect(storeIdPdf(server.db, "00000000-0000-4000-8000-000000000000")).rejects.toThrow();
    expect(await filesOnDisk()).toEqual([]);
  });

  it("leaves no file when the row cannot be inserted", async () => {
    const claimId = await newClaim();
    await expect(storeIdPdf(failingInserts(server.db), claimId)).rejects.toThrow("connection lost");
    expect(await filesOnDisk()).toEqual([]);
    expect(await listDocuments(server.db, claimId)).toEqual([]);
  });

  it("keeps the file when the commit went through but its answer was lost", async () => {
    const claimId = await newClaim();
    await expect(storeIdPdf(lostCommits(server.db), claimId)).rejects.toThrow(
      "connection lost while committing",
    );
    const [document] = await listDocuments(server.db, claimId);
    expect(document).toBeDefined();
    expect(await storedKeys()).toEqual([document?.storageKey]);
  });

  it("runs the caller's statements in the insert's transaction", async () => {
    const claimId = await newClaim();
    await expect(
      storeDocument(server.db, disk.store, {
        claimId,
        slotKey: "S",
        prepared: disk.pdf,
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
    const document = stored(await storePdf(claimId, "S-1"));
    await server.db.query("UPDATE claims SET status = 'submitted' WHERE id = $1", [claimId]);
    const closed = { refused: "claim-closed", message: DOCUMENT_MESSAGES.claimClosed };
    expect(await storePdf(claimId, "S-1")).toEqual(closed);
    expect(
      await deleteDocument(server.db, disk.store, { claimId, documentId: document.id, now: NOW }),
    ).toEqual(closed);
    expect(
      await replaceDocument(server.db, disk.store, {
        claimId,
        documentId: document.id,
        prepared: disk.pdf,
        now: NOW,
      }),
    ).toEqual(closed);
    expect(await storedKeys()).toEqual([document.storageKey]);
    expect(await listDocuments(server.db, claimId)).toEqual([document]);
  });
});

describe("sweepOrphanFiles", () => {
  it("removes files without a stored row once they are old enough, and nothing else", async () => {
    const claimId = await newClaim();
    const kept = stored(await storePdf(claimId, "S"));
    const removedLater = stored(await storePdf(claimId, "S"));
    // A crash between the write and the insert: bytes without a row.
    const orphan = newStorageKey();
    await disk.store.put(orphan, disk.pdf.pdf);
    // An upload in progress: its row is about to be inserted.
    const inProgress = newStorageKey();
    await disk.store.put(inProgress, disk.pdf.pdf);
    // A crash between marking a row deleted and removing its bytes.
    await server.db.query(
      "UPDATE claim_documents SET status = 'deleted', deleted_at = $2 WHERE id = $1",
      [removedLater.id, NOW],
    );
    // A crash in the middle of a write.
    const partial = path.join(orphan.slice(0, 2), `.partial-${newStorageKey()}-0000`);
    await writeFile(path.join(disk.documentsDir, partial), "half");

    for (const key of [kept.storageKey, removedLater.storageKey, orphan]) {
      await age(path.join(key.slice(0, 2), key), 48);
    }
    await age(partial, 48);

    const result = await sweepOrphanFiles(server.db, disk.store, { now: new Date() });
    expect(result).toEqual({ removedFiles: 2, removedUnfinishedWrites: 1 });
    expect(await storedKeys()).toEqual([kept.storageKey, inProgress].sort());
    expect(await filesOnDisk()).toEqual(
      [kept.storageKey, inProgress].map((key) => path.join(key.slice(0, 2), key)).sort(),
    );
    expect(
      Buffer.from(await disk.store.get(kept.storageKey)).equals(Buffer.from(disk.pdf.pdf)),
    ).toBe(true);
  });

  it("does nothing on an empty or missing folder", async () => {
    expect(await sweepOrphanFiles(server.db, disk.store, { now: new Date() })).toEqual({
      removedFiles: 0,
      removedUnfinishedWrites: 0,
    });
    await mkdir(disk.documentsDir, { recursive: true });
    expect(await sweepOrphanFiles(server.db, disk.store, { now: new Date() })).toEqual({
      removedFiles: 0,
      removedUnfinishedWrites: 0,
    });
  });
});
