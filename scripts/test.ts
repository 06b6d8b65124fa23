/**
 * Runs every check of Kalinga in order and stops at the first failing stage: typecheck, lint, unit and
 * server tests (Vitest), widget build, one claim filed through the production-like set-up
 * (scripts/production-like.ts), browser journeys (Playwright). Run with `npm test`
 * (= `node scripts/test.ts`, Node >= 22.18). Reports go to test-results/.
 *
 * The very last line of output is `N passed, N failed`: Vitest and Playwright test cases, where a
 * skipped or unfinished test counts as failed, and a stage that failed without a failing test case of
 * its own (typecheck, lint, build, a runner that crashed) counts as one failure. Exit code 0 only
 * when nothing failed and at least one test passed.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const repoRoot = path.resolve(import.meta.dirname, "..");
const resultsDir = path.join(repoRoot, "test-results");
const vitestJson = path.join(resultsDir, "vitest.json");
const playwrightJson = path.join(resultsDir, "playwright.json");

type StageKind = "plain" | "vitest" | "playwright";
type Stage = {
  name: string;
  command: string;
  args: string[];
  kind: StageKind;
  timeoutMinutes: number;
};
type Counts = { passed: number; failed: number; skipped: number };
type StageOutcome = {
  stage: Stage;
  status: "passed" | "failed" | "not run";
  durationMs: number;
  exitCode: number | null;
  // Test cases; plain stages have none.
  counts?: Counts;
  // Failures that are not test cases: a failed plain stage or a crashed runner.
  stageFailures: number;
  notes: string[];
  failedTests: string[];
};

const stages: Stage[] = [
  {
    name: "typecheck",
    command: "npm",
    args: ["run", "typecheck"],
    kind: "plain",
    timeoutMinutes: 10,
  },
  { name: "lint", command: "npm", args: ["run", "lint"], kind: "plain", timeoutMinutes: 5 },
  {
    name: "unit and server tests",
    command: "npx",
    args: [
      "vitest",
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${path.relative(repoRoot, vitestJson)}`,
    ],
    kind: "vitest",
    // 2,000 tests took 10 to 22 minutes on 2-core machines of the same kind: room for the slower.
    timeoutMinutes: 35,
  },
  {
    name: "widget build",
    command: "npm",
    args: ["run", "build"],
    kind: "plain",
    timeoutMinutes: 10,
  },
  {
    // One claim through the set-up of deploy/compose.yaml without containers: PostgreSQL with two
    // roles on 127.0.0.1:5432, an S3 store, npm run migrate, the server in production mode.
    name: "production-like claim",
    command: "node",
    args: ["scripts/production-like.ts"],
    kind: "plain",
    timeoutMinutes: 5,
  },
  {
    name: "browser journeys",
    command: "npx",
    args: ["playwright", "test", "-c", "e2e/playwright.config.ts"],
    kind: "playwright",
    // 157 journeys took 21 minutes on one 2-core machine and were heading for 45 on another of the
    // same kind: the limit stops a hung run, not a slow one, inside CI's 90.
    timeoutMinutes: 50,
  },
];

// Children run with the same node as this script, whatever node the machine puts first on PATH.
const childEnv: NodeJS.ProcessEnv = {
  ...process.env,
  PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`,
  KALINGA_E2E_JSON: playwrightJson,
};

let runningChild: ChildProcess | undefined;
let interruptedBy: NodeJS.Signals | undefined;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    interruptedBy = signal;
    killGroup(runningChild, "SIGTERM");
  });
}

const startedAt = Date.now();
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });
mkdirSync(resultsDir, { recursive: true });

const outcomes: StageOutcome[] = [];
let stopped = false;
for (const stage of stages) {
  if (stopped || interruptedBy) {
    outcomes.push({
      stage,
      status: "not run",
      durationMs: 0,
      exitCode: null,
      stageFailures: 0,
      notes: [],
      failedTests: [],
    });
    continue;
  }
  const outcome = await runStage(stage);
  outcomes.push(outcome);
  if (outcome.status === "failed") stopped = true;
}
printSummary(outcomes);

async function runStage(stage: Stage): Promise<StageOutcome> {
  const commandLine = [stage.command, ...stage.args].join(" ");
  process.stdout.write(`\n━━━ ${stage.name}: ${commandLine}\n`);
  const stageStartedAt = Date.now();
  const { exitCode, timedOut } = await runCommand(stage);
  const durationMs = Date.now() - stageStartedAt;

  const notes: string[] = [];
  if (timedOut) notes.push(`stopped after the ${stage.timeoutMinutes}-minute limit`);
  if (interruptedBy) notes.push(`interrupted by ${interruptedBy}`);
  let counts: Counts | undefined;
  let failedTests: string[] = [];
  if (stage.kind === "vitest") ({ counts, failedTests } = readVitestReport(vitestJson, notes));
  if (stage.kind === "playwright") {
    ({ counts, failedTests } = readPlaywrightReport(playwrightJson, notes));
  }

  const caseFailures = counts ? counts.failed + counts.skipped : 0;
  const ok = exitCode === 0 && !timedOut && !interruptedBy && caseFailures === 0;
  // A failed stage with no failing test case to show for it still counts once.
  const stageFailures = !ok && caseFailures === 0 ? 1 : 0;
  if (exitCode !== 0 && exitCode !== null) notes.push(`exit code ${exitCode}`);
  if (counts && counts.skipped > 0) notes.push("skipped tests count as failures");
  return {
    stage,
    status: ok ? "passed" : "failed",
    durationMs,
    exitCode,
    counts,
    stageFailures,
    notes,
    failedTests,
  };
}

function runCommand(stage: Stage): Promise<{ exitCode: number; timedOut: boolean }> {
  return new Promise((resolve) => {
    // Own process group, so a timeout also stops what the stage started (e.g. the e2e server).
    const child = spawn(stage.command, stage.args, {
      cwd: repoRoot,
      env: childEnv,
      stdio: ["ignore", "inherit", "inherit"],
      detached: true,
    });
    runningChild = child;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      process.stdout.write(`\n${stage.name}: over ${stage.timeoutMinutes} minutes, stopping it\n`);
      killGroup(child, "SIGTERM");
      setTimeout(() => killGroup(child, "SIGKILL"), 10_000).unref();
    }, stage.timeoutMinutes * 60_000);
    const finish = (exitCode: number) => {
      clearTimeout(timer);
      runningChild = undefined;
      resolve({ exitCode, timedOut });
    };
    child.on("error", (error) => {
      process.stdout.write(`${stage.name}: could not start ${stage.command}: ${error.message}\n`);
      finish(127);
    });
    child.on("close", (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

function killGroup(child: ChildProcess | undefined, signal: NodeJS.Signals): void {
  if (child?.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

function readJson(file: string, notes: string[]): unknown {
  if (!existsSync(file)) {
    notes.push(`no report at ${path.relative(repoRoot, file)}`);
    return undefined;
  }
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    notes.push(`unreadable report ${path.relative(repoRoot, file)}: ${String(error)}`);
    return undefined;
  }
}

function numberAt(value: unknown, key: string): number {
  const field = isRecord(value) ? value[key] : undefined;
  return typeof field === "number" ? field : 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function arrayAt(value: unknown, key: string): unknown[] {
  const field = isRecord(value) ? value[key] : undefined;
  return Array.isArray(field) ? field : [];
}

function stringAt(value: unknown, key: string): string {
  const field = isRecord(value) ? value[key] : undefined;
  return typeof field === "string" ? field : "";
}

// Vitest's JSON report (Jest-compatible): totals plus one entry per test file.
function readVitestReport(
  file: string,
  notes: string[],
): { counts?: Counts; failedTests: string[] } {
  const report = readJson(file, notes);
  if (report === undefined) return { failedTests: [] };
  const failedTests: string[] = [];
  let brokenFiles = 0;
  for (const testFile of arrayAt(report, "testResults")) {
    const fileName = path.relative(repoRoot, stringAt(testFile, "name"));
    const cases = arrayAt(testFile, "assertionResults");
    for (const testCase of cases) {
      const status = stringAt(testCase, "status");
      if (status !== "passed")
        failedTests.push(`${fileName} › ${stringAt(testCase, "fullName")} (${status})`);
    }
    // A file that failed to load or whose hooks threw has no failing case of its own.
    const hasFailedCase = cases.some((testCase) => stringAt(testCase, "status") === "failed");
    if (stringAt(testFile, "status") === "failed" && !hasFailedCase) {
      brokenFiles += 1;
      const message = stringAt(testFile, "message").split("\n")[0] ?? "";
      failedTests.push(`${fileName} (file failed: ${message})`);
    }
  }
  if (brokenFiles > 0) notes.push(`${brokenFiles} test file(s) failed outside any test`);
  return {
    counts: {
      passed: numberAt(report, "numPassedTests"),
      failed: numberAt(report, "numFailedTests") + brokenFiles,
      skipped: numberAt(report, "numPendingTests") + numberAt(report, "numTodoTests"),
    },
    failedTests,
  };
}

// Playwright's JSON report: stats plus nested suites → specs → one test per project.
function readPlaywrightReport(
  file: string,
  notes: string[],
): { counts?: Counts; failedTests: string[] } {
  const report = readJson(file, notes);
  if (report === undefined) return { failedTests: [] };
  const stats = isRecord(report) ? report.stats : undefined;
  const failedTests: string[] = [];
  const walk = (suite: unknown) => {
    for (const spec of arrayAt(suite, "specs")) {
      for (const test of arrayAt(spec, "tests")) {
        const status = stringAt(test, "status");
        if (status !== "expected") {
          failedTests.push(
            `[${stringAt(test, "projectName")}] ${stringAt(spec, "file")} › ${stringAt(spec, "title")} (${status})`,
          );
        }
      }
    }
    for (const child of arrayAt(suite, "suites")) walk(child);
  };
  for (const suite of arrayAt(report, "suites")) walk(suite);
  const errors = arrayAt(report, "errors");
  if (errors.length > 0) {
    notes.push(`${errors.length} error(s) outside tests, first: ${firstLine(errors[0])}`);
  }
  return {
    counts: {
      passed: numberAt(stats, "expected"),
      failed: numberAt(stats, "unexpected") + numberAt(stats, "flaky"),
      skipped: numberAt(stats, "skipped"),
    },
    failedTests,
  };
}

function firstLine(error: unknown): string {
  const message = stringAt(error, "message") || JSON.stringify(error);
  return message.split("\n")[0] ?? "";
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function printSummary(results: StageOutcome[]): void {
  const lines: string[] = ["", "━━━ summary"];
  const nameWidth = Math.max(...results.map((result) => result.stage.name.length));
  let passed = 0;
  let failed = 0;
  for (const result of results) {
    const counts = result.counts;
    if (counts) {
      passed += counts.passed;
      failed += counts.failed + counts.skipped;
    }
    failed += result.stageFailures;
    const figures = counts
      ? `  ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`
      : "";
    const duration = result.status === "not run" ? "" : seconds(result.durationMs).padStart(9);
    lines.push(
      `${result.stage.name.padEnd(nameWidth)}  ${result.status.padEnd(7)}${duration}${figures}`,
    );
    for (const note of result.notes) lines.push(`${" ".repeat(nameWidth + 2)}- ${note}`);
    const shown = result.failedTests.slice(0, 30);
    for (const name of shown) lines.push(`${" ".repeat(nameWidth + 2)}✘ ${name}`);
    if (result.failedTests.length > shown.length) {
      lines.push(
        `${" ".repeat(nameWidth + 2)}… and ${result.failedTests.length - shown.length} more`,
      );
    }
  }
  const sinceCi = Number(process.env.CI_RUN_STARTED_AT);
  const ciNote =
    Number.isFinite(sinceCi) && sinceCi > 0
      ? ` (${seconds(Date.now() - sinceCi * 1000)} since .ci/run started)`
      : "";
  lines.push(`total ${seconds(Date.now() - startedAt)}${ciNote}`);
  if (passed === 0 && failed === 0) lines.push("no test ran");
  lines.push(`${passed} passed, ${failed} failed`);
  process.stdout.write(`${lines.join("\n")}\n`);
  process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
}
