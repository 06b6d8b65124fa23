/**
 * Several servers on one PostgreSQL: N = 1, 2, 3 server processes as deployed (production mode,
 * one KALINGA_SECRET, one database, one document folder) behind a round-robin proxy, so one
 * claim's calls land on different servers. Virtual claimants (KALINGA_MULTI_BENCH_CLIENTS, default
 * 6) run whole journeys for KALINGA_MULTI_BENCH_SECONDS (default 10) per N: start, OTP sent and
 * validated, a photo in each mandatory slot, submit. Printed per N: journeys/s, p99 journey time,
 * and the servers' CPU seconds per journey from /proc (this machine's cores are shared by the
 * servers, PostgreSQL and the claimants, so the throughput cannot grow with N: the CPU per journey
 * shows what a core buys). Then a kill run: 3 servers, one killed with SIGKILL mid-run; the proxy
 * sends its failed calls to the others. The killed server has a mail server of its own that, from a
 * third of the run, withholds its acceptance: the kill lands once it holds e-mails it has taken, and
 * another server sends them once their lease (NOTIFICATION_LEASE_MS, 15 s here) runs out. After each run the database is counted:
 * every acknowledged journey has one submitted claim, one document per slot, one acknowledgment per
 * channel sent, and the gateways got each once. Budgets: nothing lost, nothing duplicated, no
 * journey failed. Needs PostgreSQL: DATABASE_URL's server (default the local one), where a database
 * of its own is made for each run and dropped after.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type BenchFigure, runBench } from "./support/bench-figure.ts";
import { type JourneyDone, journeyRunner, makePhotos } from "./support/claim-journey.ts";
import { cpuSeconds } from "./support/cpu-time.ts";
import { type Counts, countJourneys, type Tally } from "./support/journey-counts.ts";
import {
  type MailSink,
  type SmsSink,
  startMailSink,
  startSmsSink,
} from "./support/message-sinks.ts";
import {
  benchApiKey,
  kalingaServerEnv,
  type RunningServer,
  repoRoot,
  startNodeServer,
} from "./support/node-server.ts";
import { startRoundRobinProxy } from "./support/round-robin-proxy.ts";

const seconds = Number(process.env.KALINGA_MULTI_BENCH_SECONDS ?? 10);
const clients = Number(process.env.KALINGA_MULTI_BENCH_CLIENTS ?? 6);
const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SECRET = randomBytes(32).toString("hex");
// Long enough that a busy machine's slow send is not taken for a dead server's (sends stop at half).
const LEASE_MS = 15_000;
const SMS_DELAY_MS = 20; // a remote SMS gateway's answer time

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh database beside DATABASE_URL's, named after it; dropped by the returned function. */
async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(adminUrl);
  const name = `${base.pathname.slice(1) || "kalinga"}_bench_${randomBytes(4).toString("hex")}`;
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE "${name}" WITH (FORCE)`) };
}

type Outcome = {
  done: JourneyDone[];
  failed: string[];
  times: number[];
  elapsedS: number;
  cpuS: number[];
  retried: number;
  /** E-mails the killed server had taken and was sending when it died. */
  heldAtKill: number;
};

type Sinks = { sms: SmsSink; mail: MailSink };

/** A kill from `afterS` in, once the first server holds e-mails at `mail`, which stalls from then. */
type Kill = { afterS: number; mail: MailSink; stall: () => void };

/** The demo companies, their widget taking the benchmark's key (named by its id, as the server does). */
function companiesFile(folder: string): string {
  const demo = path.join(repoRoot, "apps", "server", "config", "companies.demo.json");
  const id = `key-${createHash("sha256").update(benchApiKey).digest("hex").slice(0, 6)}`;
  const companies = (JSON.parse(readFileSync(demo, "utf8")) as object[]).map((company) => ({
    ...company,
    widgetApiKeyIds: { DEV: id, SIT: id },
  }));
  const file = path.join(folder, "companies.json");
  writeFileSync(file, JSON.stringify(companies));
  return file;
}

function serverEnv(url: string, sinks: Sinks, folder: string): Record<string, string> {
  const many = "1000000";
  return {
    ...kalingaServerEnv(),
    KALINGA_COMPANIES_FILE: companiesFile(folder),
    DATABASE_URL: url,
    KALINGA_SECRET: SECRET,
    KALINGA_DOCUMENTS_DIR: path.join(folder, "documents"),
    SMS_HTTP_URL: sinks.sms.url,
    SMTP_PORT: String(sinks.mail.port),
    SMTP_REQUIRE_TLS: "false",
    NOTIFICATION_POLL_MS: "250",
    NOTIFICATION_LEASE_MS: String(LEASE_MS),
    // Every claimant comes from 127.0.0.1: the per-address limits are not what is measured.
    CLAIM_START_ADDRESS_LIMIT: many,
    OTP_SEND_ADDRESS_LIMIT: many,
    OTP_SEND_ADDRESS_CEILING: many,
    OTP_SEND_HOURLY_LIMIT: "10000000",
    DOCUMENT_UPLOAD_ADDRESS_LIMIT: many,
    FAILED_TOKEN_ADDRESS_LIMIT: many,
  };
}

let nextJourney = 0;

/** Kills the victim once its stalled mail server holds what it took; resolves to that count. */
async function killWhileHolding(victim: RunningServer, kill: Kill, stopped: () => boolean) {
  await new Promise((resolve) => setTimeout(resolve, kill.afterS * 1000));
  kill.stall();
  while (kill.mail.held() === 0 && !stopped())
    await new Promise((resolve) => setTimeout(resolve, 10));
  // The rest of its round reaches the mail server within moments: the kill takes them all.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const cpu = cpuSeconds(victim.pid);
  process.kill(victim.pid, "SIGKILL");
  return { cpu, held: kill.mail.held() };
}

/** Runs the claimants against `count` servers; `kill` kills the first one mid-run. */
async function drive(
  count: number,
  url: string,
  sinks: Sinks,
  photos: Blob[],
  kill?: Kill,
): Promise<Outcome> {
  const folder = mkdtempSync(path.join(tmpdir(), "kalinga-bench-servers-"));
  const env = serverEnv(url, sinks, folder);
  // The first starts alone: it migrates and writes the secret's fingerprint.
  const servers: RunningServer[] = [];
  for (let index = 0; index < count; index++) {
    const logName = `several-servers-${index + 1}`;
    const own = index === 0 && kill ? { ...env, SMTP_PORT: String(kill.mail.port) } : env;
    servers.push(
      await startNodeServer("apps/server/src/main.ts", {
        env: own,
        keepDatabaseUrl: true,
        logName,
      }),
    );
  }
  const proxy = await startRoundRobinProxy(servers.map((server) => server.port));
  const journey = journeyRunner(proxy.baseUrl, sinks.sms, photos);
  const cpuBefore = servers.map((server) => cpuSeconds(server.pid));
  const outcome: Outcome = {
    ...{ done: [], failed: [], times: [], elapsedS: 0, cpuS: [], retried: 0 },
    heldAtKill: 0,
  };
  const startedAt = performance.now();
  const deadline = startedAt + seconds * 1000;
  let finished = false;
  const victim = servers[0];
  const killed = kill && victim ? killWhileHolding(victim, kill, () => finished) : undefined;
  try {
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < deadline) {
          const began = performance.now();
          try {
            outcome.done.push(await journey(nextJourney++));
            outcome.times.push(performance.now() - began);
          } catch (error) {
            const reason = error instanceof Error ? error.message : String(error);
            if (outcome.failed.length === 0)
              process.stdout.write(`first failed journey: ${reason}\n`);
            outcome.failed.push(reason);
          }
        }
      }),
    );
    outcome.elapsedS = (performance.now() - startedAt) / 1000;
    finished = true;
    const atKill = await killed;
    outcome.heldAtKill = atKill?.held ?? 0;
    outcome.cpuS = servers.map((server, index) => {
      const after = index === 0 && atKill ? atKill.cpu : cpuSeconds(server.pid);
      return after - (cpuBefore[index] ?? 0);
    });
    outcome.retried = proxy.retried();
    await drained(url);
    return outcome;
  } finally {
    finished = true;
    await proxy.close();
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Waits until no notification is queued or being sent (a dead server's lease runs out first). */
async function drained(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const deadline = Date.now() + LEASE_MS + 30_000;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ waiting: string }>(
        "SELECT count(*) AS waiting FROM notifications WHERE status IN ('pending', 'sending')",
      );
      if (Number(rows[0]?.waiting) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await client.end();
  }
}

function p99(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? Number.NaN;
}

/** In a kill run: the kill must land while the killed server holds notifications it took. */
function heldFigures(label: string, outcome: Outcome): BenchFigure[] {
  if (!label.includes("killed")) return [];
  return [
    {
      name: `${label}: notifications held by the killed server`,
      value: outcome.heldAtKill,
      unit: "",
      budget: { min: 1 },
      note: "e-mails it had taken and was sending when killed",
    },
  ];
}

function figuresOf(label: string, outcome: Outcome, counts: Counts): BenchFigure[] {
  const journeys = outcome.done.length;
  const totalCpu = outcome.cpuS.reduce((sum, s) => sum + s, 0);
  const zero = { max: 0 };
  const lostAndDuplicated = (what: string, tally: Tally, note?: string): BenchFigure[] => [
    {
      name: `${label}: ${what} lost`,
      value: tally.lost,
      unit: "",
      budget: zero,
      ...(note ? { note } : {}),
    },
    { name: `${label}: ${what} duplicated`, value: tally.duplicated, unit: "", budget: zero },
  ];
  return [
    {
      name: `${label}: throughput`,
      value: journeys / outcome.elapsedS,
      unit: "journeys/s",
      note: `${journeys} journeys in ${outcome.elapsedS.toFixed(1)} s, ${clients} claimants`,
    },
    { name: `${label}: journey p99`, value: p99(outcome.times), unit: "ms" },
    {
      name: `${label}: server CPU per journey`,
      value: journeys > 0 ? totalCpu / journeys : Number.NaN,
      unit: "s",
      note: `per server ${outcome.cpuS.map((s) => (journeys > 0 ? s / journeys : 0).toFixed(3)).join(" + ")} s`,
    },
    {
      name: `${label}: journeys per server CPU second`,
      value: totalCpu > 0 ? journeys / totalCpu : Number.NaN,
      unit: "",
      note: "what one core buys",
    },
    {
      name: `${label}: journeys failed`,
      value: outcome.failed.length,
      unit: "",
      budget: zero,
      ...(outcome.failed[0] ? { note: outcome.failed[0].slice(0, 120) } : {}),
    },
    ...heldFigures(label, outcome),
    {
      name: `${label}: notifications taken again`,
      value: counts.retaken,
      unit: "",
      // Every e-mail the killed server held is sent again by another once its lease runs out.
      ...(outcome.heldAtKill > 0 ? { budget: { min: outcome.heldAtKill } } : {}),
      note: "sent on a later attempt: a dead server's lease ran out",
    },
    ...lostAndDuplicated("claims", counts.claims),
    ...lostAndDuplicated("documents", counts.documents),
    ...lostAndDuplicated("notifications", counts.notifications, "sent rows per claim and channel"),
    ...lostAndDuplicated("deliveries", counts.delivered, "acknowledgments the gateways got"),
  ];
}

async function run(
  label: string,
  servers: number,
  sinks: Sinks,
  photos: Blob[],
  killAfterS?: number,
) {
  const database = await freshDatabase();
  let stalling = false;
  const victimMail = killAfterS === undefined ? undefined : await startMailSink(() => stalling);
  const kill = victimMail && {
    afterS: killAfterS ?? 0,
    mail: victimMail,
    stall: () => {
      stalling = true;
    },
  };
  try {
    const smsBefore = sinks.sms.received.length;
    const mailBefore = sinks.mail.received.length;
    const outcome = await drive(servers, database.url, sinks, photos, kill);
    const counts = await countJourneys(database.url, outcome.done, {
      sms: sinks.sms.received.slice(smsBefore),
      mail: [...sinks.mail.received.slice(mailBefore), ...(victimMail?.received ?? [])],
    });
    process.stdout.write(
      `${label}: ${outcome.done.length} journeys, ${outcome.failed.length} failed, ` +
        `${outcome.retried} calls sent again to another server\n`,
    );
    return figuresOf(label, outcome, counts);
  } finally {
    await victimMail?.close();
    await database.drop();
  }
}

async function measure(): Promise<BenchFigure[]> {
  const photos = await makePhotos();
  const sinks = { sms: await startSmsSink(SMS_DELAY_MS), mail: await startMailSink() };
  try {
    const figures: BenchFigure[] = [];
    for (const servers of [1, 2, 3])
      figures.push(...(await run(`N=${servers}`, servers, sinks, photos)));
    figures.push(...(await run("N=3, one killed", 3, sinks, photos, seconds / 3)));
    return figures;
  } finally {
    await Promise.all([sinks.sms.close(), sinks.mail.close()]);
  }
}

await runBench("Several servers on one PostgreSQL (round robin per request)", measure);
