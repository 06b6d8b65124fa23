import { loadConfig } from "../config.ts";
import { runCommand } from "./database-command.ts";
import { prepareDatabase } from "./database-roles.ts";
import { openDatabase } from "./open-database.ts";

// Applies the migrations to the database the server's environment names, then ends:
//   npm run migrate
// With DATABASE_MIGRATION_URL it migrates as that owner role and grants DATABASE_URL's role its
// rights (docs/decisions/0065); a deployment runs it once before its servers start, which then only
// check the schema (KALINGA_MIGRATE_ON_START=false, the default in production on PostgreSQL). With
// the embedded database, stop the server first: PGlite has one user at a time.

async function main(): Promise<number> {
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    const applied = await prepareDatabase(db, config);
    const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`;
    const as = config.databaseMigrationUrl ? " as DATABASE_MIGRATION_URL's role" : "";
    console.log(
      applied.length === 0
        ? `The database is up to date: ${where}.`
        : `Applied ${applied.length} migration(s) to ${where}${as}: ${applied.join(", ")}.`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

runCommand(main);
