import type { RetentionFacts } from "@kalinga/domain/retention";
import { deleteClaims, type RetentionRow } from "../claims/claim-retention-repository.ts";
import type { Queryable } from "../db/database.ts";
import { storageKeysOfClaims } from "../documents/document-repository.ts";
import type { DocumentStore } from "../documents/document-store.ts";

// Erasing claims (docs/decisions/0106): the claim rows go in one transaction with every row that
// hangs on them (tokens, codes, draft, submission, documents' rows, notifications, events, notes,
// rating), then their files leave the document store. A file whose delete fails is no row's any
// more: the orphan sweep removes it on its next round. The audit log keeps references and counts.

export function factsOf(row: RetentionRow): RetentionFacts {
  return {
    purpose: row.purpose,
    status: row.status,
    submittedAt: row.submitted_at === null ? null : new Date(row.submitted_at),
    lastChangeAt: new Date(row.updated_at),
    decisionOutcome: row.decision_outcome,
    hasOpenDraft: row.has_draft,
  };
}

/** Deletes the claims' rows inside tx; answers the storage keys to remove once it commits. */
export async function deleteClaimRows(
  tx: Queryable,
  claimIds: readonly string[],
): Promise<{ claims: number; storageKeys: string[] }> {
  if (claimIds.length === 0) return { claims: 0, storageKeys: [] };
  const storageKeys = await storageKeysOfClaims(tx, claimIds);
  const claims = await deleteClaims(tx, claimIds);
  return { claims, storageKeys };
}

/** Removes the erased claims' files; a failure is left to the orphan sweep. */
export async function removeFiles(store: DocumentStore, keys: readonly string[]): Promise<number> {
  let removed = 0;
  for (const key of keys) {
    try {
      await store.delete(key);
      removed++;
    } catch {
      // No row names the key any more: the orphan sweep deletes it later.
    }
  }
  return removed;
}
