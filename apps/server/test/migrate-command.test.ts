import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { PRODUCTION_ENV, testConfig } from "./support/test-app.ts";
import { testDatabaseKind } from "./support/test-database.ts";
import { useTwoRoles } from "./support/two-roles.ts";

// `npm run migrate` and KALINGA_MIGRATE_ON_START (decision 0105): the command migrates as the owner
// role and grants the server's role; a server that does not migrate at start refuses a database
// behind its code with a message naming the command; the embedded database still migrates at start.

const COMMAND = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../src/db/migrate-command.ts",
);
const run = promisify(execFile);

async function migrateCommand(env: Record<string, string>) {
  const merged: Record<string, string | undefined> = { ...process.env, NODE_ENV: "test", ...env };
  if (!env.DATABASE_URL) delete merged.DATABASE_URL;
  try {
    const { stdout, stderr } = await run(process.execPath, [COMMAND], { env: merged });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

/** A server built on `env`, asked /readyz, closed: its status, or the start-up's refusal. */
async function readiness(env: Record<string, string>): Promise<number> {
  const app = await buildApp(testConfig({ LOG_LEVEL: "silent", ...env }));
  try {
    return (await app.inject({ method: "GET", url: "/readyz" })).statusCode;
  } finally {
    await app.close();
  }
}

test("servers migrate at start by default, except in production on PostgreSQL; the setting decides", () => {
  const at = (env: Record<string, string>) => loadConfig(env).migrateOnStart;
  const postgres = { DATABASE_URL: "postgresql://app@db/kalinga" };
  expect(at({ NODE_ENV: "test" })).toBe(true);
  expect(at({ NODE_ENV: "test", ...postgres })).toBe(true);
  expect(at({ ...PRODUCTION_ENV })).toBe(true);
  expect(at({ ...PRODUCTION_ENV, ...postgres })).toBe(false);
  expect(at({ ...PRODUCTION_ENV, ...postgres, KALINGA_MIGRATE_ON_START: "true" })).toBe(true);
  expect(at({ NODE_ENV: "test", KALINGA_MIGRATE_ON_START: "false" })).toBe(false);
  expect(() => at({ NODE_ENV: "test", KALINGA_MIGRATE_ON_START: "later" })).toThrow(
    'KALINGA_MIGRATE_ON_START must be true or false, got "later".',
  );
});

if (testDatabaseKind() === "pglite") {
  describe("the embedded database", () => {
    let dataDir = "";
    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), "kalinga-migrate-"));
    });
    afterAll(() => rm(dataDir, { recursive: true, force: true }));

    // One fresh folder migrated from nothing: slow on a loaded machine, hence the room.
    test("told not to migrate, the server refuses a fresh folder; by default it migrates it at start", {
      timeout: 120_000,
    }, async () => {
      const told = { KALINGA_DATA_DIR: dataDir, KALINGA_MIGRATE_ON_START: "false" };
      await expect(readiness(told)).rejects.toThrow(
        /The database is behind this server: \d+ migration\(s\) not applied \(001_[\w-]+\.sql, .* more\)\. Run `npm run migrate`/,
      );
      expect(await readiness({ KALINGA_DATA_DIR: dataDir })).toBe(200);
      expect(await readiness(told)).toBe(200);
    });
  });
}

if (testDatabaseKind() === "postgres") {
  describe("PostgreSQL with an owner role and the server's role", () => {
    const roles = useTwoRoles("migrate");
    const { urls } = roles;

    const production = () => ({
      ...PRODUCTION_ENV,
      DATABASE_URL: urls.runtime,
      KALINGA_DATA_DIR: roles.dataDir,
    });
    const privilege = async (table: string, right: string) => {
      const { rows } = await roles.admin.query<{ may: boolean }>(
        "SELECT has_table_privilege($1, $2, $3) AS may",
        [roles.role, `${roles.schema}.${table}`, right],
      );
      return rows[0]?.may;
    };

    test("a production server refuses the unmigrated database; the command migrates as the owner and grants the server's role", async () => {
      await expect(readiness(production())).rejects.toThrow(/Run `npm run migrate`/);
      const tables = `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = '${roles.schema}'`;
      expect((await roles.admin.query<{ n: number }>(tables)).rows[0]?.n).toBe(0);

      const migrated = await migrateCommand({
        DATABASE_URL: urls.runtime,
        DATABASE_MIGRATION_URL: urls.owner,
        KALINGA_DATA_DIR: roles.dataDir,
      });
      expect(migrated.code, migrated.output).toBe(0);
      expect(migrated.output).toMatch(
        /Applied \d+ migration\(s\) to PostgreSQL \(DATABASE_URL\) as DATABASE_MIGRATION_URL's role: 001_/,
      );
      const { rows: owners } = await roles.admin.query<{ tableowner: string }>(
        "SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = $1",
        [roles.schema],
      );
      expect(owners.map((row) => row.tableowner)).toEqual([
        new URL(process.env.DATABASE_URL ?? "").username || "postgres",
      ]);
      expect(await privilege("claims", "INSERT")).toBe(true);
      expect(await privilege("staff_audit_log", "DELETE")).toBe(false);
      expect(await privilege("schema_migrations", "INSERT")).toBe(false);

      // The production server, as the runtime role that could not migrate, starts and is ready.
      expect(await readiness(production())).toBe(200);
    });

    test("one migration missing: the server names it and does not start", async () => {
      const { rows } = await roles.admin.query<{ name: string }>(
        `DELETE FROM ${roles.schema}.schema_migrations
         WHERE version = (SELECT max(version) FROM ${roles.schema}.schema_migrations) RETURNING name`,
      );
      const missing = rows[0]?.name ?? "";
      await expect(readiness(production())).rejects.toThrow(
        `The database is behind this server: 1 migration(s) not applied (${missing}).`,
      );
      await roles.admin.query(
        `INSERT INTO ${roles.schema}.schema_migrations (version, name) VALUES ($1, $2)`,
        [Number(missing.slice(0, 3)), missing],
      );
      const again = await migrateCommand({
        DATABASE_URL: urls.runtime,
        DATABASE_MIGRATION_URL: urls.owner,
        KALINGA_DATA_DIR: roles.dataDir,
      });
      expect(again.output).toContain("The database is up to date: PostgreSQL (DATABASE_URL).");
      expect(await readiness(production())).toBe(200);
    });
  });
}
