import { randomBytes } from "node:crypto";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import type { Database } from "../../src/db/database.ts";
import { migrate } from "../../src/db/migrate.ts";
import { openPgliteDatabase } from "../../src/db/pglite-database.ts";
import { openPostgresDatabase } from "../../src/db/postgres-database.ts";

// One database per test FILE: KALINGA_TEST_DB=postgres uses DATABASE_URL with a fresh schema for
// the file; anything else uses PGlite in a fresh temporary folder. Tests empty the tables with
// reset() instead of opening a new database.

export type TestDatabase = {
  kind: "pglite" | "postgres";
  db: Database;
  /** Closes the database and opens it again on the same data (a server restart). */
  reopen(): Promise<Database>;
  reset(): Promise<void>;
  close(): Promise<void>;
};

/** Every table of the database's schema but the migrations' own record, read, never hand-kept. */
export async function dataTables(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables
     WHERE schemaname = current_schema() AND tablename <> 'schema_migrations'
     ORDER BY tablename`,
  );
  return rows.map((row) => row.tablename);
}

/** A schema of its own in DATABASE_URL's database, and the way to drop it when the tests end. */
async function freshSchema(): Promise<{
  connectionString: string;
  schema: string;
  dropSchema: () => Promise<void>;
}> {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("KALINGA_TEST_DB=postgres needs DATABASE_URL.");
  const schema = `kalinga_test_${randomBytes(6).toString("hex")}`;
  await runAdminQuery(connectionString, `CREATE SCHEMA ${schema}`);
  const dropSchema = () => runAdminQuery(connectionString, `DROP SCHEMA ${schema} CASCADE`);
  return { connectionString, schema, dropSchema };
}

async function runAdminQuery(connectionString: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  await client.query(sql);
  await client.end();
}

/**
 * A migrated PGlite folder at `folder`, copied from the run's template (support/pglite-template.ts);
 * without a template (a file run outside its project) the folder starts empty and is migrated on open.
 */
async function copyMigratedPglite(folder: string): Promise<void> {
  const template = inject("pgliteTemplate");
  if (template) await cp(template, folder, { recursive: true });
}

export const testDatabaseKind = (): "pglite" | "postgres" =>
  process.env.KALINGA_TEST_DB === "postgres" ? "postgres" : "pglite";

export async function openTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const kind = testDatabaseKind();
  let open: () => Promise<Database>;
  let cleanUp: () => Promise<void>;

  if (kind === "postgres") {
    const { connectionString, schema, dropSchema } = await freshSchema();
    open = async () => openPostgresDatabase({ connectionString, schema, max: 30 });
    cleanUp = dropSchema;
  } else {
    const dataDir = await mkdtemp(path.join(tmpdir(), "kalinga-test-"));
    if (options.migrate !== false) await copyMigratedPglite(path.join(dataDir, "pglite"));
    open = () => openPgliteDatabase(path.join(dataDir, "pglite"));
    cleanUp = () => rm(dataDir, { recursive: true, force: true });
  }

  let db = await open();
  if (options.migrate !== false) await migrate(db);
  const handle: TestDatabase = {
    kind,
    db,
    async reopen() {
      await db.close();
      db = await open();
      handle.db = db;
      return db;
    },
    async reset() {
      const tables = await dataTables(db);
      await db.query(`TRUNCATE ${tables.map((table) => `"${table}"`).join(", ")} CASCADE`);
    },
    async close() {
      await db.close();
      await cleanUp();
    },
  };
  return handle;
}

/**
 * Environment that points a server process (main.ts) at a fresh database of the kind under test:
 * a PGlite data folder, or DATABASE_URL with its own schema.
 */
export async function serverDatabaseEnv(): Promise<{
  env: Record<string, string>;
  cleanUp: () => Promise<void>;
}> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "kalinga-server-"));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  if (testDatabaseKind() === "pglite") {
    await copyMigratedPglite(path.join(dataDir, "pglite"));
    return { env: { KALINGA_DATA_DIR: dataDir }, cleanUp: removeDir };
  }

  const { connectionString, schema, dropSchema } = await freshSchema();
  const url = new URL(connectionString);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    env: { KALINGA_DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    cleanUp: async () => {
      await dropSchema();
      await removeDir();
    },
  };
}
