import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { SYSTEM_ERROR } from "@kalinga/domain/messages";
import { describe, expect, test } from "vitest";
import { buildApp } from "../src/app.ts";
import { migrate, migrationsApplied, readMigrations } from "../src/db/migrate.ts";
import { useServerTest } from "./support/server-test.ts";
import {
  basicInformation,
  callClaim,
  latestCode,
  requestCode,
  startClaim,
  TestClock,
  testApp,
  testConfig,
  validateCode,
} from "./support/test-app.ts";
import { openTestDatabase } from "./support/test-database.ts";

// Each test starts and restarts its own apps on the file's database.
const server = useServerTest({ app: false });

describe("restart", () => {
  test("a code sent before a restart validates after it", async () => {
    const clock = new TestClock();
    const config = testConfig({}, { now: clock.now });
    const before = await testApp(server.db, config);
    const claim = await startClaim(before);
    expect((await requestCode(before, claim)).statusCode).toBe(200);
    const code = await latestCode(before);
    await before.close();

    const db = await server.database.reopen();
    const after = await testApp(db, config);
    try {
      const response = await validateCode(after, claim, code);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ returnCode: "0" });
    } finally {
      await after.close();
    }
  });

  test("without KALINGA_SECRET the generated development secret is kept in the data folder", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "kalinga-secret-"));
    try {
      const config = testConfig({}, { secret: null, dataDir });
      const before = await testApp(server.db, config);
      const claim = await startClaim(before);
      await requestCode(before, claim);
      const code = await latestCode(before);
      await before.close();
      const kept = await readFile(path.join(dataDir, "secret.key"), "utf8");
      expect(kept.trim().length).toBeGreaterThanOrEqual(32);

      const after = await testApp(await server.database.reopen(), config);
      try {
        expect((await validateCode(after, claim, code)).statusCode).toBe(200);
      } finally {
        await after.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe("migrations and readiness", () => {
  // Every migration applied from nothing, twice over: room for a loaded machine.
  test("two servers migrating at once apply each file once", { timeout: 90_000 }, async () => {
    const fresh = await openTestDatabase({ migrate: false });
    try {
      const [first, second] = await Promise.all([migrate(fresh.db), migrate(fresh.db)]);
      const all = await readMigrations();
      expect([...(first ?? []), ...(second ?? [])].sort()).toEqual(all.map((m) => m.name).sort());
      const { rows } = await fresh.db.query<{ version: number }>(
        "SELECT version FROM schema_migrations",
      );
      expect(rows.map((row) => Number(row.version))).toEqual(all.map((m) => m.version));
      expect(await migrate(fresh.db)).toEqual([]);
      expect(await migrationsApplied(fresh.db, all)).toBe(true);
      expect(
        await migrationsApplied(fresh.db, [
          ...all,
          { version: 999, name: "999_later.sql", sql: "" },
        ]),
      ).toBe(false);
    } finally {
      await fresh.close();
    }
  });

  test("/healthz answers while the process runs; /readyz only while the database answers", async () => {
    const fresh = await openTestDatabase();
    const lines: string[] = [];
    const app = await buildApp(testConfig({ LOG_LEVEL: "info" }), {
      database: fresh.db,
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      expect((await app.inject({ method: "GET", url: "/healthz" })).json()).toEqual({
        status: "ok",
      });
      const ready = await app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: "ready" });

      await fresh.db.close();
      const down = await app.inject({ method: "GET", url: "/readyz" });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: "database unavailable" });
      expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);

      // A failure inside the server answers 500 with the system error, and logs it with the request id.
      const failed = await callClaim(app, "initClaimRequest", { basicInformation });
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({ returnCode: "500", message: SYSTEM_ERROR });
      const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const entry = logged.find((line) => line.msg === "request failed");
      expect(entry?.reqId).toBe(failed.headers["x-request-id"]);
      expect(entry?.level).toBe(50);
      expect((entry?.err as { stack?: string } | undefined)?.stack).toBeTruthy();
    } finally {
      await app.close();
      await fresh.reopen();
      await fresh.close();
    }
  });
});
