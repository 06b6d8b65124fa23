import { isPastRetention, type RetentionSettings } from "@kalinga/domain/retention";
import { retentionCandidates } from "../claims/claim-retention-repository.ts";
import { audit, lastUnclaimedAuditAt } from "../console/audit-log.ts";
import type { Database } from "../db/database.ts";
import type { DocumentStore } from "../documents/document-store.ts";
import { deleteClaimRows, factsOf, removeFiles } from "./claim-erasure.ts";

// The retention job (docs/decisions/0106, 0111): claims past their retention are erased with their
// documents, a batch per round, and each round that erased something writes one audit row with
// counts and no personal data. A round that erased nothing writes a `retention.round` row only when
// no retention row was written for a day, so the log shows the job alive without a row an hour.
// One server at a time: a round holds a transaction-scoped advisory lock, and a server that cannot
// take it skips the round. Running it again erases nothing more.

const RETENTION_LOCK_KEY = 7_204_406;
const BATCH = 500;
const DAY_MS = 24 * 3600 * 1000;
/** How long the log may go without a retention row before an empty round writes one. */
const HEARTBEAT_MS = DAY_MS;

export type RetentionRound = {
  claims: number;
  submitted: number;
  unsubmitted: number;
  files: number;
};

/** One round; null when another server holds the job. */
export async function sweepRetention(
  db: Database,
  store: DocumentStore,
  now: Date,
  settings: RetentionSettings,
): Promise<RetentionRound | null> {
  const round = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ locked: boolean }>(
      "SELECT pg_try_advisory_xact_lock($1) AS locked",
      [RETENTION_LOCK_KEY],
    );
    if (!rows[0]?.locked) return null;
    const submittedCutoff = new Date(now.getTime());
    submittedCutoff.setUTCFullYear(submittedCutoff.getUTCFullYear() - settings.claimYears);
    const candidates = await retentionCandidates(
      tx,
      {
        submitted: submittedCutoff,
        unsubmitted: new Date(now.getTime() - settings.unsubmittedDays * DAY_MS),
      },
      BATCH,
    );
    const due = candidates.filter((row) => isPastRetention(factsOf(row), now, settings));
    const { claims, storageKeys } = await deleteClaimRows(
      tx,
      due.map((row) => row.id),
    );
    const submitted = due.filter((row) => row.submitted_at !== null).length;
    const counts = {
      claims,
      submitted,
      unsubmitted: claims - submitted,
      files: storageKeys.length,
    };
    const quiet = async () => {
      const last = await lastUnclaimedAuditAt(tx, "retention.");
      return last === null || now.getTime() - last.getTime() >= HEARTBEAT_MS;
    };
    if (claims > 0 || (await quiet())) {
      const action = claims > 0 ? "retention.erase" : "retention.round";
      await audit(
        tx,
        { staffId: null, staffEmail: null, action, detail: { ...counts, settings } },
        now,
      );
    }
    return { counts, storageKeys };
  });
  if (round === null) return null;
  await removeFiles(store, round.storageKeys);
  return round.counts;
}
