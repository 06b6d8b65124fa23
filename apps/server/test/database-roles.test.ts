import type { FastifyInstance } from "fastify";
import pg from "pg";
import { describe, expect, test } from "vitest";
import { buildApp } from "../src/app.ts";
import { ConfigError } from "../src/config/config-values.ts";
import { loadConfig } from "../src/config.ts";
import { readAuditLog } from "../src/console/audit-log.ts";
import { createStaffAccounts } from "../src/console/staff-accounts.ts";
import { auditLogOverreach, prepareDatabase } from "../src/db/database-roles.ts";
import { readMigrations } from "../src/db/migrate.ts";
import { openPostgresDatabase } from "../src/db/postgres-database.ts";
import { submittedClaim } from "./support/claimant.ts";
import { exited, startServer } from "./support/server-process.ts";
import { API_KEY, basicInformation, PRODUCTION_ENV, testConfig } from "./support/test-app.ts";
import { testDatabaseKind } from "./support/test-database.ts";
import { useTwoRoles } from "./support/two-roles.ts";

// The audit log's rights on PostgreSQL (decision 0065): the owner role of DATABASE_MIGRATION_URL
// migrates and grants; the server's role of DATABASE_URL reads and writes the claims but may only
// add to and read the audit log. PGlite has one role: only the settings' rules are checked there.

test("DATABASE_MIGRATION_URL without DATABASE_URL is refused: the embedded database has one role", () => {
  expect(() =>
    loadConfig({ NODE_ENV: "test", DATABASE_MIGRATION_URL: "postgresql://owner@db/kalinga" }),
  ).toThrow(ConfigError);
  expect(() =>
    loadConfig({ NODE_ENV: "test", DATABASE_MIGRATION_URL: "postgresql://owner@db/kalinga" }),
  ).toThrow(/DATABASE_MIGRATION_URL needs DATABASE_URL/);
  const one = loadConfig({ NODE_ENV: "test", DATABASE_URL: "postgresql://app@db/kalinga" });
  expect(one.databaseMigrationUrl).toBeNull();
});

type PgError = Error & { code?: string };
async function refusal(client: pg.Client, sql: string): Promise<string | undefined> {
  try {
    await client.query(sql);
    return "allowed";
  } catch (error) {
    return (error as PgError).code;
  }
}

if (testDatabaseKind() === "postgres") {
  describe("two roles on PostgreSQL", () => {
    const roles = useTwoRoles("roles");

    async function app(env: Record<string, string>, lines: string[]): Promise<FastifyInstance> {
      const config = testConfig({
        KALINGA_DATA_DIR: roles.dataDir,
        LOG_LEVEL: "warn",
        ...env,
      });
      const built = await buildApp(config, { logStream: { write: (line) => lines.push(line) } });
      await built.ready();
      return built;
    }

    async function asRuntime<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
      const client = new pg.Client({ connectionString: roles.urls.runtime });
      await client.connect();
      try {
        return await fn(client);
      } finally {
        await client.end();
      }
    }

    test("the owner migrates, the server works as its own role, and that role may only add to and read the audit log", async () => {
      const lines: string[] = [];
      const server = await app(
        { DATABASE_URL: roles.urls.runtime, DATABASE_MIGRATION_URL: roles.urls.owner },
        lines,
      );
      try {
        // The tables belong to the owner role, not to the server's.
        const { rows: owners } = await roles.admin.query<{ tableowner: string }>(
          "SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = $1",
          [roles.schema],
        );
        const { rows: me } = await roles.admin.query<{ me: string }>("SELECT current_user AS me");
        expect(owners.map((row) => row.tableowner)).toEqual([me[0]?.me]);

        // A whole claim, documents and submit included, and the console's refused sign-in and a
        // right password (a session row), all as the server's role.
        await submittedClaim(server);
        expect((await server.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
        const runtimeDb = openPostgresDatabase({ connectionString: roles.urls.runtime, max: 1 });
        try {
          const accounts = createStaffAccounts(runtimeDb, {
            serverSecret: "s".repeat(40),
            issuer: "x",
          });
          await accounts.create(
            {
              email: "ana.reyes@insurer.example",
              name: "Ana Reyes",
              role: "administrator",
              password: "correct horse battery",
            },
            null,
            new Date(),
          );
          for (const password of ["not the password", "correct horse battery"]) {
            const signIn = await server.inject({
              method: "POST",
              url: "/console/api/sign-in",
              headers: { "content-type": "application/json" },
              payload: JSON.stringify({ email: "ana.reyes@insurer.example", password }),
            });
            expect(signIn.statusCode).toBe(password === "not the password" ? 401 : 200);
          }
          const logged = await readAuditLog(runtimeDb, {
            webReferenceNumber: null,
            before: null,
            limit: 10,
          });
          expect(logged.map((row) => row.action)).toContain("session.password-refused");
          expect(await auditLogOverreach(runtimeDb)).toEqual([]);
        } finally {
          await runtimeDb.close();
        }

        const refused = await asRuntime(async (client) => ({
          truncate: await refusal(client, "TRUNCATE staff_audit_log"),
          update: await refusal(client, "UPDATE staff_audit_log SET action = 'nothing happened'"),
          delete: await refusal(client, "DELETE FROM staff_audit_log"),
          alter: await refusal(client, "ALTER TABLE staff_audit_log DISABLE TRIGGER ALL"),
          drop: await refusal(client, "DROP TABLE staff_audit_log"),
          migrationsRecord: await refusal(client, "DELETE FROM schema_migrations"),
          newTable: await refusal(client, "CREATE TABLE intruder (id int)"),
        }));
        // 42501: insufficient privilege ("must be owner" for ALTER and DROP).
        expect(refused).toEqual({
          truncate: "42501",
          update: "42501",
          delete: "42501",
          alter: "42501",
          drop: "42501",
          migrationsRecord: "42501",
          newTable: "42501",
        });
        const { rows: kept } = await roles.admin.query<{ n: number }>(
          // The retention job's daily row (decision 0111) aside: the one sign-in row is kept.
          `SELECT count(*)::int AS n FROM ${roles.schema}.staff_audit_log WHERE action NOT LIKE 'retention.%'`,
        );
        expect(kept[0]?.n).toBe(1);
        // Roles apart: no warning about the audit log.
        expect(lines.join("\n")).not.toContain("can change the audit log");
      } finally {
        await server.close();
      }
    });

    test("with one URL the server still runs, and in production it warns that its role can change the audit log", async () => {
      const owner = openPostgresDatabase({ connectionString: roles.urls.owner, max: 1 });
      try {
        expect(await auditLogOverreach(owner)).toEqual(["ALTER", "DELETE", "TRUNCATE", "UPDATE"]);
      } finally {
        await owner.close();
      }
      const lines: string[] = [];
      const server = await app({ ...PRODUCTION_ENV, DATABASE_URL: roles.urls.owner }, lines);
      try {
        expect((await server.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
        const warning = lines
          .map((line) => JSON.parse(line) as { msg?: string; privileges?: string[] })
          .find((line) => line.msg?.includes("can change the audit log"));
        expect(warning?.privileges).toEqual(["ALTER", "DELETE", "TRUNCATE", "UPDATE"]);
      } finally {
        await server.close();
      }
    });

    test("main.ts started with both URLs serves claims as the runtime role", async () => {
      const running = await startServer({
        DATABASE_URL: roles.urls.runtime,
        DATABASE_MIGRATION_URL: roles.urls.owner,
        KALINGA_DATA_DIR: roles.dataDir,
      });
      try {
        expect((await fetch(`${running.baseUrl}/readyz`)).status).toBe(200);
        const init = await fetch(`${running.baseUrl}/api/claims/initClaimRequest`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-api-key": API_KEY },
          body: JSON.stringify({ basicInformation }),
        });
        expect(init.status).toBe(200);
      } finally {
        running.child.kill("SIGTERM");
        expect(await exited(running.child)).toBe(0);
      }
    });

    test("a migration URL naming another database stops the start with a message naming both", async () => {
      const elsewhere = new URL(roles.urls.owner);
      elsewhere.pathname = "/postgres";
      await expect(
        app({ DATABASE_URL: roles.urls.runtime, DATABASE_MIGRATION_URL: elsewhere.toString() }, []),
      ).rejects.toThrow(/must name the same database/);
    });

    test("a table a later migration adds is the server role's to use at the next start", async () => {
      const runtimeDb = openPostgresDatabase({ connectionString: roles.urls.runtime, max: 1 });
      try {
        const later = [
          ...(await readMigrations()),
          { version: 998, name: "998_later.sql", sql: "CREATE TABLE later_things (id int);" },
        ];
        await prepareDatabase(runtimeDb, { databaseMigrationUrl: roles.urls.owner }, later);
        await runtimeDb.query("INSERT INTO later_things VALUES (1)");
        const { rows } = await runtimeDb.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM later_things",
        );
        expect(rows[0]?.n).toBe(1);
        expect(await auditLogOverreach(runtimeDb)).toEqual([]);
      } finally {
        await runtimeDb.close();
      }
    });
  });
}
