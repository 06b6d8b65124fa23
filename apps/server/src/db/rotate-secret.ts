import { loadConfig } from "../config.ts";
import { resolveSecret } from "../server-secret.ts";
import { runCommand } from "./database-command.ts";
import { prepareDatabase } from "./database-roles.ts";
import { openDatabase } from "./open-database.ts";
import { openPostgresDatabase } from "./postgres-database.ts";
import { replaceSecretFingerprint } from "./secret-fingerprint.ts";

// Changes the secret the servers on one database share (decision 0101):
//   stop every server; KALINGA_SECRET=<new> npm run rotate-secret; start every server with it.
// The database then keeps the new secret's fingerprint, and a server still on the old one refuses
// to start. Codes sent under the old secret stop validating (claimants ask for a new one). With
// DATABASE_MIGRATION_URL set the fingerprint is replaced as the owner role: the server's own role
// may only read and add it.

async function main(): Promise<number> {
  const config = loadConfig();
  const secret = await resolveSecret(config);
  const db = await openDatabase(config);
  try {
    await prepareDatabase(db, config);
    const owner =
      config.databaseMigrationUrl !== null && db.kind === "postgres"
        ? openPostgresDatabase({ connectionString: config.databaseMigrationUrl, max: 1 })
        : db;
    try {
      const changed = await replaceSecretFingerprint(owner, secret, config.now());
      console.log(
        changed
          ? "The database now keeps this KALINGA_SECRET's fingerprint: start every server with it."
          : "The database kept this KALINGA_SECRET's fingerprint already: nothing changed.",
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
