import { describe, expect, it } from "vitest";
import { findDocument, listDocuments } from "../src/documents/document-repository.ts";
import {
  deleteDocument,
  isDocumentChangeRefusal,
  replaceDocument,
  storeDocument,
} from "../src/documents/document-service.ts";
import { DOCUMENT_MESSAGES } from "../src/http/upload-messages.ts";
import { solidPng } from "./fixtures/images.ts";
import { textPdf } from "./fixtures/pdf-files.ts";
import { NOW, preparedDocument, stored, useDiskDocuments } from "./support/document-store.ts";
import { useServerTest } from "./support/server-test.ts";

// The per-claim limits of the document repository (file count and bytes, held when uploads race)
// and what deleting and replacing a file does to them.

const server = useServerTest({ app: false, clock: false });
const disk = useDiskDocuments(server);

const { storedKeys, newClaim, storePdf } = disk;

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

describe("per-claim limits", () => {
  it("refuses the file past the claim's count", async () => {
    const claimId = await newClaim();
    const limits = { maxFiles: 3, maxBytes: 100 * 1024 * 1024 };
    for (let index = 0; index < 3; index++) {
      stored(await storePdf(claimId, "S", limits));
    }
    expect(await storePdf(claimId, "S", limits)).toEqual({
      refused: "claim-file-count",
      message:
        "This claim already has 3 files, the most it can hold. Remove a file before adding another.",
    });
    expect(await storedKeys()).toHaveLength(3);
    // Another claim has its own count.
    const other = await newClaim();
    stored(
      await storeDocument(server.db, disk.store, {
        claimId: other,
        slotKey: "S",
        prepared: disk.pdf,
        now: NOW,
        limits,
      }),
    );
  });

  it("refuses the file that would take the claim past its bytes", async () => {
    const claimId = await newClaim();
    const size = disk.pdf.pdf.byteLength;
    const limits = { maxFiles: 30, maxBytes: size * 2 + 10 };
    stored(await storePdf(claimId, "S", limits));
    stored(await storePdf(claimId, "S", limits));
    const refusal = await storePdf(claimId, "S", limits);
    expect(refusal).toMatchObject({ refused: "claim-too-large" });
    expect(await storedKeys()).toHaveLength(2);
  });

  it("uses 30 files and 100 MB by default", async () => {
    const claimId = await newClaim();
    for (let index = 0; index < 30; index++) {
      stored(await storePdf(claimId, "S"));
    }
    expect(await storePdf(claimId, "S")).toMatchObject({
      refused: "claim-file-count",
      message: DOCUMENT_MESSAGES.claimFileCount(30),
    });
    expect(DOCUMENT_MESSAGES.claimTooLarge(100 * 1024 * 1024)).toBe(
      "This file would take the claim's files past 100 MB. Remove a file before adding another.",
    );
  });

  it("holds when uploads race each other", async () => {
    const claimId = await newClaim();
    const limits = { maxFiles: 2, maxBytes: 100 * 1024 * 1024 };
    stored(await storePdf(claimId, "S", limits));
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
    const racing = Array.from({ length: 2 }, () => storePdf(claimId, "S", limits));
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
    const document = stored(await storePdf(claimId, "S"));
    const later = new Date(NOW.getTime() + 60_000);
    expect(
      await deleteDocument(server.db, disk.store, { claimId, documentId: document.id, now: later }),
    ).toEqual(document);
    expect(await listDocuments(server.db, claimId)).toEqual([]);
    expect(await disk.store.exists(document.storageKey)).toBe(false);
    const { rows } = await server.db.query(
      "SELECT status, deleted_at FROM claim_documents WHERE id = $1",
      [document.id],
    );
    expect(rows).toEqual([{ status: "deleted", deleted_at: later }]);
    const notFound = { refused: "not-found", message: DOCUMENT_MESSAGES.notFound };
    expect(
      await deleteDocument(server.db, disk.store, { claimId, documentId: document.id, now: later }),
    ).toEqual(notFound);
    expect(
      await deleteDocument(server.db, disk.store, {
        claimId,
        documentId: "not-a-uuid",
        now: later,
      }),
    ).toEqual(notFound);
  });

  it("never touches another claim's document", async () => {
    const owner = await newClaim();
    const stranger = await newClaim();
    const document = stored(
      await storeDocument(server.db, disk.store, {
        claimId: owner,
        slotKey: "S",
        prepared: disk.pdf,
        now: NOW,
      }),
    );
    expect(await findDocument(server.db, stranger, document.id)).toBeNull();
    expect(
      await deleteDocument(server.db, disk.store, {
        claimId: stranger,
        documentId: document.id,
        now: NOW,
      }),
    ).toMatchObject({ refused: "not-found" });
    expect(
      await replaceDocument(server.db, disk.store, {
        claimId: stranger,
        documentId: document.id,
        prepared: disk.pdf,
        now: NOW,
      }),
    ).toMatchObject({ refused: "not-found" });
    expect(await listDocuments(server.db, owner)).toEqual([document]);
    expect(await storedKeys()).toEqual([document.storageKey]);
  });

  it("replaces a file in the same slot, even when the claim is at its limit", async () => {
    const claimId = await newClaim();
    const limits = { maxFiles: 2, maxBytes: 100 * 1024 * 1024 };
    const first = stored(await storePdf(claimId, "DIDC001-MAJ1", limits));
    const second = stored(await storePdf(claimId, "OTHERS", limits));
    const photo = await preparedDocument(await solidPng(120, 80), "id-front.png");
    const replacement = stored(
      await replaceDocument(server.db, disk.store, {
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
    const big = await preparedDocument(await textPdf(40), "big.pdf");
    const limits = { maxFiles: 30, maxBytes: disk.pdf.pdf.byteLength + 10 };
    const first = stored(await storePdf(claimId, "S", limits));
    expect(
      await replaceDocument(server.db, disk.store, {
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
