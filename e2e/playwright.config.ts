/**
 * Browser journeys in Debian's Chromium against the real server (`npx playwright test -c e2e/playwright.config.ts`).
 *
 * The server is started from the repository root with the node running Playwright, on a free port,
 * on embedded PGlite in a fresh temporary folder (DATABASE_URL removed), NODE_ENV=test.
 * Env: CHROMIUM_PATH (default /usr/bin/chromium), KALINGA_E2E_PORT (default: a free port),
 * KALINGA_E2E_JSON (JSON report path, default test-results/playwright.json at the repository root).
 */
import { mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const repoRoot = path.resolve(import.meta.dirname, "..");

// Playwright loads this file again in each worker; the first load chooses the port and data folder
// and hands them to the workers through the environment so every process agrees.
if (process.env.KALINGA_E2E_PORT === undefined) {
  process.env.KALINGA_E2E_PORT = String(await findFreePort(18080));
}
const port = Number(process.env.KALINGA_E2E_PORT);
if (process.env.KALINGA_E2E_DATA_DIR === undefined) {
  const dataDir = path.join(tmpdir(), `kalinga-e2e-data-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  process.env.KALINGA_E2E_DATA_DIR = dataDir;
}
const dataDir = process.env.KALINGA_E2E_DATA_DIR;
const baseURL = `http://127.0.0.1:${port}`;

const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  outputDir: path.join(repoRoot, "test-results", "e2e"),
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ["list"],
    [
      "json",
      {
        outputFile:
          process.env.KALINGA_E2E_JSON ?? path.join(repoRoot, "test-results", "playwright.json"),
      },
    ],
  ],
  use: {
    baseURL,
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: chromiumArgs,
    },
    locale: "en-PH",
    timezoneId: "Asia/Manila",
    screenshot: "on",
    trace: "retain-on-failure",
  },
  projects: [
    {
      name: "phone",
      use: {
        viewport: { width: 375, height: 812 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      },
    },
    {
      name: "desktop",
      use: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
    },
  ],
  webServer: {
    // `env -u` so a DATABASE_URL exported for the server tests does not send the app to PostgreSQL.
    command: `env -u DATABASE_URL "${process.execPath}" apps/server/src/main.ts`,
    cwd: repoRoot,
    url: `${baseURL}/healthz`,
    env: {
      PORT: String(port),
      KALINGA_DATA_DIR: dataDir,
      NODE_ENV: "test",
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
  },
});

// The preferred port when it is free, else one the system picks.
async function findFreePort(preferred: number): Promise<number> {
  const tryListen = (candidate: number) =>
    new Promise<number | undefined>((resolve) => {
      const probe = createServer();
      probe.once("error", () => resolve(undefined));
      probe.listen(candidate, "127.0.0.1", () => {
        const address = probe.address();
        const chosen = typeof address === "object" && address !== null ? address.port : undefined;
        probe.close(() => resolve(chosen));
      });
    });
  return (await tryListen(preferred)) ?? (await tryListen(0)) ?? preferred;
}
