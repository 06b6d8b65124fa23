import { afterAll, beforeAll, expect, test } from "vitest";
import { dataTables, openTestDatabase, type TestDatabase } from "./support/test-database.ts";

// reset() empties whatever tables the migrations made, so a new migration's table cannot carry one
// test's rows into the next without anyone remembering to list it.

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await dataTables(database.db)) {
    const { rows } = await database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${table}"`,
    );
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

test("reset empties every table, one a later migration adds included, and keeps the migrations' record", async () => {
  expect(await dataTables(database.db)).toContain("claims");
  await database.db.query("CREATE TABLE later_migration_table (id int PRIMARY KEY)");
  await database.db.query("INSERT INTO later_migration_table VALUES (1), (2)");
  await database.db.query(
    `INSERT INTO rate_limit_hits (bucket, window_start, hits) VALUES ('test', now(), 1)`,
  );
  expect((await rowCounts()).later_migration_table).toBe(2);

  await database.reset();

  const counts = await rowCounts();
  expect(Object.keys(counts)).toContain("later_migration_table");
  expect(Object.entries(counts).filter(([, count]) => count > 0)).toEqual([]);
  const { rows } = await database.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM schema_migrations",
  );
  expect(Number(rows[0]?.n)).toBeGreaterThan(0);
});
