// The one CSV writer of every export (the agent's claims report, the console's queue): spreadsheet
// programs run a cell that starts with = + - @ as a formula, and Excel also after a leading TAB or
// CR, so each of those cells is written as text behind an apostrophe.

export type CsvValue = string | number | null;

/** Characters that make a spreadsheet read the cell as a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: formulas defused, then quoted when it holds a comma, quote or line break. */
export function csvField(value: CsvValue): string {
  const text = value === null ? "" : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A whole file: a byte-order mark and CRLF lines, what spreadsheet programs expect of names like Peña. */
export function csvText(rows: readonly (readonly CsvValue[])[]): string {
  return `\ufeff${rows.map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;
}
