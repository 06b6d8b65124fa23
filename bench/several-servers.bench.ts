/**
 * Several servers on one PostgreSQL: N = 1, 2, 3 server processes as deployed (production mode,
 * one KALINGA_SECRET, one database, one document folder) behind a round-robin proxy, so one
 * claim's calls land on different servers. Virtual claimants (KALINGA_MULTI_BENCH_CLIENTS, default
 * 6) run whole journeys for KALINGA_MULTI_BENCH_SECONDS (default 10) per N: start, OTP sent and
 * validated, a photo in each mandatory slot, submit. Printed per N: journeys/s, p99 journey time,
 * and the servers' CPU seconds per journey from /proc (this machine's cores are shared by the
 * servers, PostgreSQL and the claimants, so the throughput cannot grow with N: the CPU per journey
 * shows what a core buys). Then a kill run: 3 servers, one killed with SIGKILL mid-run; the proxy
 * sends its failed calls to the others, and its taken notifications are sent by another server once
 * their lease (NOTIFICATION_LEASE_MS, 15 s here) runs out. After each run the database is counted:
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
import {
  JOURNEY_SLOTS,
  type JourneyDone,
  journeyRunner,
  makePhotos,
} from "./support/claim-journey.ts";
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
const CLOCK_TICKS = 100;

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

/** User and system CPU seconds of a process so far. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

type Outcome = {
  done: JourneyDone[];
  failed: string[];
  times: number[];
  elapsedS: number;
  cpuS: number[];
  retried: number;
};

type Sinks = { sms: SmsSink; mail: MailSink };

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

/** Runs the claimants against `count` servers; `killAfterS` kills the first server that long in. */
async function drive(
  count: number,
  url: string,
  sinks: Sinks,
  photos: Blob[],
  killAfterS?: number,
): Promise<Outcome> {
  const folder = mkdtempSync(path.join(tmpdir(), "kalinga-bench-servers-"));
  const env = serverEnv(url, sinks, folder);
  // The first starts alone: it migrates and writes the secret's fingerprint.
  const servers: RunningServer[] = [];
  for (let index = 0; index < count; index++) {
    const logName = `several-servers-${index + 1}`;
    servers.push(
      await startNodeServer("apps/server/src/main.ts", { env, keepDatabaseUrl: true, logName }),
    );
  }
  const proxy = await startRoundRobinProxy(servers.map((server) => server.port));
  const journey = journeyRunner(proxy.baseUrl, sinks.sms, photos);
  const cpuBefore = servers.map((server) => cpuSeconds(server.pid));
  const cpuAtKill: number[] = [];
  const outcome: Outcome = { done: [], failed: [], times: [], elapsedS: 0, cpuS: [], retried: 0 };
  const startedAt = performance.now();
  const deadline = startedAt + seconds * 1000;
  const killer =
    killAfterS === undefined
      ? undefined
      : setTimeout(() => {
          const victim = servers[0];
          if (victim === undefined) return;
          cpuAtKill.push(cpuSeconds(victim.pid));
          process.kill(victim.pid, "SIGKILL");
        }, killAfterS * 1000);
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
    outcome.cpuS = servers.map((server, index) => {
      const after =
        index === 0 && cpuAtKill[0] !== undefined ? cpuAtKill[0] : cpuSeconds(server.pid);
      return after - (cpuBefore[index] ?? 0);
    });
    outcome.retried = proxy.retried();
    await drained(url);
    return outcome;
  } finally {
    clearTimeout(killer);
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

type Tally = { lost: number; duplicated: number };
type Counts = {
  claims: Tally;
  documents: Tally;
  notifications: Tally;
  delivered: Tally;
  retaken: number;
};

/** Lost: fewer than one per expected thing; duplicated: more than one. */
function tally(expected: string[], counts: Map<string, number>): Tally {
  let lost = 0;
  let duplicated = 0;
  for (const key of expected) {
    const count = counts.get(key) ?? 0;
    if (count === 0) lost++;
    else duplicated += count - 1;
  }
  return { lost, duplicated };
}

const countsOf = (rows: { key: string; n: string }[]) =>
  new Map(rows.map((row) => [row.key, Number(row.n)]));

/** Counts, in the database and at the gateways, what each acknowledged journey left. */
async function count(
  url: string,
  done: JourneyDone[],
  sinks: Sinks,
  smsBefore: number,
  mailBefore: number,
): Promise<Counts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const emails = done.map((journey) => journey.email);
    const claims = await client.query<{ key: string; n: string }>(
      `SELECT s.payload->'insuredInformation'->>'emailAddress' AS key, count(*) AS n
       FROM claim_submissions s GROUP BY 1`,
    );
    const documents = await client.query<{ key: string; n: string }>(
      `SELECT c.web_reference_number || ' ' || d.slot_key AS key, count(*) AS n
       FROM claim_documents d JOIN claims c ON c.id = d.claim_id
       WHERE d.status = 'stored' GROUP BY 1`,
    );
    const notifications = await client.query<{ key: string; n: string }>(
      `SELECT c.web_reference_number || ' ' || n.channel AS key, count(*) AS n
       FROM notifications n JOIN claims c ON c.id = n.claim_id
       WHERE n.status = 'sent' GROUP BY 1`,
    );
    const retaken = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM notifications WHERE attempts > 1",
    );
    const channels = ["sms", "email"];
    const delivered = new Map<string, number>();
    const add = (key: string) => delivered.set(key, (delivered.get(key) ?? 0) + 1);
    for (const message of sinks.sms.received.slice(smsBefore)) {
      const reference = done.find(
        (journey) =>
          `63${journey.mobile}` === message.to &&
          message.message.includes(journey.webReferenceNumber),
      );
      if (reference) add(`${reference.webReferenceNumber} sms`);
    }
    for (const recipients of sinks.mail.received.slice(mailBefore)) {
      const reference = done.find((journey) => recipients.includes(journey.email));
      if (reference) add(`${reference.webReferenceNumber} email`);
    }
    const perChannel = done.flatMap((journey) =>
      channels.map((channel) => `${journey.webReferenceNumber} ${channel}`),
    );
    return {
      claims: tally(emails, countsOf(claims.rows)),
      documents: tally(
        done.flatMap((journey) =>
          JOURNEY_SLOTS.map((slot) => `${journey.webReferenceNumber} ${slot}`),
        ),
        countsOf(documents.rows),
      ),
      notifications: tally(perChannel, countsOf(notifications.rows)),
      delivered: tally(perChannel, delivered),
      retaken: Number(retaken.rows[0]?.n),
    };
  } finally {
    await client.end();
  }
}

function p99(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? Number.NaN;
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
    {
      name: `${label}: notifications taken again`,
      value: counts.retaken,
      unit: "",
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
  try {
    const smsBefore = sinks.sms.received.length;
    const mailBefore = sinks.mail.received.length;
    const outcome = await drive(servers, database.url, sinks, photos, killAfterS);
    const counts = await count(database.url, outcome.done, sinks, smsBefore, mailBefore);
    process.stdout.write(
      `${label}: ${outcome.done.length} journeys, ${outcome.failed.length} failed, ` +
        `${outcome.retried} calls sent again to another server\n`,
    );
    return figuresOf(label, outcome, counts);
  } finally {
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
