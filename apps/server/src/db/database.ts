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
