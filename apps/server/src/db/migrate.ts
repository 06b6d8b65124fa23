import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Database } from "./database.ts";

// Numbered SQL files in ./migrations, applied in order (at start-up or by `npm run migrate`) inside
// one transaction that holds an advisory lock, so two servers starting together never apply a file
// twice.

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
/** Any fixed number; every Kalinga server takes the same lock. */
export const MIGRATION_LOCK_KEY = 7_204_311;

export type Migration = { version: number; name: string; sql: string };

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => /^\d{3}_[\w-]+\.sql$/.test(file)).sort();
  return Promise.all(
    files.map(async (file) => ({
      version: Number(file.slice(0, 3)),
      name: file,
      sql: await readFile(path.join(dir, file), "utf8"),
    })),
  );
}

/** Applies the migrations not yet recorded; returns the names it applied. */
export async function migrate(db: Database, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await readMigrations());
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<{ version: number }>("SELECT version FROM schema_migrations");
    const applied = new Set(rows.map((row) => Number(row.version)));
    const done: string[] = [];
    for (const migration of all) {
      if (applied.has(migration.version)) continue;
      // Files hold several statements; each runs on its own since parameters are not needed.
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [
        migration.version,
        migration.name,
      ]);
      done.push(migration.name);
    }
    return done;
  });
}

/** The versions recorded as applied, lowest first. */
export async function appliedMigrationVersions(db: Database): Promise<number[]> {
  const { rows } = await db.query<{ version: number }>(
    "SELECT version FROM schema_migrations ORDER BY version",
  );
  return rows.map((row) => Number(row.version));
}

/** The migration files not recorded as applied: every one on a database never migrated. */
async function pendingMigrations(db: Database, migrations: Migration[]): Promise<string[]> {
  const { rows: found } = await db.query<{ found: string | null }>(
    "SELECT to_regclass('schema_migrations')::text AS found",
  );
  if (!found[0]?.found) return migrations.map((migration) => migration.name);
  const applied = new Set(await appliedMigrationVersions(db));
  return migrations.filter((m) => !applied.has(m.version)).map((migration) => migration.name);
}

/** True when every migration file is recorded as applied (the readiness check). */
export async function migrationsApplied(db: Database, migrations: Migration[]): Promise<boolean> {
  return (await pendingMigrations(db, migrations)).length === 0;
}

/**
 * A server that does not migrate at start-up refuses a database behind its code, naming what is
 * missing and what to run. A database ahead of it (a newer server migrated it) is served.
 */
export async function refuseDatabaseBehind(db: Database, migrations: Migration[]): Promise<void> {
  const pending = await pendingMigrations(db, migrations);
  if (pending.length === 0) return;
  const shown =
    pending.length > 3
      ? `${pending.slice(0, 3).join(", ")} and ${pending.length - 3} more`
      : pending.join(", ");
  throw new Error(
    `The database is behind this server: ${pending.length} migration(s) not applied (${shown}). Run \`npm run migrate\` with DATABASE_MIGRATION_URL (the owner role) and DATABASE_URL first, or set KALINGA_MIGRATE_ON_START=true.`,
  );
}

/**
 * Splits on semicolons at line ends; migration files keep one statement per such semicolon, but for
 * those inside a function's $$-quoted body.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = "";
  // Even pieces are outside $$ quotes, odd ones a function's body.
  sql.split("$$").forEach((piece, index) => {
    if (index % 2 === 1) {
      current += `$$${piece}$$`;
      return;
    }
    const parts = piece.replace(/^\s*--.*$/gm, "").split(/;\s*$/m);
    current += parts.shift() ?? "";
    for (const part of parts) {
      statements.push(current);
      current = part;
    }
  });
  statements.push(current);
  return statements.map((statement) => statement.trim()).filter(Boolean);
}
