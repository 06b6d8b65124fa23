import { isPastRetention, type RetentionSettings } from "@kalinga/domain/retention";
import { retentionCandidates } from "../claims/claim-retention-repository.ts";
import { audit, lastUnclaimedAuditAt } from "../console/audit-log.ts";
import type { Database, Queryable } from "../db/database.ts";
import { storageKeysOfClaims } from "../documents/document-repository.ts";
import type { DocumentStore } from "../documents/document-store.ts";
import { deleteClaimRows, factsOf, removeFiles } from "./claim-erasure.ts";

// The retention job (docs/decisions/0106, 0111): claims past their retention are erased with their
// documents, a batch per round, and each round that erased something writes one audit row with
// counts and no personal data. A round that erased nothing writes a `retention.round` row only when
// no retention row was written for a day, so the log shows the job alive without a row an hour.
// One server at a time: a round holds a transaction-scoped advisory lock, and a server that cannot
// take it skips the round. Running it again erases nothing more. A dry run (RETENTION_DRY_RUN)
// erases nothing and audits, each round, the claims it would erase.

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

type JobSettings = RetentionSettings & { dryRun?: boolean };

/** The claims due for erasure now: the candidates the domain's rules judge past retention. */
async function dueClaims(tx: Queryable, now: Date, settings: RetentionSettings) {
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
  return candidates.filter((row) => isPastRetention(factsOf(row), now, settings));
}

/** The round's audit row: what it erased, or in a dry run would erase; else the day's first. */
async function auditRound(
  tx: Queryable,
  now: Date,
  round: { counts: RetentionRound; settings: JobSettings; references: string[] },
) {
  const { counts, settings } = round;
  let action = settings.dryRun ? "retention.dry-run" : "retention.erase";
  if (counts.claims === 0) {
    const last = await lastUnclaimedAuditAt(tx, "retention.");
    if (last !== null && now.getTime() - last.getTime() < HEARTBEAT_MS) return;
    action = "retention.round";
  }
  // A dry run names the claims it would erase, for the operator to check before erasing.
  const references = settings.dryRun && counts.claims > 0 ? { references: round.references } : {};
  await audit(
    tx,
    { staffId: null, staffEmail: null, action, detail: { ...counts, settings, ...references } },
    now,
  );
}

/**
 * One round; null when another server holds the job. In a dry run it erases nothing and answers
 * what it would have erased.
 */
export async function sweepRetention(
  db: Database,
  store: DocumentStore,
  now: Date,
  settings: JobSettings,
): Promise<RetentionRound | null> {
  const round = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ locked: boolean }>(
      // Per schema: servers of one data set share it; another schema's job (a test's) does not.
      "SELECT pg_try_advisory_xact_lock($1, hashtext(current_schema())) AS locked",
      [RETENTION_LOCK_KEY],
    );
    if (!rows[0]?.locked) return null;
    const due = await dueClaims(tx, now, settings);
    const ids = due.map((row) => row.id);
    const { claims, storageKeys } = settings.dryRun
      ? { claims: due.length, storageKeys: await storageKeysOfClaims(tx, ids) }
      : await deleteClaimRows(tx, ids);
    const submitted = due.filter((row) => row.submitted_at !== null).length;
    const counts = {
      claims,
      submitted,
      unsubmitted: claims - submitted,
      files: storageKeys.length,
    };
    const references = due.map((row) => row.web_reference_number);
    await auditRound(tx, now, { counts, settings, references });
    return { counts, storageKeys: settings.dryRun ? [] : storageKeys };
  });
  if (round === null) return null;
  await removeFiles(store, round.storageKeys);
  return round.counts;
}
