/**
 * Browser journeys in Debian's Chromium against the real server (`npx playwright test -c e2e/playwright.config.ts`).
 *
 * Three servers start from the repository root with the node running Playwright, each on a free
 * port, on embedded PGlite in a fresh temporary folder (DATABASE_URL removed), NODE_ENV=test and
 * KALINGA_DEMO=true (the outbox readers and demo pages), with large
 * per-address limits because every journey comes from 127.0.0.1:
 * - the main one (baseURL), with the product's OTP timings;
 * - a fast one (KALINGA_E2E_FAST_URL for the tests), whose codes live 3 s and whose resend wait is
 *   1 s, so expiry and running out of sends happen in real time, whose claims may upload 2
 *   files per window, so the upload limit is met in a few steps, and whose addresses start 20
 *   claims per window before a proof-of-work challenge is asked;
 * - the whole-server journeys' own (KALINGA_E2E_WHOLE_URL, the whole-server project's baseURL), whose
 *   notice and companies those journeys change while the other projects run, and whose documents
 *   live in a bucket of a local S3-compatible server (s3rver, a fourth process, on
 *   KALINGA_E2E_S3_PORT, its objects in KALINGA_E2E_S3_DIR).
 * Env: CHROMIUM_PATH (default /usr/bin/chromium), KALINGA_E2E_PORT / KALINGA_E2E_FAST_PORT /
 * KALINGA_E2E_WHOLE_PORT (default: free ports), KALINGA_E2E_HOST_PORT (the cross-origin journey's
 * portal page, allowed by the main server's KALINGA_ALLOWED_ORIGINS; default: a free port),
 * KALINGA_E2E_NOTICE_FILE (the whole-server journeys' notice file, set by this file),
 * KALINGA_E2E_JSON (JSON report, default test-results/playwright.json at the repository root).
 */
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { bucketAt } from "../scripts/s3rver-bucket.ts";

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
// The server of the journeys that change what all its pages show (its notice, its companies).
if (process.env.KALINGA_E2E_WHOLE_PORT === undefined) {
  let wholePort = await findFreePort(18083);
  const taken = [
    process.env.KALINGA_E2E_PORT,
    process.env.KALINGA_E2E_FAST_PORT,
    process.env.KALINGA_E2E_HOST_PORT,
  ];
  while (taken.includes(String(wholePort))) wholePort = await findFreePort(0);
  process.env.KALINGA_E2E_WHOLE_PORT = String(wholePort);
}
// The local S3-compatible server (s3rver) that keeps the whole-server journeys' documents.
if (process.env.KALINGA_E2E_S3_PORT === undefined) {
  let s3Port = await findFreePort(0);
  const taken = [
    process.env.KALINGA_E2E_PORT,
    process.env.KALINGA_E2E_FAST_PORT,
    process.env.KALINGA_E2E_HOST_PORT,
    process.env.KALINGA_E2E_WHOLE_PORT,
  ];
  while (taken.includes(String(s3Port))) s3Port = await findFreePort(0);
  process.env.KALINGA_E2E_S3_PORT = String(s3Port);
}
const port = Number(process.env.KALINGA_E2E_PORT);
const wholePort = Number(process.env.KALINGA_E2E_WHOLE_PORT);
const wholeURL = `http://127.0.0.1:${wholePort}`;
process.env.KALINGA_E2E_WHOLE_URL = wholeURL;
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
const wholeDataDir = freshDataDir("KALINGA_E2E_WHOLE_DATA_DIR", wholePort);
const s3Port = Number(process.env.KALINGA_E2E_S3_PORT);
/** The S3 server's folder: each bucket is a folder in it (read by the bucket journey). */
const s3Dir = freshDataDir("KALINGA_E2E_S3_DIR", s3Port);
// The whole-server journeys' notice file, re-read on every call: the notice journey rewrites it. It
// starts as the shipped one (its window long past), once per run.
const noticeFile = process.env.KALINGA_E2E_NOTICE_FILE ?? `${wholeDataDir}-notice.json`;
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

/** The whole-server journeys' server keeps its documents in this bucket (decision 0098). */
export const E2E_BUCKET = "kalinga-documents";
const s3StoreEnv = bucketAt(`http://127.0.0.1:${s3Port}`, E2E_BUCKET).env;

/** The console's first administrator, made by the documented command before the main server starts. */
export const CONSOLE_ADMIN = {
  email: "ana.reyes@kalinga-life.example",
  name: "Ana Reyes",
  password: "e2e-administrator-password",
};

/** The whole-server journeys' server has an administrator of its own, with a key of its own. */
export const WHOLE_SERVER_ADMIN = {
  email: "jose.cruz@kalinga-life.example",
  name: "Jose Cruz",
  password: "e2e-whole-server-administrator",
};

/**
 * The documented command that makes a server's first administrator (its password in the server's
 * KALINGA_ADMIN_PASSWORD) before the server starts. A data folder kept from an earlier run has the
 * administrator already: the server starts anyway.
 */
const createAdministrator = (admin: typeof CONSOLE_ADMIN) =>
  `env -u DATABASE_URL "${process.execPath}" apps/server/src/console/create-administrator.ts --email ${admin.email} --name "${admin.name}"; `;

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
 * Journeys that change what every widget page of their server shows (its notice, its companies):
 * they run on a server of their own, one at a time, beside the other projects (decision 0095).
 */
const WHOLE_SERVER = [
  "journeys/notice-every-channel.spec.ts",
  "journeys/notice-scheduled.spec.ts",
  "console/companies.spec.ts",
  "journeys/second-insurer.spec.ts",
  "journeys/documents-in-bucket.spec.ts",
];
/**
 * The filing steps' journeys: the phone-filing project. The filing steps' shorter journeys (long
 * input, step focus, content down) run in the phone project, so that the two chains of projects
 * (whole-server, phone-filing, desktop | console, phone) take about as long as each other.
 */
const FILING_JOURNEYS = [
  "smoke.spec.ts",
  "journeys/file-a-claim.spec.ts",
  "journeys/file-a-claim-in-filipino.spec.ts",
  "journeys/death-claim-in-filipino.spec.ts",
  "journeys/claim-steps.spec.ts",
  "journeys/claim-documents.spec.ts",
  "journeys/names-and-guardian.spec.ts",
  "journeys/payout-ewallet.spec.ts",
  "journeys/neurological-exam.spec.ts",
  "journeys/start-form-messages.spec.ts",
  "journeys/start-form-keyboard.spec.ts",
  "journeys/claim-guide.spec.ts",
];

/** The journey whose insurer's portal page listens on KALINGA_E2E_HOST_PORT: desktop only. */
const CROSS_ORIGIN_JOURNEY = "journeys/portal-cross-origin.spec.ts";

/** The journeys that also run at 1280 px (decision 0095); every other runs on the phone only. */
const DESKTOP_JOURNEYS = [
  "smoke.spec.ts",
  "journeys/file-a-claim.spec.ts",
  "journeys/claim-documents.spec.ts",
  "journeys/start-form-keyboard.spec.ts",
  "journeys/widget-behaviour.spec.ts",
  "journeys/widget-loader.spec.ts",
  "journeys/photo-preview-and-portal.spec.ts",
  "journeys/portal-channels.spec.ts",
  "journeys/portal-cross-origin.spec.ts",
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
  // Two at a time, one per project at most: journeys of two projects run side by side, while the
  // files of one project, which share its accounts and limits, never do.
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
    // The journeys save the screens worth looking at themselves (saveScreenshot); a picture at the
    // end of every test and a screencast in every trace cost both cores' time on every run (0095).
    screenshot: "only-on-failure",
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: true },
  },
  projects: [
    {
      // First: its notice journey mostly waits for the screens' 30 s polls, beside the others' work.
      name: "whole-server",
      testMatch: WHOLE_SERVER,
      workers: 1,
      use: { ...DESKTOP, baseURL: wholeURL },
    },
    {
      // The claims-staff console is for an office screen and a tablet, not a phone. Second: its
      // sign-ins wait for fresh authenticator steps, best beside the phone journeys' work.
      name: "console",
      testMatch: "console/**/*.spec.ts",
      testIgnore: WHOLE_SERVER,
      workers: 1,
      use: DESKTOP,
    },
    {
      // The steps of filing, at 375 px: a project of their own, so that two phone journeys run at
      // once, one of each project (0095).
      name: "phone-filing",
      testMatch: FILING_JOURNEYS,
      workers: 1,
      use: PHONE,
    },
    {
      // Every other widget journey at 375 px: start and one-time PINs, limits, sessions, portals,
      // tracking and what follows the submit. The fast server's journeys are all here, one at a time.
      name: "phone",
      // The cross-origin portal journey runs at the desk only: its insurer's page listens on the one
      // port the main server allows, which a phone run of it at the same time found taken.
      testIgnore: ["console/**", ...WHOLE_SERVER, ...FILING_JOURNEYS, CROSS_ORIGIN_JOURNEY],
      workers: 1,
      use: PHONE,
    },
    {
      // At 1280 px, the journeys whose screens are laid out differently on a wide screen or that
      // insurers' staff and agents use at a desk: the rest are the same steps and rules (0095).
      name: "desktop",
      workers: 1,
      testMatch: DESKTOP_JOURNEYS,
      use: DESKTOP,
    },
  ],
  webServer: [
    {
      name: "S3-compatible bucket",
      command: `"${process.execPath}" node_modules/s3rver/bin/s3rver.js -d "${s3Dir}" -a 127.0.0.1 -p ${s3Port} --silent --configure-bucket ${E2E_BUCKET}`,
      cwd: repoRoot,
      port: s3Port,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe" as const,
      stderr: "pipe" as const,
      gracefulShutdown: { signal: "SIGTERM" as const, timeout: 5_000 },
    },
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
      },
      createAdministrator(CONSOLE_ADMIN),
    ),
    kalingaServer(
      "Kalinga whole-server journeys",
      wholePort,
      wholeDataDir,
      {
        KALINGA_ADMIN_PASSWORD: WHOLE_SERVER_ADMIN.password,
        KALINGA_NOTICE_FILE: noticeFile,
        ...s3StoreEnv,
      },
      createAdministrator(WHOLE_SERVER_ADMIN),
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
