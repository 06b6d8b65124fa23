import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import {
  type Database,
  type Queryable,
  type QueryResult,
  type Row,
  type Sql,
  sqlText,
} from "./database.ts";

// Embedded PostgreSQL in a folder; data survives restarts. One process opens a folder at a time.

function wrap(target: {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number }>;
}): Queryable {
  return {
    async query<T extends Row>(sql: Sql, params: unknown[] = []): Promise<QueryResult<T>> {
      // One connection in the process: PGlite keeps no named statements to gain from.
      const result = await target.query<T>(sqlText(sql), params);
      return { rows: result.rows, rowCount: result.affectedRows || result.rows.length };
    },
  };
}

export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  // pg_trgm: the trigram index of the console's name search (migration 028).
  const queryable = wrap(pglite);
  let closing: Promise<void> | null = null;
  return {
    kind: "pglite",
    query: queryable.query,
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    // Closing twice is harmless, so shutdown paths need not know who closed first.
    close: () => {
      closing ??= pglite.close();
      return closing;
    },
  };
}
