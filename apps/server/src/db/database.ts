// One query layer over embedded PGlite and a PostgreSQL pool, so every repository is written once
// in PostgreSQL's dialect and the same tests run on both.

import { createHash } from "node:crypto";

export type Row = Record<string, unknown>;
export type QueryResult<T extends Row> = { rows: T[]; rowCount: number };

/**
 * A statement of fixed text that PostgreSQL parses and plans once per connection (decision 0113):
 * for the statements every claim call sends, whose planning cost as much as their writes.
 */
export type PreparedStatement = { readonly name: string; readonly text: string };

/** SQL text, or a prepared statement; only fixed texts may be prepared (each is kept per connection). */
export type Sql = string | PreparedStatement;

/**
 * A fixed statement under a name that says what it does (traces show it), made unique by a hash
 * of its text: two texts never share a name, even across versions of the same statement.
 */
export function preparedStatement(name: string, text: string): PreparedStatement {
  return { name: `${name}-${createHash("sha256").update(text).digest("hex").slice(0, 12)}`, text };
}

export function sqlText(sql: Sql): string {
  return typeof sql === "string" ? sql : sql.text;
}

export interface Queryable {
  query<T extends Row = Row>(sql: Sql, params?: unknown[]): Promise<QueryResult<T>>;
}

export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
