import { type PolicyRecord, policyRecordSchema } from "@kalinga/domain/policy-record";
import { parse } from "csv-parse/sync";
import type { Database } from "../db/database.ts";
import { type UpsertOutcome, upsertPolicy } from "./policy-repository.ts";

// Policy records in, from a CSV file (a header row of the record's field names) or a JSON array:
// every row is checked, the good ones are upserted in one transaction, and the bad ones are
// reported with their row number and the first problem of each field. Running it again changes
// nothing that did not change.

type RejectedRow = { row: number; errors: { field: string; message: string }[] };
export type ImportReport = {
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: RejectedRow[];
};

/** Rows of a CSV text as objects keyed by the header; numbered from 1 after the header. */
export function rowsOfCsv(text: string): Record<string, string>[] {
  return parse(text, { columns: true, skip_empty_lines: true, trim: true, bom: true }) as Record<
    string,
    string
  >[];
}

function checkRows(rows: readonly unknown[]): {
  good: PolicyRecord[];
  rejected: RejectedRow[];
} {
  const good: PolicyRecord[] = [];
  const rejected: RejectedRow[] = [];
  rows.forEach((row, index) => {
    const result = policyRecordSchema.safeParse(row);
    if (result.success) {
      good.push(result.data);
      return;
    }
    const seen = new Set<string>();
    const errors = result.error.issues
      .map((issue) => ({ field: issue.path.join(".") || "(row)", message: issue.message }))
      .filter((error) => !seen.has(error.field) && seen.add(error.field));
    rejected.push({ row: index + 1, errors });
  });
  return { good, rejected };
}

export async function importPolicies(
  db: Database,
  rows: readonly unknown[],
  now: Date,
): Promise<ImportReport> {
  const { good, rejected } = checkRows(rows);
  const counts: Record<UpsertOutcome, number> = { inserted: 0, updated: 0, unchanged: 0 };
  await db.transaction(async (tx) => {
    for (const record of good) counts[await upsertPolicy(tx, record, now)]++;
  });
  return { ...counts, rejected };
}
