import { expect, test } from "vitest";
import { useServerTest } from "./support/server-test.ts";
import { dataTables } from "./support/test-database.ts";

// reset() empties whatever tables the migrations made, so a new migration's table cannot carry one
// test's rows into the next without anyone remembering to list it.

const server = useServerTest({ app: false, clock: false });

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await dataTables(server.db)) {
    const { rows } = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${table}"`,
    );
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

test("reset empties every table, one a later migration adds included, and keeps the migrations' record", async () => {
  expect(await dataTables(server.db)).toContain("claims");
  await server.db.query("CREATE TABLE later_migration_table (id int PRIMARY KEY)");
  await server.db.query("INSERT INTO later_migration_table VALUES (1), (2)");
  await server.db.query(
    `INSERT INTO rate_limit_hits (bucket, window_start, hits) VALUES ('test', now(), 1)`,
  );
  expect((await rowCounts()).later_migration_table).toBe(2);

  await server.database.reset();

  const counts = await rowCounts();
  expect(Object.keys(counts)).toContain("later_migration_table");
  expect(Object.entries(counts).filter(([, count]) => count > 0)).toEqual([]);
  const { rows } = await server.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM schema_migrations",
  );
  expect(Number(rows[0]?.n)).toBeGreaterThan(0);
});
