import { CLAIM_RECORD_STATUS } from "@kalinga/domain/claim-record-status";
import { lockClaimStatus } from "../claims/claim-repository.ts";
import {
  type ClaimDocumentLimits,
  DEFAULT_CLAIM_DOCUMENT_LIMITS,
} from "../config/document-config.ts";
import type { Database, Queryable } from "../db/database.ts";
import { DOCUMENT_MESSAGES } from "../http/upload-messages.ts";
import { refusableTransaction } from "../refusal.ts";
import {
  type ClaimDocument,
  claimUsage,
  findDocument,
  insertDocument,
  isStorageKeyRecorded,
  markDeleted,
  storedInSlot,
} from "./document-repository.ts";
import { type DocumentStore, newStorageKey } from "./document-store.ts";
import type { PreparedDocument } from "./prepare-document.ts";

// The documents of a claim: bytes in the document store, one row each in claim_documents. Bytes
// are written and synced before their row is inserted, and a row is marked deleted before its
// bytes are removed, so a crash can leave a file without a row (swept later) but never a row
// without its file. Limits per claim are checked under a lock on the claim row, so parallel
// uploads cannot slip past them together.

type DocumentChangeRefusalReason =
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

export function isDocumentChangeRefusal(value: unknown): value is DocumentChangeRefusal {
  return typeof value === "object" && value !== null && "refused" in value;
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
  const status = await lockClaimStatus(tx, claimId);
  if (status === null) throw new Error("The claim of this document does not exist.");
  // Claims take document changes only while they are drafts; submission freezes them.
  if (status !== CLAIM_RECORD_STATUS.draft) {
    return { refused: "claim-closed", message: DOCUMENT_MESSAGES.claimClosed };
  }
  return null;
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
  if (!(await isStorageKeyRecorded(db, storageKey))) await store.delete(storageKey);
}

/**
 * Removes a replaced file's bytes once the swap is committed; a crash before this leaves the old
 * bytes under a deleted row, which the sweep removes.
 */
async function removeReplacedBytes(
  store: DocumentStore,
  result: ClaimDocument | DocumentChangeRefusal,
  storageKey: string | null,
): Promise<void> {
  if (!isDocumentChangeRefusal(result) && storageKey !== null) {
    await store.delete(storageKey).catch(() => {});
  }
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
  await removeReplacedBytes(store, result, replaced.storageKey);
  return result;
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
  await removeReplacedBytes(store, result, replaced.storageKey);
  return result;
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
