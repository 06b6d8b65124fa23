/**
 * Browser journeys in Debian's Chromium against the real server (`npx playwright test -c e2e/playwright.config.ts`).
 *
 * Two servers start from the repository root with the node running Playwright, each on a free port,
 * on embedded PGlite in a fresh temporary folder (DATABASE_URL removed), NODE_ENV=test and
 * KALINGA_DEMO=true (the outbox readers and demo pages), with large
 * per-address limits because every journey comes from 127.0.0.1:
 * - the main one (baseURL), with the product's OTP timings;
 * - a fast one (KALINGA_E2E_FAST_URL for the tests), whose codes live 3 s and whose resend wait is
 *   1 s, so expiry and running out of sends happen in real time, whose claims may upload 2
 *   files per window, so the upload limit is met in a few steps, and whose addresses start 20
 *   claims per window before a proof-of-work challenge is asked.
 * Env: CHROMIUM_PATH (default /usr/bin/chromium), KALINGA_E2E_PORT / KALINGA_E2E_FAST_PORT (default:
 * free ports), KALINGA_E2E_HOST_PORT (the cross-origin journey's portal page, allowed by the main
 * server's KALINGA_ALLOWED_ORIGINS; default: a free port), KALINGA_E2E_NOTICE_FILE (the main server's
 * notice file, set by this file), KALINGA_E2E_JSON (JSON report, default test-results/playwright.json at the repository root).
 */
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const repoRoot = path.resolve(import.meta.dirname, "..");

// Playwright loads this file again in each worker; the first load chooses ports and data folders
// and hands them to the workers through the environment so every process agrees.
if (process.env.KALINGA_E2E_PORT === undefined) {
  process.env.KALINGA_E2E_PORT = String(await findFreePort(18080));
}
if (process.env.KALINGA_E2E_FAST_PORT === undefined) {
  let fast = await findFreePort(18081);
  while (String(fast) === process.env.KALINGA_E2E_PORT) fast = await findFreePort(0);
  process.env.KALINGA_E2E_FAST_PORT = String(fast);
}
// The insurer's portal of the cross-origin journey: another origin, which the main server allows.
if (process.env.KALINGA_E2E_HOST_PORT === undefined) {
  let hostPort = await findFreePort(18082);
  const taken = [process.env.KALINGA_E2E_PORT, process.env.KALINGA_E2E_FAST_PORT];
  while (taken.includes(String(hostPort))) hostPort = await findFreePort(0);
  process.env.KALINGA_E2E_HOST_PORT = String(hostPort);
}
const port = Number(process.env.KALINGA_E2E_PORT);
const fastPort = Number(process.env.KALINGA_E2E_FAST_PORT);
const hostOrigin = `http://127.0.0.1:${process.env.KALINGA_E2E_HOST_PORT}`;
const baseURL = `http://127.0.0.1:${port}`;
const fastURL = `http://127.0.0.1:${fastPort}`;
process.env.KALINGA_E2E_FAST_URL = fastURL;

/** A fresh data folder per server, emptied once per run (not again in workers). */
function freshDataDir(envName: string, serverPort: number): string {
  const existing = process.env[envName];
  if (existing !== undefined) return existing;
  const dataDir = path.join(tmpdir(), `kalinga-e2e-data-${serverPort}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  process.env[envName] = dataDir;
  return dataDir;
}
const dataDir = freshDataDir("KALINGA_E2E_DATA_DIR", port);
const fastDataDir = freshDataDir("KALINGA_E2E_FAST_DATA_DIR", fastPort);
// The main server's notice file, re-read on every call: the notice journey rewrites it. It starts
// as the shipped one (its window long past), once per run.
const noticeFile = process.env.KALINGA_E2E_NOTICE_FILE ?? `${dataDir}-notice.json`;
if (process.env.KALINGA_E2E_NOTICE_FILE === undefined) {
  copyFileSync(path.join(repoRoot, "apps/server/content/notice.json"), noticeFile);
  process.env.KALINGA_E2E_NOTICE_FILE = noticeFile;
}

// Journeys are not about throttling (the server tests are); one address runs them all.
const journeyLimits = {
  OTP_SEND_ADDRESS_LIMIT: "100000",
  CLAIM_START_ADDRESS_LIMIT: "100000",
  FAILED_TOKEN_ADDRESS_LIMIT: "100000",
  OTP_MOBILE_DAILY_LIMIT: "1000",
};

/** The console's first administrator, made by the documented command before the main server starts. */
export const CONSOLE_ADMIN = {
  email: "ana.reyes@kalinga-life.example",
  name: "Ana Reyes",
  password: "e2e-administrator-password",
};

function kalingaServer(
  name: string,
  serverPort: number,
  serverDataDir: string,
  env: Record<string, string> = {},
  before = "",
) {
  return {
    name,
    // `env -u` so a DATABASE_URL exported for the server tests does not send the app to PostgreSQL.
    command: `${before}env -u DATABASE_URL "${process.execPath}" apps/server/src/main.ts`,
    cwd: repoRoot,
    url: `http://127.0.0.1:${serverPort}/healthz`,
    env: {
      PORT: String(serverPort),
      KALINGA_DATA_DIR: serverDataDir,
      NODE_ENV: "test",
      // The journeys read codes, e-mails and claims from /api/dev/*, served only in demo mode.
      KALINGA_DEMO: "true",
      ...journeyLimits,
      ...env,
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 5_000 },
  };
}

/**
 * Journeys that change what every widget page of the main server shows (its notice, a company's
 * colours): they run last, one at a time, when every other journey is done.
 */
const WHOLE_SERVER = [
  "journeys/notice-every-channel.spec.ts",
  "journeys/notice-scheduled.spec.ts",
  "console/companies.spec.ts",
  "journeys/second-insurer.spec.ts",
];
const DESKTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };

const PHONE = {
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};

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
  // Two at a time, one per project at most: the phone and desktop journeys (and the console's) run
  // side by side, while the files of one project, which share its accounts and limits, never do.
  workers: 2,
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
      testIgnore: ["console/**", ...WHOLE_SERVER],
      workers: 1,
      use: PHONE,
    },
    {
      name: "desktop",
      // Following a claim is a phone journey: it runs at 375 px only.
      workers: 1,
      testIgnore: [
        "console/**",
        ...WHOLE_SERVER,
        "journeys/claim-tracking*.spec.ts",
        "journeys/after-the-submit.spec.ts",
      ],
      use: DESKTOP,
    },
    {
      // The claims-staff console is for an office screen and a tablet, not a phone.
      name: "console",
      testMatch: "console/**/*.spec.ts",
      testIgnore: WHOLE_SERVER,
      workers: 1,
      use: DESKTOP,
    },
    {
      name: "whole-server",
      testMatch: WHOLE_SERVER,
      dependencies: ["phone", "desktop", "console"],
      workers: 1,
      use: DESKTOP,
    },
  ],
  webServer: [
    kalingaServer(
      "Kalinga",
      port,
      dataDir,
      {
        KALINGA_ADMIN_PASSWORD: CONSOLE_ADMIN.password,
        // Status messages link to the first company's demo claims pages, as an insurer's would.
        KALINGA_STATUS_PAGE_URL: `${baseURL}/help-support/claims`,
        // The portal page the cross-origin journey serves from another port embeds this server.
        KALINGA_ALLOWED_ORIGINS: hostOrigin,
        KALINGA_NOTICE_FILE: noticeFile,
      },
      // A data folder kept from an earlier run has the administrator already: the server starts anyway.
      `env -u DATABASE_URL "${process.execPath}" apps/server/src/console/create-administrator.ts --email ${CONSOLE_ADMIN.email} --name "${CONSOLE_ADMIN.name}"; `,
    ),
    kalingaServer("Kalinga fast OTP", fastPort, fastDataDir, {
      OTP_TTL_SECONDS: "3",
      OTP_RESEND_WAIT_SECONDS: "1",
      DOCUMENT_UPLOAD_CLAIM_LIMIT: "2",
      // The proof-of-work journey names its own client address through X-Forwarded-For and spends
      // that address's 20 free starts first; the journeys from 127.0.0.1 stay below 20.
      KALINGA_TRUSTED_PROXIES: "loopback",
      CLAIM_START_ADDRESS_LIMIT: "20",
    }),
  ],
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
