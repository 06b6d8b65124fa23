import type { CompanyConfig } from "@kalinga/domain/company-config";
import type { Queryable } from "../db/database.ts";

// The companies table (migration 023): each company's configuration as JSON, its version and who
// changed it last. The rows are checked as a set by the caller before they are written.

export type CompanyRow = {
  config: unknown;
  version: number;
  updatedAt: Date;
  updatedBy: string;
};

export async function readCompanyRows(q: Queryable): Promise<CompanyRow[]> {
  const { rows } = await q.query<{
    config: unknown;
    version: number;
    updated_at: Date;
    updated_by: string;
  }>("SELECT config, version, updated_at, updated_by FROM companies ORDER BY id");
  return rows.map((row) => ({
    config: row.config,
    version: Number(row.version),
    updatedAt: new Date(row.updated_at),
    updatedBy: row.updated_by,
  }));
}

/** The configuration claims filed under this company name follow (names are unique, case apart). */
export async function findCompanyConfig(q: Queryable, companyName: string): Promise<unknown> {
  const { rows } = await q.query<{ config: unknown }>(
    "SELECT config FROM companies WHERE lower(config->>'companyName') = lower($1) LIMIT 1",
    [companyName],
  );
  return rows[0]?.config ?? null;
}

/** The seed's companies, when the table is empty; two servers starting together add them once. */
export async function seedCompanies(
  q: Queryable,
  companies: readonly CompanyConfig[],
  now: Date,
): Promise<boolean> {
  const { rows } = await q.query<{ count: string | number }>(
    "SELECT count(*) AS count FROM companies",
  );
  if (Number(rows[0]?.count ?? 0) > 0) return false;
  for (const company of companies) {
    await q.query(
      `INSERT INTO companies (id, config, version, updated_at, updated_by)
       VALUES ($1, $2::jsonb, 1, $3, 'seed') ON CONFLICT (id) DO NOTHING`,
      [company.id, JSON.stringify(company), now],
    );
  }
  return true;
}

/**
 * Writes one company: a new one when `version` is null, else the row of that version only. False
 * when the row changed since it was read (or a new id is taken).
 */
export async function writeCompany(
  q: Queryable,
  company: CompanyConfig,
  change: { version: number | null; by: string; now: Date },
): Promise<boolean> {
  const json = JSON.stringify(company);
  const { rowCount } =
    change.version === null
      ? await q.query(
          `INSERT INTO companies (id, config, version, updated_at, updated_by)
           VALUES ($1, $2::jsonb, 1, $3, $4) ON CONFLICT (id) DO NOTHING`,
          [company.id, json, change.now, change.by],
        )
      : await q.query(
          `UPDATE companies SET config = $2::jsonb, version = version + 1, updated_at = $3,
             updated_by = $4 WHERE id = $1 AND version = $5`,
          [company.id, json, change.now, change.by, change.version],
        );
  return rowCount === 1;
}
