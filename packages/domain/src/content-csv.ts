import { overrideProblems } from "./content-versions.ts";
import { type CsvValue, csvText } from "./csv.ts";
import type { Catalogue } from "./localized-texts.ts";

// The widget's words as CSV for translators (decision 0090): one row per key, columns key, English,
// then each locale's text side by side. An import is all or nothing: any refused row refuses it.
// The server reads the file's fields (csv-parse, as the policy import does); these rules read its rows.

export type CsvLocale = { locale: string; texts: Catalogue };

/** The file: the heading row, then every key with its English and each locale's words. */
export function contentCsv(english: Catalogue, locales: readonly CsvLocale[]): string {
  const rows: CsvValue[][] = [["key", "English", ...locales.map((l) => l.locale)]];
  for (const [key, text] of Object.entries(english).sort(([a], [b]) => a.localeCompare(b)))
    rows.push([key, text, ...locales.map((l) => l.texts[key] ?? "")]);
  return csvText(rows);
}

/** The export's formula guard undone: a cell it wrote as '=… is read as =…. */
const unguarded = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

export type CsvImportProblem = {
  row: number;
  column: string;
  key: string;
  problem: "heading" | "unknown" | "slots" | "spec-worded" | "too-long" | "locale";
};

/**
 * The drafts' changes an import makes, per locale, from the file's rows of fields: each non-empty
 * cell that differs from what the locale serves now. Refused with every problem, by row number (the
 * heading is row 1).
 */
export function readContentRows(
  english: Catalogue,
  fileRows: readonly (readonly string[])[],
  current: readonly CsvLocale[],
): { changes: Record<string, Record<string, string>> } | { problems: CsvImportProblem[] } {
  const [heading = [], ...rows] = fileRows;
  const locales = heading.slice(2);
  const known = new Map(current.map((l) => [l.locale, l.texts]));
  const problems: CsvImportProblem[] = [];
  if (heading[0] !== "key" || heading[1] !== "English")
    return { problems: [{ row: 1, column: "key", key: "", problem: "heading" }] };
  for (const locale of locales)
    if (!known.has(locale)) problems.push({ row: 1, column: locale, key: "", problem: "locale" });
  const changes: Record<string, Record<string, string>> = {};
  rows.forEach((cells, index) => {
    const key = cells[0] ?? "";
    if (cells.every((cell) => cell === "")) return;
    if (!Object.hasOwn(english, key)) {
      problems.push({ row: index + 2, column: "key", key, problem: "unknown" });
      return;
    }
    locales.forEach((locale, i) => {
      const cell = unguarded(cells[i + 2] ?? "");
      if (cell.trim() === "" || known.get(locale)?.[key] === cell) return;
      const found = overrideProblems(english, locale, { [key]: cell })[0];
      if (found && found.problem !== "empty" && found.problem !== "unknown")
        problems.push({ row: index + 2, column: locale, key, problem: found.problem });
      else changes[locale] = { ...changes[locale], [key]: cell };
    });
  });
  return problems.length > 0 ? { problems } : { changes };
}
