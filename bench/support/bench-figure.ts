import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/** One measured figure; with a budget it passes or fails, without one it is information. */
export type BenchFigure = {
  name: string;
  value: number;
  unit: string;
  budget?: { max?: number; min?: number };
  note?: string;
};

function meetsBudget(figure: BenchFigure): boolean | undefined {
  const { budget } = figure;
  if (budget === undefined) return undefined;
  if (!Number.isFinite(figure.value)) return false;
  if (budget.max !== undefined && figure.value > budget.max) return false;
  if (budget.min !== undefined && figure.value < budget.min) return false;
  return true;
}

function formatValue(value: number, unit: string): string {
  if (!Number.isFinite(value)) return "—";
  if (unit === "KB") return `${value.toFixed(1)} KB`;
  if (unit === "ms") return value < 10 ? `${value.toFixed(2)} ms` : `${Math.round(value)} ms`;
  if (unit === "" || unit === "score")
    return Number.isInteger(value) ? String(value) : value.toFixed(3);
  return `${Number.isInteger(value) ? value : value.toFixed(2)} ${unit}`;
}

function formatBudget(figure: BenchFigure): string {
  const { budget } = figure;
  if (budget === undefined) return "";
  const parts: string[] = [];
  if (budget.min !== undefined) parts.push(`≥ ${formatValue(budget.min, figure.unit)}`);
  if (budget.max !== undefined) parts.push(`≤ ${formatValue(budget.max, figure.unit)}`);
  return parts.join(" and ");
}

/** Prints a figure table; returns false when a budget is missed. */
export function printFigures(title: string, figures: BenchFigure[]): boolean {
  const rows = figures.map((figure) => {
    const verdict = meetsBudget(figure);
    return [
      figure.name,
      formatValue(figure.value, figure.unit),
      formatBudget(figure),
      verdict === undefined ? "" : verdict ? "PASS" : "FAIL",
      figure.note ?? "",
    ];
  });
  const header = ["figure", "value", "budget", "", "note"];
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 1 ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join("  ")
      .trimEnd();
  process.stdout.write(`\n${title}\n${line(header)}\n${rows.map(line).join("\n")}\n`);
  return figures.every((figure) => meetsBudget(figure) !== false);
}

/**
 * Runs one benchmark as a script: prints its table, writes its figures as JSON to
 * KALINGA_BENCH_OUT when scripts/bench.ts asks for them, exits 1 on a missed budget or an error.
 */
export async function runBench(
  title: string,
  measure: () => Promise<BenchFigure[]>,
): Promise<void> {
  let figures: BenchFigure[];
  try {
    figures = await measure();
  } catch (error) {
    process.stderr.write(
      `${title}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
    return;
  }
  const outFile = process.env.KALINGA_BENCH_OUT;
  if (outFile) {
    mkdirSync(path.dirname(outFile), { recursive: true });
    writeFileSync(outFile, JSON.stringify({ title, figures }, null, 2));
  }
  const ok = printFigures(title, figures);
  process.exitCode = ok ? 0 : 1;
}
