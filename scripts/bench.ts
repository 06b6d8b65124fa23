/**
 * Runs the benchmarks in bench/*.bench.ts one after another and prints every figure against its
 * budget. `npm run bench` builds the widget first; `npm run bench -- --no-build` skips that;
 * `npm run bench -- api bundle` runs only the benchmarks whose file name contains one of the words.
 * Exit code 1 when a budget is missed or a benchmark fails to run. Figures are kept in bench/results/.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { type BenchFigure, printFigures } from "../bench/support/bench-figure.ts";

const repoRoot = path.resolve(import.meta.dirname, "..");
const benchDir = path.join(repoRoot, "bench");
const resultsDir = path.join(benchDir, "results");

const args = process.argv.slice(2);
const build = !args.includes("--no-build");
const filters = args.filter((arg) => !arg.startsWith("--"));
const benchFiles = readdirSync(benchDir)
  .filter((name) => name.endsWith(".bench.ts"))
  .filter((name) => filters.length === 0 || filters.some((word) => name.includes(word)))
  .sort();
if (benchFiles.length === 0) {
  process.stdout.write(`no benchmark matches ${filters.join(" ")}\n`);
  process.exit(1);
}

// Children run with the same node as this script.
const env = {
  ...process.env,
  PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`,
};

if (build) {
  process.stdout.write("━━━ npm run build\n");
  const built = spawnSync("npm", ["run", "build"], {
    cwd: repoRoot,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (built.status !== 0) {
    process.stdout.write("the widget build failed; no benchmark run\n");
    process.exit(1);
  }
}

type Section = { title: string; figures: BenchFigure[] };
const sections: Section[] = [];
for (const file of benchFiles) {
  const name = file.replace(/\.bench\.ts$/, "");
  const outFile = path.join(resultsDir, `${name}.json`);
  rmSync(outFile, { force: true });
  process.stdout.write(`\n━━━ ${file}\n`);
  const startedAt = Date.now();
  const run = spawnSync(process.execPath, [path.join("bench", file)], {
    cwd: repoRoot,
    env: { ...env, KALINGA_BENCH_OUT: outFile },
    stdio: ["ignore", "inherit", "inherit"],
    timeout: 15 * 60_000,
  });
  const tookSeconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  if (existsSync(outFile)) {
    const section = JSON.parse(readFileSync(outFile, "utf8")) as Section;
    sections.push({ title: `${section.title} — ${tookSeconds} s`, figures: section.figures });
  } else {
    const reason = run.error ? run.error.message : `exit code ${run.status ?? run.signal}`;
    sections.push({
      title: `${file} — ${tookSeconds} s`,
      figures: [
        {
          name: "benchmark ran",
          value: 0,
          unit: "",
          budget: { min: 1 },
          note: `it failed: ${reason}`,
        },
      ],
    });
  }
}

process.stdout.write("\n━━━ benchmark summary\n");
let allPass = true;
for (const section of sections) allPass = printFigures(section.title, section.figures) && allPass;
process.stdout.write(`\n${allPass ? "all budgets met" : "BUDGET MISSED"}\n`);
process.exitCode = allPass ? 0 : 1;
