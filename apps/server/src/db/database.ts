// One query layer over embedded PGlite and a PostgreSQL pool, so every repository is written once
// in PostgreSQL's dialect and the same tests run on both.

export type Row = Record<string, unknown>;
export type QueryResult<T extends Row> = { rows: T[]; rowCount: number };

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The transaction's commit returns (and frees its row locks) without waiting for its WAL to reach
 * the disk. Only for a transaction a later synchronous commit always follows before anything is
 * acknowledged: flushing that commit flushes this one's, which is earlier in the same log.
 */
export async function commitWithoutWaitingForFlush(tx: Queryable): Promise<void> {
  await tx.query("SET LOCAL synchronous_commit TO off");
}
