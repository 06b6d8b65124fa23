import pg from "pg";
import type { Database, QueryResult, Row } from "./database.ts";

// A pool against a real PostgreSQL; several servers can share it behind a load balancer.

export type PostgresOptions = {
  connectionString: string;
  /** Sets search_path on every connection (tests give each file its own schema). */
  schema?: string;
  max?: number;
};

export function openPostgresDatabase(options: PostgresOptions): Database {
  if (options.schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(options.schema)) {
    throw new Error(`Not a plain schema name: ${options.schema}`);
  }
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle client that loses its connection must not take the process down.
  pool.on("error", () => {});

  const query = async <T extends Row>(
    sql: string,
    params: unknown[] = [],
  ): Promise<QueryResult<T>> => {
    const result = await pool.query<T>(sql, params);
    return { rows: result.rows, rowCount: result.rowCount ?? 0 };
  };

  let closing: Promise<void> | null = null;
  return {
    kind: "postgres",
    query,
    async transaction(fn) {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query("BEGIN");
        const result = await fn({
          async query<T extends Row>(sql: string, params: unknown[] = []) {
            const r = await client.query<T>(sql, params);
            return { rows: r.rows, rowCount: r.rowCount ?? 0 };
          },
        });
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {
          broken = true;
        });
        throw error;
      } finally {
        // A connection that cannot even roll back is dropped rather than reused.
        client.release(broken);
      }
    },
    // Closing twice is harmless, so shutdown paths need not know who closed first.
    close: () => {
      closing ??= pool.end();
      return closing;
    },
  };
}
