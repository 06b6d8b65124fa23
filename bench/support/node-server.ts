import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

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
    KALINGA_SECRET: randomBytes(32).toString("hex"),
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
    KALINGA_SECRET: randomBytes(32).toString("hex"),
    CLAIM_START_ADDRESS_LIMIT: "1000000",
  };
}

/** A port nothing listens on right now, chosen by the system. */
function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
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
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok && child.pid !== undefined) return { baseUrl, port, pid: child.pid, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  const output = readFileSync(logFile, "utf8").slice(-5_000);
  throw new Error(
    `${label} did not answer ${baseUrl}/healthz (exit code ${child.exitCode}); ${path.relative(repoRoot, logFile)} ends:\n${output}`,
  );
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
