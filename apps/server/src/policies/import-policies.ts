import { readFile } from "node:fs/promises";
import path from "node:path";
import { runCommand, withServerDatabase } from "../db/database-command.ts";
import { importPolicies, rowsOfCsv } from "./policy-import.ts";

// Imports the insurer's policy records into the database the server's environment names
// (docs/server.md, "Policy records"):
//   npm run import-policies -- policies.csv      (a header row of the record's field names)
//   npm run import-policies -- policies.json     (an array of records)
// Good rows are upserted, bad rows are listed with their row number; the exit code is 1 when any
// row was refused. With the embedded database, stop the server first.

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file || process.argv.length > 3) {
    console.error("Usage: npm run import-policies -- <file.csv | file.json>");
    return 2;
  }
  const text = await readFile(file, "utf8");
  let rows: unknown[];
  try {
    rows =
      path.extname(file).toLowerCase() === ".json"
        ? (JSON.parse(text) as unknown[])
        : rowsOfCsv(text);
    if (!Array.isArray(rows)) throw new Error("not an array");
  } catch (error) {
    console.error(`${file} cannot be read: ${error instanceof Error ? error.message : "unknown"}`);
    return 2;
  }
  return withServerDatabase(async (db, config) => {
    const report = await importPolicies(db, rows, config.now());
    console.log(
      `${rows.length} rows: ${report.inserted} added, ${report.updated} updated, ${report.unchanged} unchanged, ${report.rejected.length} refused.`,
    );
    for (const { row, errors } of report.rejected) {
      console.log(`row ${row}: ${errors.map((e) => `${e.field}: ${e.message}`).join("; ")}`);
    }
    return report.rejected.length > 0 ? 1 : 0;
  });
}

runCommand(main);
