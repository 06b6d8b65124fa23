import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

// No source file over 400 lines (decision 0080): a longer file is split along a seam of what it
// does (a topic, a step), not cut anywhere. Every script and test file of the apps, the packages,
// the journeys, the scripts and the benchmarks counts; generated data (JSON, a file marked
// @generated at its top) and installed or built files do not. Reads the files; starts nothing.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const MAX_LINES = 400;
const ROOTS = ["apps", "packages", "e2e", "scripts", "bench"];
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
/** Folders of installed packages, builds, test output and stored data: nothing written by hand. */
const SKIPPED_FOLDERS = new Set(["node_modules", "dist", "data", "results", "test-results"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith(".")) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

/** Lines as an editor numbers them: a last line without its newline still counts. */
const lineCount = (text: string) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);

const isGenerated = (text: string) =>
  text.split("\n", 5).some((line) => line.includes("@generated"));

const files = ROOTS.flatMap((root) => sourceFiles(path.join(repoRoot, root))).map((file) =>
  path.relative(repoRoot, file).split(path.sep).join("/"),
);

describe("source file length", () => {
  test("the check reads every kind of source: app, server, test, journey, script, benchmark", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        "apps/web/src/file-length.test.ts",
        "apps/console/src/main.tsx",
        "apps/server/src/app.ts",
        "apps/server/test/claim-submit.test.ts",
        "packages/domain/src/console-calls.ts",
        "e2e/playwright.config.ts",
        "scripts/test.ts",
        "bench/bundle-size.bench.ts",
      ]),
    );
    expect(files.filter((file) => file.includes("node_modules/"))).toEqual([]);
  });

  test(`no source file is over ${MAX_LINES} lines`, () => {
    const over = files.flatMap((file) => {
      const text = readFileSync(path.join(repoRoot, file), "utf8");
      const lines = lineCount(text);
      return lines > MAX_LINES && !isGenerated(text) ? [`${file}: ${lines} lines`] : [];
    });
    expect(over, "split these along a seam (decision 0080)").toEqual([]);
  });

  test("lines count as an editor numbers them", () => {
    expect(lineCount("a\nb\n")).toBe(2);
    expect(lineCount("a\nb")).toBe(2);
    expect(lineCount(`${"x\n".repeat(MAX_LINES + 1)}`)).toBe(MAX_LINES + 1);
  });
});
