import type { Queryable } from "../db/database.ts";
import { storedKeysAmong } from "./document-repository.ts";
import type { DocumentStore } from "./document-store.ts";

const DAY_MS = 24 * 3600 * 1000;
/** An upload writes its file a moment before its row: the sweep leaves younger files alone. */
const DEFAULT_SWEEP_GRACE_MS = DAY_MS;

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
    const kept = await storedKeysAmong(db, batch);
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
