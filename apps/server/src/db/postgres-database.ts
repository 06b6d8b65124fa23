import pg from "pg";
import type { Database, QueryResult, Row, Sql } from "./database.ts";

// A pool against a real PostgreSQL; several servers can share it behind a load balancer.

export type PostgresOptions = {
  connectionString: string;
  /** Sets search_path on every connection (tests give each file its own schema). */
  schema?: string;
  max?: number;
};

function resultOf<T extends Row>(result: pg.QueryResult<T>): QueryResult<T> {
  return { rows: result.rows, rowCount: result.rowCount ?? 0 };
}

/** PostgreSQL's refusal of a prepared statement whose result's shape a migration changed. */
function isStalePlan(error: unknown): boolean {
  return (
    (error as { code?: string }).code === "0A000" &&
    /cached plan must not change result type/.test(String((error as Error).message))
  );
}

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
    sql: Sql,
    params: unknown[] = [],
  ): Promise<QueryResult<T>> => {
    if (typeof sql === "string") return resultOf(await pool.query<T>(sql, params));
    // A connection whose prepared plan a migration made stale is dropped, and the call made again.
    for (let attempt = 0; ; attempt++) {
      const client = await pool.connect();
      try {
        const result = await client.query<T>({ ...sql, values: params });
        client.release();
        return resultOf(result);
      } catch (error) {
        const stale = isStalePlan(error);
        client.release(stale);
        if (!stale || attempt >= (options.max ?? 10)) throw error;
      }
    }
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
          async query<T extends Row>(sql: Sql, params: unknown[] = []) {
            try {
              return resultOf(
                typeof sql === "string"
                  ? await client.query<T>(sql, params)
                  : await client.query<T>({ ...sql, values: params }),
              );
            } catch (error) {
              // Inside a transaction the call fails once; its connection is not reused.
              if (isStalePlan(error)) broken = true;
              throw error;
            }
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
