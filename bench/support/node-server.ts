import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { findFreePort, stopChild, waitUntilHealthy } from "../../scripts/server-process.ts";

export const repoRoot = path.resolve(import.meta.dirname, "..", "..");

export type RunningServer = {
  baseUrl: string;
  port: number;
  /** The server's own process (node runs the script directly), for reading its memory. */
  pid: number;
  stop: () => Promise<void>;
};

/** The API key benchmarks send; production refuses keys shorter than 16 characters. */
export const benchApiKey = "kalinga-bench-api-key";
export const benchInsurerKey = "kalinga-bench-insurer-key-0123456789abcdef";
/** One documents key for the whole run: a server restarted on the same data reads what it stored. */
const benchDocumentKeys = `bench:${randomBytes(32).toString("base64")}`;

/**
 * The demo companies with the benchmark's key as their widget key (a company refuses keys it does
 * not name); written once per benchmark process. A PostgreSQL database is seeded from it only when
 * its companies table is empty.
 */
let benchCompaniesFile: string | undefined;
function companiesFileForBenchKey(): string {
  if (benchCompaniesFile) return benchCompaniesFile;
  const demo = JSON.parse(
    readFileSync(path.join(repoRoot, "apps", "server", "config", "companies.demo.json"), "utf8"),
  ) as { widgetApiKeyIds?: Record<string, string> }[];
  const keyId = `key-${createHash("sha256").update(benchApiKey).digest("hex").slice(0, 6)}`;
  const companies = demo.map((company) => ({
    ...company,
    widgetApiKeyIds: Object.fromEntries(
      Object.keys(company.widgetApiKeyIds ?? {}).map((environment) => [environment, keyId]),
    ),
  }));
  const file = path.join(mkdtempSync(path.join(tmpdir(), "kalinga-bench-companies-")), "c.json");
  writeFileSync(file, JSON.stringify(companies));
  benchCompaniesFile = file;
  return file;
}

/**
 * The benchmarks' KALINGA_SECRET, made once per checkout and kept in bench/results (git-ignored):
 * with DATABASE_URL every benchmark's server shares one database, which refuses a server with
 * another secret than the one it first saw (decision 0101).
 */
function benchSecret(): string {
  const file = path.join(repoRoot, "bench", "results", "bench-secret");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}

/**
 * Environment for the Kalinga server as deployed (NODE_ENV=production, its required key, secret and
 * real providers). The SMS gateway and mail server are addresses nothing listens on: the benchmarks
 * that use it send neither. KALINGA_BENCH_NODE_ENV=development measures the development settings.
 */
export function kalingaServerEnv(): Record<string, string> {
  const mode = process.env.KALINGA_BENCH_NODE_ENV ?? "production";
  return {
    NODE_ENV: mode,
    KALINGA_API_KEYS: benchApiKey,
    KALINGA_INSURER_KEYS: benchInsurerKey,
    KALINGA_SECRET: benchSecret(),
    KALINGA_DOCUMENT_KEYS: benchDocumentKeys,
    KALINGA_COMPANIES_FILE: companiesFileForBenchKey(),
    // Each benchmark's database is its own and fresh: its server migrates it, no separate command.
    KALINGA_MIGRATE_ON_START: "true",
    SMS_PROVIDER: "http",
    SMS_HTTP_URL: "http://127.0.0.1:9/sms",
    SMS_HTTP_TOKEN: "bench-sms-token",
    EMAIL_PROVIDER: "smtp",
    EMAIL_FROM: "Kalinga Claims <claims@kalinga.invalid>",
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: "9",
    // Every benchmark request comes from 127.0.0.1; the limit is still checked on each call.
    CLAIM_START_ADDRESS_LIMIT: "1000000",
  };
}

/**
 * Environment for the demo as `npm start` runs it (KALINGA_DEMO=true: demo pages, outbox providers),
 * for the benchmarks that load a demo page or read a code; production refuses the demo mode.
 */
export function kalingaDemoServerEnv(): Record<string, string> {
  return {
    KALINGA_DEMO: "true",
    KALINGA_API_KEYS: benchApiKey,
    KALINGA_SECRET: benchSecret(),
    CLAIM_START_ADDRESS_LIMIT: "1000000",
  };
}

/**
 * Starts a Node script of the repository (same node as this process) with PORT and a fresh
 * KALINGA_DATA_DIR, waits until GET /healthz answers 200, and returns how to reach and stop it.
 * DATABASE_URL is passed on only when `keepDatabaseUrl` is set, so PGlite is the default.
 */
export async function startNodeServer(
  script: string,
  options: {
    env?: Record<string, string>;
    keepDatabaseUrl?: boolean;
    label?: string;
    /** A data folder made (and seeded) beforehand; removed with the server. */
    dataDir?: string;
    /** The log file's name in bench/results, for several servers of one script; the script's by default. */
    logName?: string;
  } = {},
): Promise<RunningServer> {
  const port = await findFreePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "kalinga-bench-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    KALINGA_DATA_DIR: dataDir,
    ...options.env,
  };
  if (!options.keepDatabaseUrl) delete env.DATABASE_URL;
  const label = options.label ?? path.basename(script);
  // The server writes to a file, not to a pipe this process would have to drain while it measures.
  const logDir = path.join(repoRoot, "bench", "results");
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `${options.logName ?? path.basename(script, ".ts")}.log`);
  const log = openSync(logFile, "w");
  const child = spawn(process.execPath, [script], {
    cwd: repoRoot,
    env,
    stdio: ["ignore", log, log],
  });
  closeSync(log);

  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const logEnd = () =>
    `${label}; ${path.relative(repoRoot, logFile)} ends:\n${readFileSync(logFile, "utf8").slice(-5_000)}`;
  try {
    await waitUntilHealthy(baseUrl, child, { timeoutMs: 60_000, describe: logEnd });
  } catch (error) {
    await stop();
    throw error;
  }
  if (child.pid === undefined) throw new Error(`${label} has no process id`);
  return { baseUrl, port, pid: child.pid, stop };
}
