/**
 * Kalinga as deploy/compose.yaml runs it, without containers: a fresh PostgreSQL database with an
 * owner role and a runtime role, an S3-compatible store (s3rver) in a process of its own, stand-ins
 * for the SMS gateway and the mail server, `npm run migrate` as the owner role, then the server in
 * production mode as the runtime role. It files one claim over HTTP as the widget does (start, the
 * one-time PIN read from the gateway's stand-in, an upload in each mandatory slot, the submit) and
 * checks the claim's row, its documents in the bucket and none on disk, and the acknowledgment by
 * SMS and by e-mail. Exit code 0 when all holds, 1 otherwise; everything started is stopped and the
 * database and its roles dropped. Run with `node scripts/production-like.ts` (`npm test` runs it
 * after the widget build).
 *
 * KALINGA_PRODUCTION_LIKE_ADMIN_URL: a PostgreSQL role that may create databases and roles
 * (default postgres://postgres@127.0.0.1:5432/postgres); KALINGA_PRODUCTION_LIKE_DATABASE: the
 * database's name (default kalinga_production_like_<random>; its roles are <name>_owner and _app).
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { accidentPayload } from "@kalinga/domain/fixtures/claim-fixtures";
import sharp from "sharp";
import { apiKeyId } from "../apps/server/src/http/api-key-auth.ts";
import { fileClaim } from "./production-like/claimant.ts";
import {
  createDatabase,
  exitCode,
  type Gateway,
  type MailServer,
  startMailServer,
  startProcess,
  startSmsGateway,
} from "./production-like/services.ts";
import { bucketAt } from "./s3rver-bucket.ts";
import { findFreePort, stopChild, waitUntilHealthy } from "./server-process.ts";

const repoRoot = path.resolve(import.meta.dirname, "..");
const BUCKET = "kalinga-documents";
const API_KEY = `production-like-${randomBytes(12).toString("hex")}`;
const MOBILE = "9171234567";

/**
 * The server's settings, as a deployment sets them: a setting the server comes to need is added
 * here (and to deploy/compose.yaml).
 */
function kalingaEnv(services: {
  databaseUrl: string;
  dataDir: string;
  companiesFile: string;
  port: number;
  bucketEnv: Record<string, string>;
  sms: Gateway;
  mail: MailServer;
}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(services.port),
    LOG_LEVEL: "warn",
    DATABASE_URL: services.databaseUrl,
    KALINGA_DATA_DIR: services.dataDir,
    KALINGA_COMPANIES_FILE: services.companiesFile,
    KALINGA_SECRET: randomBytes(32).toString("hex"),
    KALINGA_API_KEYS: API_KEY,
    KALINGA_INSURER_KEYS: randomBytes(24).toString("hex"),
    // The documents' key-encryption key, as a secret manager would hand it over (decision 0099).
    KALINGA_DOCUMENT_KEYS: `run:${randomBytes(32).toString("base64")}`,
    ...services.bucketEnv,
    SMS_PROVIDER: "http",
    SMS_HTTP_URL: services.sms.url,
    SMS_HTTP_TOKEN: services.sms.token,
    EMAIL_PROVIDER: "smtp",
    EMAIL_FROM: "Kalinga Life Claims <claims@kalinga-life.example>",
    SMTP_URL: services.mail.url,
    // The mail server's stand-in speaks plain SMTP on the loopback; a real one is asked for TLS.
    SMTP_REQUIRE_TLS: "false",
    NOTIFICATION_POLL_MS: "250",
  };
}

/** The demo's companies as a deployment's own file: each names the deployment's widget key. */
async function companiesFile(dataDir: string): Promise<string> {
  const demo = path.join(repoRoot, "apps/server/config/companies.demo.json");
  const companies = JSON.parse(await readFile(demo, "utf8")) as Record<string, unknown>[];
  const id = apiKeyId(API_KEY);
  const own = companies.map((company) => ({
    ...company,
    widgetApiKeyIds: { DEV: id, SIT: id, UAT: id, PROD: id },
  }));
  const file = path.join(dataDir, "companies.json");
  await writeFile(file, JSON.stringify(own));
  return file;
}

type Cleanup = { name: string; run: () => Promise<unknown> };
const cleanups: Cleanup[] = [];
const step = (message: string) => process.stdout.write(`production-like: ${message}\n`);

async function startS3(): Promise<ReturnType<typeof bucketAt>> {
  const directory = await mkdtemp(path.join(tmpdir(), "kalinga-production-like-s3-"));
  cleanups.push({ name: "the bucket's folder", run: () => rm(directory, { recursive: true }) });
  const port = await findFreePort();
  const s3 = startProcess(
    process.execPath,
    [
      path.join(repoRoot, "node_modules/s3rver/bin/s3rver.js"),
      ...["-d", directory, "-a", "127.0.0.1", "-p", String(port), "--silent"],
      ...["--configure-bucket", BUCKET],
    ],
    { PATH: process.env.PATH ?? "" },
  );
  cleanups.push({ name: "the S3 store", run: () => stopChild(s3.child) });
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if ((await fetch(endpoint).catch(() => null)) !== null) break;
    if (s3.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`The S3 store did not start:\n${s3.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return bucketAt(endpoint, BUCKET);
}

/** Polls `check` until it answers true or the time runs out. */
async function eventually(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function main(): Promise<void> {
  const adminUrl =
    process.env.KALINGA_PRODUCTION_LIKE_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name =
    process.env.KALINGA_PRODUCTION_LIKE_DATABASE ??
    `kalinga_production_like_${randomBytes(4).toString("hex")}`;
  const database = await createDatabase(adminUrl, name).catch((error: unknown) => {
    const where = new URL(adminUrl);
    where.password = "";
    throw new Error(
      `No database could be made with ${where} (${error instanceof Error ? error.message : error}): the run needs a PostgreSQL role that may create databases and roles, named by KALINGA_PRODUCTION_LIKE_ADMIN_URL.`,
    );
  });
  cleanups.push({ name: "the database and its roles", run: () => database.drop() });
  step(`database ${name} with roles ${name}_owner and ${name}_app`);
  const bucket = await startS3();
  const sms = await startSmsGateway();
  cleanups.push({ name: "the SMS gateway", run: () => sms.close() });
  const mail = await startMailServer();
  cleanups.push({ name: "the mail server", run: () => mail.close() });
  const dataDir = await mkdtemp(path.join(tmpdir(), "kalinga-production-like-data-"));
  cleanups.push({ name: "the data folder", run: () => rm(dataDir, { recursive: true }) });
  const configDir = await mkdtemp(path.join(tmpdir(), "kalinga-production-like-config-"));
  cleanups.push({
    name: "the configuration folder",
    run: () => rm(configDir, { recursive: true }),
  });
  const port = await findFreePort();
  const env = kalingaEnv({
    databaseUrl: database.runtimeUrl,
    dataDir,
    companiesFile: await companiesFile(configDir),
    port,
    bucketEnv: bucket.env,
    sms,
    mail,
  });

  const migrate = startProcess(
    process.execPath,
    [path.join(repoRoot, "apps/server/src/db/migrate-command.ts")],
    { ...env, DATABASE_MIGRATION_URL: database.ownerUrl },
  );
  const migrated = await exitCode(migrate.child);
  if (migrated !== 0)
    throw new Error(`npm run migrate ended with ${migrated}:\n${migrate.output()}`);
  step(migrate.output().trim());

  // The server gets the runtime role only: it cannot migrate, and checks the schema instead.
  const server = startProcess(
    process.execPath,
    [path.join(repoRoot, "apps/server/src/main.ts")],
    env,
  );
  cleanups.push({ name: "the server", run: () => stopChild(server.child) });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(baseUrl, server.child, { timeoutMs: 60_000, describe: server.output });
  const ready = await fetch(`${baseUrl}/readyz`);
  if (!ready.ok) throw new Error(`/readyz answered ${ready.status}: ${await ready.text()}`);
  step(`server ready at ${baseUrl} (production, the runtime role)`);

  const photo = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 180, b: 150 } },
  })
    .jpeg()
    .toBuffer();
  const filed = await fileClaim({
    baseUrl,
    apiKey: API_KEY,
    payload: accidentPayload,
    mobile: MOBILE,
    photo,
    otp: () => sms.received.filter((message) => message.to === `63${MOBILE}`).at(-1)?.message,
  });
  step(`claim ${filed.webReferenceNumber} filed with ${filed.uploads} document(s)`);

  const [claim] = await database.query<{ status: string; documents: number }>(
    `SELECT c.status, (SELECT count(*)::int FROM claim_documents d WHERE d.claim_id = c.id) AS documents
     FROM claims c WHERE c.web_reference_number = $1`,
    [filed.webReferenceNumber],
  );
  if (!claim || claim.status === "draft" || claim.documents !== filed.uploads) {
    throw new Error(`The claim's row is not as filed: ${JSON.stringify(claim)}`);
  }
  const keys = await bucket.keys();
  if (keys.length !== filed.uploads) {
    throw new Error(`The bucket holds ${keys.length} object(s), not ${filed.uploads}.`);
  }
  const onDisk = await readdir(dataDir, { recursive: true });
  if (onDisk.some((entry) => entry.startsWith("documents"))) {
    throw new Error(`Documents were written to the data folder: ${onDisk.join(", ")}`);
  }
  step(`row ${claim.status}, ${keys.length} object(s) in the bucket, none on disk`);

  const mentions = (text: string) => text.includes(filed.webReferenceNumber);
  await eventually("the acknowledgment SMS", () =>
    sms.received.some((message) => message.to === `63${MOBILE}` && mentions(message.message)),
  );
  await eventually("the acknowledgment e-mail", () =>
    mail.received.some((message) => message.rcptTo.length > 0 && mentions(message.raw)),
  );
  step("acknowledgment received by SMS and by e-mail");
}

async function tearDown(): Promise<boolean> {
  let clean = true;
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup.run();
    } catch (error) {
      clean = false;
      step(`could not stop ${cleanup.name}: ${error instanceof Error ? error.message : error}`);
    }
  }
  return clean;
}

const started = Date.now();
try {
  await main();
  const clean = await tearDown();
  step(`passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exitCode = clean ? 0 : 1;
} catch (error) {
  step(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
  await tearDown();
  process.exitCode = 1;
}
