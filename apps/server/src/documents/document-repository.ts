import { randomUUID } from "node:crypto";
import type { Queryable } from "../db/database.ts";
import type { PreparedDocument } from "./prepare-document.ts";
import type { DocumentSourceType } from "./sniff-type.ts";

// The claim_documents table: every query of it is here. Bytes are the document store's; the rules
// of storing and deleting (limits, locks, the order of bytes and rows) are document-service.ts's.

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

/** How many files a claim holds and their bytes, leaving out one (a replaced file). */
export async function claimUsage(q: Queryable, claimId: string, exceptId: string | null) {
  const { rows } = await q.query<{ files: number | string; bytes: number | string }>(
    `SELECT count(*) AS files, coalesce(sum(size_bytes), 0) AS bytes FROM claim_documents
     WHERE claim_id = $1 AND status = 'stored' AND ($2::uuid IS NULL OR id <> $2::uuid)`,
    [claimId, exceptId],
  );
  return { files: Number(rows[0]?.files ?? 0), bytes: Number(rows[0]?.bytes ?? 0) };
}

export async function insertDocument(
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

/** Marks one stored document deleted; null when it is not the claim's or not stored. */
export async function markDeleted(
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

/** Whether a row, stored or deleted, points at these bytes. */
export async function isStorageKeyRecorded(q: Queryable, storageKey: string): Promise<boolean> {
  const { rows } = await q.query("SELECT 1 FROM claim_documents WHERE storage_key = $1", [
    storageKey,
  ]);
  return rows.length > 0;
}

/** Which of these storage keys a stored row points at. */
export async function storedKeysAmong(q: Queryable, keys: readonly string[]): Promise<Set<string>> {
  const { rows } = await q.query<{ storage_key: string }>(
    "SELECT storage_key FROM claim_documents WHERE storage_key = ANY($1::text[]) AND status = 'stored'",
    [keys],
  );
  return new Set(rows.map((row) => row.storage_key));
}

/** Marks the files sent for a request as sent to the insurer, when the claimant sends them. */
export async function markRequirementDocumentsSent(
  q: Queryable,
  claimId: string,
  requirementId: string,
  now: Date,
): Promise<void> {
  await q.query(
    `UPDATE claim_documents SET sent_at = $3
     WHERE claim_id = $1 AND requirement_id = $2 AND status = 'stored' AND sent_at IS NULL`,
    [claimId, requirementId, now],
  );
}

/** A stored document as the insurer and staff read it, with the request it answers. */
export type StoredDocument = {
  id: string;
  slotKey: string;
  /** The request it answers, for a document sent after the submit (decision 0055). */
  requirementId: string | null;
  name: string;
  sizeBytes: number;
  sha256: string;
  storageKey: string;
};

export async function listStoredDocuments(
  q: Queryable,
  claimId: string,
): Promise<StoredDocument[]> {
  const { rows } = await q.query<{
    id: string;
    slot_key: string;
    display_name: string;
    size_bytes: string | number;
    sha256: string;
    storage_key: string;
    requirement_id: string | null;
  }>(
    `SELECT id, slot_key, display_name, size_bytes, sha256, storage_key, requirement_id FROM claim_documents
     WHERE claim_id = $1 AND status = 'stored' ORDER BY seq`,
    [claimId],
  );
  return rows.map((row) => ({
    id: row.id,
    slotKey: row.slot_key,
    requirementId: row.requirement_id,
    name: row.display_name,
    sizeBytes: Number(row.size_bytes),
    sha256: row.sha256,
    storageKey: row.storage_key,
  }));
}

/** The files sent for the insurer's requests after the submit, each with its request. */
export type RequirementDocumentRow = {
  id: string;
  requirementId: string;
  slotKey: string;
  displayName: string;
  sizeBytes: number;
  sent: boolean;
};

export async function requirementDocuments(
  q: Queryable,
  claimId: string,
): Promise<RequirementDocumentRow[]> {
  const { rows } = await q.query<{
    id: string;
    requirement_id: string;
    slot_key: string;
    display_name: string;
    size_bytes: string | number;
    sent_at: Date | null;
  }>(
    `SELECT id, requirement_id, slot_key, display_name, size_bytes, sent_at FROM claim_documents
     WHERE claim_id = $1 AND requirement_id IS NOT NULL AND status = 'stored' ORDER BY seq`,
    [claimId],
  );
  return rows.map((row) => ({
    id: row.id,
    requirementId: row.requirement_id,
    slotKey: row.slot_key,
    displayName: row.display_name,
    sizeBytes: Number(row.size_bytes),
    sent: row.sent_at !== null,
  }));
}

/** Slot keys holding at least one stored file. */
export async function filledSlotKeys(q: Queryable, claimId: string): Promise<Set<string>> {
  const { rows } = await q.query<{ slot_key: string }>(
    "SELECT DISTINCT slot_key FROM claim_documents WHERE claim_id = $1 AND status = 'stored'",
    [claimId],
  );
  return new Set(rows.map((row) => row.slot_key));
}

/** At the submit: which stored files are in slots the final claim asks for. */
export async function markRequiredSlots(
  tx: Queryable,
  claimId: string,
  askedSlotKeys: readonly string[],
): Promise<void> {
  await tx.query(
    `UPDATE claim_documents SET slot_required = (slot_key = ANY($2::text[]))
     WHERE claim_id = $1 AND status = 'stored'`,
    [claimId, askedSlotKeys],
  );
}

/** Marks every stored file of these claims deleted; the sweep removes their bytes. */
export async function deleteDocumentsOfClaims(
  q: Queryable,
  claimIds: readonly string[],
  now: Date,
): Promise<void> {
  await q.query(
    `UPDATE claim_documents SET status = 'deleted', deleted_at = $2
     WHERE claim_id = ANY($1::uuid[]) AND status = 'stored'`,
    [claimIds, now],
  );
}

/** The files the claimant sent for requests (not those added but not sent yet), oldest first. */
export async function sentRequestDocuments(
  q: Queryable,
  claimId: string,
): Promise<{ id: string; requirementId: string; sizeBytes: number }[]> {
  const { rows } = await q.query<{
    id: string;
    requirement_id: string;
    size_bytes: string | number;
  }>(
    `SELECT id, requirement_id, size_bytes FROM claim_documents
     WHERE claim_id = $1 AND requirement_id IS NOT NULL AND status = 'stored' AND sent_at IS NOT NULL
     ORDER BY seq`,
    [claimId],
  );
  return rows.map((row) => ({
    id: row.id,
    requirementId: row.requirement_id,
    sizeBytes: Number(row.size_bytes),
  }));
}

/** The count of a claim's stored documents (`claimId`, a column), as a column of another read. */
export function storedDocumentCount(claimId: string): string {
  return `(SELECT count(*)::int FROM claim_documents x WHERE x.claim_id = ${claimId} AND x.status = 'stored')`;
}

/** A claim's stored documents in upload order, as the development claim record shows them. */
export async function storedDocumentRecordRows(q: Queryable, claimId: string) {
  const { rows } = await q.query<{
    id: string;
    slot_key: string;
    display_name: string;
    size_bytes: number | string;
    sha256: string;
    slot_required: boolean | null;
  }>(
    `SELECT id, slot_key, display_name, size_bytes, sha256, slot_required FROM claim_documents
     WHERE claim_id = $1 AND status = 'stored' ORDER BY seq`,
    [claimId],
  );
  return rows;
}

/** The storage keys of every file row of these claims, stored or deleted: what an erasure removes. */
export async function storageKeysOfClaims(q: Queryable, claimIds: readonly string[]) {
  const { rows } = await q.query<{ storage_key: string }>(
    "SELECT storage_key FROM claim_documents WHERE claim_id = ANY($1::uuid[])",
    [claimIds],
  );
  return rows.map((row) => row.storage_key);
}
