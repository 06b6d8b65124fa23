import { randomUUID } from "node:crypto";
import { CLAIM_RECORD_STATUS } from "@kalinga/domain/claim-record-status";
import type { Database, Queryable } from "../db/database.ts";
import { refusableTransaction } from "../refusal.ts";
import { DOCUMENT_MESSAGES } from "./document-messages.ts";
import { type DocumentStore, newStorageKey } from "./document-store.ts";
import type { PreparedDocument } from "./prepare-document.ts";
import type { DocumentSourceType } from "./sniff-type.ts";

// The documents of a claim: bytes in the document store, one row each in claim_documents. Bytes
// are written and synced before their row is inserted, and a row is marked deleted before its
// bytes are removed, so a crash can leave a file without a row (swept later) but never a row
// without its file. Limits per claim are checked under a lock on the claim row, so parallel
// uploads cannot slip past them together.

export type ClaimDocumentLimits = { maxFiles: number; maxBytes: number };

export const DEFAULT_CLAIM_DOCUMENT_LIMITS: ClaimDocumentLimits = {
  maxFiles: 30,
  maxBytes: 100 * 1024 * 1024,
};

export type ClaimDocument = {
  id: string;
  claimId: string;
  slotKey: string;
  /** Where the bytes are in the document store; never shown to the claimant. */
  storageKey: string;
  displayName: string;
  sizeBytes: number;
  sha256: string;
  sourceType: DocumentSourceType;
  pageCount: number;
  createdAt: Date;
};

export type DocumentChangeRefusalReason =
  | "claim-file-count"
  | "claim-too-large"
  | "claim-closed"
  | "not-found"
  | "slot-full"
  | "requirement-closed"
  | "requirement-overdue";

/**
 * How many files the slot takes, and whether a full slot gives up its oldest file to this one.
 * Decided under the claim lock, so parallel replaces each swap out what is there when they commit
 * and the slot never ends with more than `max` files (docs/decisions/0029).
 */
export type SlotRule = { max: number; replace: boolean };

export type DocumentChangeRefusal = { refused: DocumentChangeRefusalReason; message: string };

const DAY_MS = 24 * 3600 * 1000;
/** An upload writes its file a moment before its row: the sweep leaves younger files alone. */
const DEFAULT_SWEEP_GRACE_MS = DAY_MS;

type DocumentRow = {
  id: string;
  claim_id: string;
  slot_key: string;
  storage_key: string;
  display_name: string;
  size_bytes: number | string;
  sha256: string;
  source_type: DocumentSourceType;
  page_count: number;
  created_at: Date;
};

const COLUMNS =
  "id, claim_id, slot_key, storage_key, display_name, size_bytes, sha256, source_type, page_count, created_at";

function toDocument(row: DocumentRow): ClaimDocument {
  return {
    id: row.id,
    claimId: row.claim_id,
    slotKey: row.slot_key,
    storageKey: row.storage_key,
    displayName: row.display_name,
    sizeBytes: Number(row.size_bytes),
    sha256: row.sha256,
    sourceType: row.source_type,
    pageCount: Number(row.page_count),
    createdAt: new Date(row.created_at),
  };
}

export function isDocumentChangeRefusal(value: unknown): value is DocumentChangeRefusal {
  return typeof value === "object" && value !== null && "refused" in value;
}

/** The stored documents of a claim, oldest first. */
export async function listDocuments(q: Queryable, claimId: string): Promise<ClaimDocument[]> {
  const { rows } = await q.query<DocumentRow>(
    `SELECT ${COLUMNS} FROM claim_documents WHERE claim_id = $1 AND status = 'stored' ORDER BY seq`,
    [claimId],
  );
  return rows.map(toDocument);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One stored document, looked up inside its claim: another claim's id finds nothing. */
export async function findDocument(
  q: Queryable,
  claimId: string,
  documentId: string,
): Promise<ClaimDocument | null> {
  if (!UUID.test(documentId)) return null;
  const { rows } = await q.query<DocumentRow>(
    `SELECT ${COLUMNS} FROM claim_documents
     WHERE claim_id = $1 AND id = $2 AND status = 'stored'`,
    [claimId, documentId],
  );
  return rows[0] ? toDocument(rows[0]) : null;
}

async function claimUsage(q: Queryable, claimId: string, exceptId: string | null) {
  const { rows } = await q.query<{ files: number | string; bytes: number | string }>(
    `SELECT count(*) AS files, coalesce(sum(size_bytes), 0) AS bytes FROM claim_documents
     WHERE claim_id = $1 AND status = 'stored' AND ($2::uuid IS NULL OR id <> $2::uuid)`,
    [claimId, exceptId],
  );
  return { files: Number(rows[0]?.files ?? 0), bytes: Number(rows[0]?.bytes ?? 0) };
}

async function checkClaimLimits(
  q: Queryable,
  claimId: string,
  addedBytes: number,
  limits: ClaimDocumentLimits,
  exceptId: string | null = null,
): Promise<DocumentChangeRefusal | null> {
  const usage = await claimUsage(q, claimId, exceptId);
  if (usage.files + 1 > limits.maxFiles) {
    return {
      refused: "claim-file-count",
      message: DOCUMENT_MESSAGES.claimFileCount(limits.maxFiles),
    };
  }
  if (usage.bytes + addedBytes > limits.maxBytes) {
    return {
      refused: "claim-too-large",
      message: DOCUMENT_MESSAGES.claimTooLarge(limits.maxBytes),
    };
  }
  return null;
}

/** Locks the claim row for the transaction; refuses when the claim no longer takes changes. */
async function lockOpenClaim(
  tx: Queryable,
  claimId: string,
): Promise<DocumentChangeRefusal | null> {
  const { rows } = await tx.query<{ status: string }>(
    "SELECT status FROM claims WHERE id = $1 FOR UPDATE",
    [claimId],
  );
  if (!rows[0]) throw new Error("The claim of this document does not exist.");
  // Claims take document changes only while they are drafts; submission freezes them.
  if (rows[0].status !== CLAIM_RECORD_STATUS.draft) {
    return { refused: "claim-closed", message: DOCUMENT_MESSAGES.claimClosed };
  }
  return null;
}

async function insertDocument(
  tx: Queryable,
  input: {
    claimId: string;
    slotKey: string;
    storageKey: string;
    prepared: PreparedDocument;
    now: Date;
    requirementId?: string;
  },
): Promise<ClaimDocument> {
  const { prepared } = input;
  const { rows } = await tx.query<DocumentRow>(
    `INSERT INTO claim_documents
       (id, claim_id, slot_key, storage_key, display_name, size_bytes, sha256, source_type, page_count, status, created_at, requirement_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'stored', $10, $11)
     RETURNING ${COLUMNS}`,
    [
      randomUUID(),
      input.claimId,
      input.slotKey,
      input.storageKey,
      prepared.displayName,
      prepared.pdf.byteLength,
      prepared.sha256,
      prepared.sourceType,
      prepared.pageCount,
      input.now,
      input.requirementId ?? null,
    ],
  );
  return toDocument(rows[0] as DocumentRow);
}

/**
 * Writes the bytes (durably), then records them in one transaction; any failure after the write
 * removes the bytes again. The returned document is committed.
 */
async function writeThenRecord(
  db: Database,
  store: DocumentStore,
  pdf: Uint8Array,
  record: (tx: Queryable, storageKey: string) => Promise<ClaimDocument | DocumentChangeRefusal>,
): Promise<ClaimDocument | DocumentChangeRefusal> {
  const storageKey = newStorageKey();
  await store.put(storageKey, pdf);
  let result: ClaimDocument | DocumentChangeRefusal;
  try {
    // A refusal rolls back what the record had done (a replace's swap) before it was refused.
    result = await refusableTransaction(db, (tx) => record(tx, storageKey));
  } catch (error) {
    // An error can also come after a commit (a connection lost while committing): remove the
    // bytes only when no row points at them. If that cannot be known, the orphan sweep decides.
    await removeUnrecorded(db, store, storageKey).catch(() => {});
    throw error;
  }
  if (isDocumentChangeRefusal(result)) await store.delete(storageKey).catch(() => {});
  return result;
}

async function removeUnrecorded(db: Queryable, store: DocumentStore, storageKey: string) {
  const { rows } = await db.query("SELECT 1 FROM claim_documents WHERE storage_key = $1", [
    storageKey,
  ]);
  if (rows.length === 0) await store.delete(storageKey);
}

export async function storeDocument(
  db: Database,
  store: DocumentStore,
  input: {
    claimId: string;
    slotKey: string;
    prepared: PreparedDocument;
    now: Date;
    limits?: ClaimDocumentLimits;
    /** The slot's file count, checked (and a replace done) under the claim lock. */
    slot?: SlotRule;
    /** Runs in the insert's transaction (e.g. completing the Idempotency-Key with the answer). */
    inSameTransaction?: (tx: Queryable, document: ClaimDocument) => Promise<void>;
    /**
     * A document the insurer asked for after the submit: this check, under the claim's lock,
     * takes the place of "the claim is still a draft" (docs/decisions/0055).
     */
    requirement?: {
      id: string;
      lockOpen: (tx: Queryable) => Promise<DocumentChangeRefusal | null>;
    };
  },
): Promise<ClaimDocument | DocumentChangeRefusal> {
  const limits = input.limits ?? DEFAULT_CLAIM_DOCUMENT_LIMITS;
  const size = input.prepared.pdf.byteLength;
  // Checked before writing so a full claim costs no disk write; checked again under the lock. A
  // replace may free a file, so only the locked check can tell.
  if (!input.slot?.replace) {
    const early = await checkClaimLimits(db, input.claimId, size, limits);
    if (early) return early;
  }
  const replaced: { storageKey: string | null } = { storageKey: null };
  const result = await writeThenRecord(db, store, input.prepared.pdf, async (tx, storageKey) => {
    const closed = input.requirement
      ? await input.requirement.lockOpen(tx)
      : await lockOpenClaim(tx, input.claimId);
    if (closed) return closed;
    let old: ClaimDocument | null = null;
    if (input.slot) {
      const inSlot = await storedInSlot(tx, input.claimId, input.slotKey);
      if (inSlot.length >= input.slot.max) {
        if (!input.slot.replace)
          return { refused: "slot-full", message: DOCUMENT_MESSAGES.slotFull };
        old = await markDeleted(tx, input.claimId, inSlot[0] as string, input.now);
      }
    }
    const refusal = await checkClaimLimits(tx, input.claimId, size, limits);
    if (refusal) return refusal;
    const document = await insertDocument(tx, {
      ...input,
      storageKey,
      ...(input.requirement ? { requirementId: input.requirement.id } : {}),
    });
    await input.inSameTransaction?.(tx, document);
    replaced.storageKey = old?.storageKey ?? null;
    return document;
  });
  // Only once the swap is committed; a crash before this line leaves the old bytes under a
  // deleted row, which the sweep removes.
  if (!isDocumentChangeRefusal(result) && replaced.storageKey !== null) {
    await store.delete(replaced.storageKey).catch(() => {});
  }
  return result;
}

/** Ids of the slot's stored files, oldest first. */
export async function storedInSlot(
  tx: Queryable,
  claimId: string,
  slotKey: string,
): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM claim_documents WHERE claim_id = $1 AND slot_key = $2 AND status = 'stored'
     ORDER BY seq`,
    [claimId, slotKey],
  );
  return rows.map((row) => row.id);
}

/** Puts a new file in place of a stored one, in the same slot; the old one is deleted. */
export async function replaceDocument(
  db: Database,
  store: DocumentStore,
  input: {
    claimId: string;
    documentId: string;
    prepared: PreparedDocument;
    now: Date;
    limits?: ClaimDocumentLimits;
    /** Runs in the transaction that swaps the rows. */
    inSameTransaction?: (tx: Queryable, document: ClaimDocument) => Promise<void>;
  },
): Promise<ClaimDocument | DocumentChangeRefusal> {
  const limits = input.limits ?? DEFAULT_CLAIM_DOCUMENT_LIMITS;
  const size = input.prepared.pdf.byteLength;
  if (!(await findDocument(db, input.claimId, input.documentId))) {
    return { refused: "not-found", message: DOCUMENT_MESSAGES.notFound };
  }
  const replaced: { storageKey: string | null } = { storageKey: null };
  const result = await writeThenRecord(db, store, input.prepared.pdf, async (tx, storageKey) => {
    const closed = await lockOpenClaim(tx, input.claimId);
    if (closed) return closed;
    const old = await markDeleted(tx, input.claimId, input.documentId, input.now);
    if (!old) return { refused: "not-found", message: DOCUMENT_MESSAGES.notFound };
    const refusal = await checkClaimLimits(tx, input.claimId, size, limits);
    if (refusal) return refusal;
    const document = await insertDocument(tx, { ...input, slotKey: old.slotKey, storageKey });
    await input.inSameTransaction?.(tx, document);
    replaced.storageKey = old.storageKey;
    return document;
  });
  // Only once the swap is committed; a crash before this line leaves the old bytes under a
  // deleted row, which the sweep removes.
  if (!isDocumentChangeRefusal(result) && replaced.storageKey !== null) {
    await store.delete(replaced.storageKey).catch(() => {});
  }
  return result;
}

async function markDeleted(
  tx: Queryable,
  claimId: string,
  documentId: string,
  now: Date,
): Promise<ClaimDocument | null> {
  if (!UUID.test(documentId)) return null;
  const { rows } = await tx.query<DocumentRow>(
    `UPDATE claim_documents SET status = 'deleted', deleted_at = $3
     WHERE claim_id = $1 AND id = $2 AND status = 'stored'
     RETURNING ${COLUMNS}`,
    [claimId, documentId, now],
  );
  return rows[0] ? toDocument(rows[0]) : null;
}

/** Marks the document deleted (committed), then removes its bytes. */
export async function deleteDocument(
  db: Database,
  store: DocumentStore,
  input: {
    claimId: string;
    documentId: string;
    now: Date;
    /** For a requested document: its own check under the claim's lock, as in storeDocument. */
    lockOpen?: (tx: Queryable) => Promise<DocumentChangeRefusal | null>;
  },
): Promise<ClaimDocument | DocumentChangeRefusal> {
  const result = await db.transaction(
    async (tx): Promise<ClaimDocument | DocumentChangeRefusal> => {
      const closed = input.lockOpen
        ? await input.lockOpen(tx)
        : await lockOpenClaim(tx, input.claimId);
      if (closed) return closed;
      const old = await markDeleted(tx, input.claimId, input.documentId, input.now);
      return old ?? { refused: "not-found", message: DOCUMENT_MESSAGES.notFound };
    },
  );
  // A crash before this line leaves bytes under a deleted row: the sweep removes them.
  if (!isDocumentChangeRefusal(result)) await store.delete(result.storageKey).catch(() => {});
  return result;
}

const SWEEP_BATCH = 500;

/**
 * Removes stored files that no 'stored' row points at: uploads interrupted between the write and
 * the insert, and deletes interrupted before the bytes went. Files younger than graceMs are left
 * alone since an upload in progress writes its file just before its row.
 */
export async function sweepOrphanFiles(
  db: Queryable,
  store: DocumentStore,
  options: { now: Date; graceMs?: number },
): Promise<{ removedFiles: number; removedUnfinishedWrites: number }> {
  const cutoff = new Date(options.now.getTime() - (options.graceMs ?? DEFAULT_SWEEP_GRACE_MS));
  let removedFiles = 0;
  let batch: string[] = [];

  const sweepBatch = async () => {
    const { rows } = await db.query<{ storage_key: string }>(
      "SELECT storage_key FROM claim_documents WHERE storage_key = ANY($1::text[]) AND status = 'stored'",
      [batch],
    );
    const kept = new Set(rows.map((row) => row.storage_key));
    for (const key of batch) {
      if (kept.has(key)) continue;
      await store.delete(key);
      removedFiles++;
    }
    batch = [];
  };

  for await (const file of store.list()) {
    if (file.modifiedAt >= cutoff) continue;
    batch.push(file.key);
    if (batch.length >= SWEEP_BATCH) await sweepBatch();
  }
  if (batch.length > 0) await sweepBatch();
  const removedUnfinishedWrites = await store.removeUnfinishedWrites(cutoff);
  return { removedFiles, removedUnfinishedWrites };
}
