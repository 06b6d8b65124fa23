import { loadConfig } from "./config.ts";
import { resealTotpSecrets } from "./console/staff-accounts.ts";
import { runCommand } from "./db/database-command.ts";
import { prepareDatabase } from "./db/database-roles.ts";
import { openDatabase } from "./db/open-database.ts";
import { openPostgresDatabase } from "./db/postgres-database.ts";
import { replaceSecretFingerprint } from "./db/secret-fingerprint.ts";
import { resealDrafts } from "./drafts/draft-repository.ts";
import { resolveSecret } from "./server-secret.ts";

// Changes the secret the servers on one database share (decision 0101):
//   stop every server;
//   KALINGA_SECRET=<new> KALINGA_SECRET_PREVIOUS=<old> npm run rotate-secret;
//   start every server with the new one.
// What the old secret sealed is sealed again under the new one in the same transaction as the
// fingerprint: the staff's authenticator enrolments and the claimants' drafts are kept. Codes sent
// under the old secret stop validating (claimants ask for a new one). With DATABASE_MIGRATION_URL
// set the fingerprint is replaced as the owner role: the server's own role may only read and add it.

/** The old secret, named for this command alone; without it nothing sealed could be kept. */
function previousSecret(): string | null {
  const previous = process.env.KALINGA_SECRET_PREVIOUS ?? "";
  if (previous.length === 0) return null;
  if (previous.length < 32) throw new Error("KALINGA_SECRET_PREVIOUS must be 32+ characters.");
  return previous;
}

async function main(): Promise<number> {
  const config = loadConfig();
  const secret = await resolveSecret(config);
  const previous = previousSecret();
  if (previous === null) {
    console.error(
      "Set KALINGA_SECRET_PREVIOUS to the secret the servers ran with: what it sealed (authenticator enrolments, drafts) is sealed again under KALINGA_SECRET.",
    );
    return 2;
  }
  const db = await openDatabase(config);
  try {
    await prepareDatabase(db, config);
    const owner =
      config.databaseMigrationUrl !== null && db.kind === "postgres"
        ? openPostgresDatabase({ connectionString: config.databaseMigrationUrl, max: 1 })
        : db;
    try {
      const { staff, drafts } = await db.transaction(async (tx) => ({
        staff: await resealTotpSecrets(tx, previous, secret),
        drafts: await resealDrafts(tx, previous, secret),
      }));
      const changed = await replaceSecretFingerprint(owner, secret, config.now());
      console.log(
        `Sealed again under the new secret: ${staff.resealed} authenticator enrolments (${staff.current} already, ${staff.unreadable} unreadable), ${drafts.resealed} drafts (${drafts.current} already, ${drafts.unreadable} unreadable).`,
      );
      console.log(
        changed
          ? "The database now keeps this KALINGA_SECRET's fingerprint: start every server with it."
          : "The database kept this KALINGA_SECRET's fingerprint already.",
      );
      return 0;
    } finally {
      if (owner !== db) await owner.close();
    }
  } finally {
    await db.close();
  }
}

runCommand(main);
