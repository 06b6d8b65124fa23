/**
 * The claim reads at a million claims on PostgreSQL: the console's queue (page 1, by status, an
 * examiner's own view, a deep page), its capped count, its name search, the agent's report,
 * tracking's lookups, the insurer's list and the metrics' claims by status, each as the server
 * runs it (the repository and service functions on a pool like the server's), against 10 ms each,
 * twice: end to end (median of 31 runs after 3: the round trip and the wait for a core included)
 * and in the database (planning and execution by EXPLAIN ANALYZE, median of 11).
 *
 * The data set (support/million-claims-data.ts) is built in a database of its own,
 * KALINGA_MILLION_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/kalinga_million_claims,
 * made when missing), of KALINGA_MILLION_CLAIMS claims (default 1,000,000), and reused while it
 * holds that many; newer migrations are applied to it. With KALINGA_BENCH_PLANS set to a file
 * name, each query's EXPLAIN (ANALYZE, BUFFERS) is written there.
 */
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import pg from "pg";
import {
  agentReportRows,
  queueCount,
  queueRows,
} from "../apps/server/src/claims/claim-queue-repository.ts";
import { countClaimsByStatus } from "../apps/server/src/claims/claim-repository.ts";
import {
  type QueueQuery,
  queueFilter,
  readQueue,
} from "../apps/server/src/console/console-claims.ts";
import { type Database, type Queryable, sqlText } from "../apps/server/src/db/database.ts";
import { openPostgresDatabase } from "../apps/server/src/db/postgres-database.ts";
import { claimIdsEmailedTo } from "../apps/server/src/notifications/notification-repository.ts";
import {
  claimIdsNamingEmail,
  listSubmittedClaims,
} from "../apps/server/src/submission/submission-repository.ts";
import { claimFiledWith, claimsFiledWith } from "../apps/server/src/tracking/tracked-claims.ts";
import { type BenchFigure, runBench } from "./support/bench-figure.ts";
import { AGENTS, CLAIMS, millionClaims } from "./support/million-claims-data.ts";

const BUDGET_MS = 10;
const RUNS = 31;
const WARM_UPS = 3;
const IN_DATABASE_RUNS = 11;
/** A search's count bound, as the console's queue asks it (handlers/queue.ts). */
const SEARCH_COUNT_UP_TO = 200;
const DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/kalinga_million_claims";

/** Makes the bench's database when it is missing (on the server's maintenance database). */
async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

/** The database, keeping the statements a read sent (in its transactions too), for its plans. */
function recording(db: Database) {
  const sent: { sql: string; params: unknown[] }[] = [];
  const kept = (q: Queryable): Queryable => ({
    query: (sql, params = []) => {
      sent.push({ sql: sqlText(sql), params });
      return q.query(sql, params);
    },
  });
  const recorded: Database = {
    ...kept(db),
    kind: db.kind,
    transaction: (fn) => db.transaction((tx) => fn(kept(tx))),
    close: () => db.close(),
  };
  return { recorded, sent };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

type Read = { name: string; note: string; run: (db: Database) => Promise<unknown[] | unknown> };

const queue = (overrides: Partial<QueueQuery>): QueueQuery => ({
  status: null,
  claimType: null,
  assigned: null,
  visibleTo: null,
  search: null,
  offset: 0,
  limit: 50,
  countUpTo: 10_000,
  ...overrides,
});

async function someValues(db: Database) {
  const pick = async (sql: string) => (await db.query<{ value: string }>(sql)).rows[0]?.value ?? "";
  const reference = await pick(
    "SELECT web_reference_number AS value FROM claims WHERE submitted_at IS NOT NULL OFFSET 500000 LIMIT 1",
  );
  return {
    reference,
    // The data set's insured addresses are their claims' references (support/million-claims-data.ts).
    email: `${reference.toLowerCase()}@example.ph`,
    mobile: await pick(
      "SELECT verified_mobile_number AS value FROM claims WHERE submitted_at IS NOT NULL OFFSET 400000 LIMIT 1",
    ),
    newest: await pick(
      "SELECT updated_at::text || '|' || id AS value FROM claims WHERE submitted_at IS NOT NULL ORDER BY updated_at DESC, id DESC OFFSET 5000 LIMIT 1",
    ),
  };
}

function reads(values: Awaited<ReturnType<typeof someValues>>): Read[] {
  // The company and agent of policy n, as the data set gives them.
  const company = (n: number) => `Bench Company ${1 + (n % 5)}`;
  const agent = {
    companyName: company(1234),
    agentCode: `AG${String((1234 * 31) % AGENTS).padStart(4, "0")}`,
  };
  const examiner = createHash("md5")
    .update("examiner3")
    .digest("hex")
    .replace(/^(.{8})(.{4})(.{4})(.{4})/, "$1-$2-$3-$4-");
  const [at, id] = values.newest.split("|");
  const filter = (overrides: Partial<QueueQuery>) => queueFilter(queue(overrides));
  return [
    {
      name: "round trip",
      note: "SELECT 1: the connection's own share of each figure",
      run: (q) => q.query("SELECT 1"),
    },
    {
      name: "queue page 1",
      note: "every claim, oldest first",
      run: (q) => queueRows(q, filter({}), { offset: 0, limit: 50 }),
    },
    {
      name: "queue page 1 by status",
      note: "UNDER REVIEW",
      run: (q) => queueRows(q, filter({ status: "UNDER REVIEW" }), { offset: 0, limit: 50 }),
    },
    {
      name: "queue page 1, an examiner's",
      note: "own and unassigned",
      run: (q) => queueRows(q, filter({ visibleTo: examiner }), { offset: 0, limit: 50 }),
    },
    {
      name: "queue page 200",
      note: "the last the count shows",
      run: (q) => queueRows(q, filter({}), { offset: 199 * 50, limit: 50 }),
    },
    {
      name: "queue count",
      note: "10,000+ of every claim",
      run: (q) => queueCount(q, filter({}), 10_000),
    },
    {
      name: "queue count by status",
      note: "UNDER REVIEW",
      run: (q) => queueCount(q, filter({ status: "UNDER REVIEW" }), 10_000),
    },
    {
      name: "queue count, an examiner's",
      note: "own and unassigned",
      run: (q) => queueCount(q, filter({ visibleTo: examiner }), 10_000),
    },
    {
      name: "name search, rare",
      note: "part of a unique name: one page, its rows its count",
      run: (q) => readQueue(q, queue({ search: "CULANGAN42007", countUpTo: SEARCH_COUNT_UP_TO })),
    },
    {
      name: "name search, common",
      note: "'dela cruz' (3%): the page, then its count to 200",
      run: (q) => readQueue(q, queue({ search: "dela cruz", countUpTo: SEARCH_COUNT_UP_TO })),
    },
    {
      name: "reference search",
      note: "in lower case: one page, its rows its count",
      run: (q) =>
        readQueue(
          q,
          queue({ search: values.reference.toLowerCase(), countUpTo: SEARCH_COUNT_UP_TO }),
        ),
    },
    {
      name: "agent report",
      note: "newest 500 of an agent's",
      run: (q) => agentReportRows(q, agent, 500),
    },
    {
      name: "tracking by number",
      note: "a verified number's claims",
      run: (q) => claimsFiledWith(q, { kind: "number", mobile: values.mobile }),
    },
    {
      name: "tracking, an agent's",
      note: "filed and on the agent's policies",
      run: (q) => claimsFiledWith(q, { kind: "agent", ...agent }),
    },
    {
      name: "tracking, a member's",
      note: "three policies",
      run: (q) =>
        claimsFiledWith(q, {
          kind: "member",
          companyName: company(4321),
          policies: ["0000004321", "0000004326", "0000004331"],
        }),
    },
    {
      name: "tracking one claim",
      note: "by reference, a number's",
      run: (q) => claimFiledWith(q, { kind: "number", mobile: values.mobile }, values.reference),
    },
    {
      name: "insurer list page 1",
      note: "newest change first",
      run: (q) =>
        listSubmittedClaims(q, { status: null, updatedSince: null, after: null, limit: 51 }),
    },
    {
      name: "insurer list by status",
      note: "UNDER REVIEW",
      run: (q) =>
        listSubmittedClaims(q, {
          status: "UNDER REVIEW",
          updatedSince: null,
          after: null,
          limit: 51,
        }),
    },
    {
      name: "insurer list, deep cursor",
      note: "after 5,000 claims",
      run: (q) =>
        listSubmittedClaims(q, {
          status: null,
          updatedSince: null,
          after: { updatedAt: new Date(at ?? ""), claimId: id ?? "" },
          limit: 51,
        }),
    },
    {
      name: "data subject by e-mail",
      note: "the claims naming an address or e-mailed to it",
      run: async (q) => [
        ...(await claimIdsNamingEmail(q, values.email)),
        ...(await claimIdsEmailedTo(q, values.email)),
      ],
    },
    {
      name: "claims by status",
      note: "the metrics' scrape, every claim",
      run: (db) => countClaimsByStatus(db),
    },
  ];
}

/** The statements a read sends: its queries, and the settings it makes for them (SET LOCAL). */
async function statementsOf(db: Database, read: Read) {
  const { recorded, sent } = recording(db);
  await read.run(recorded);
  return sent.map((statement) => ({
    ...statement,
    query: /^\s*(SELECT|WITH)/i.test(statement.sql),
  }));
}

/**
 * What the database itself spent on a read: planning and execution of each of its queries, in one
 * transaction with the settings the read makes (the status count turns compiling off).
 */
async function inDatabase(db: Database, read: Read): Promise<number> {
  const statements = await statementsOf(db, read);
  const times: number[] = [];
  for (let i = 0; i < IN_DATABASE_RUNS; i++) {
    const spent = await db.transaction(async (tx) => {
      let sum = 0;
      for (const { sql, params, query } of statements) {
        if (!query) {
          await tx.query(sql, params);
          continue;
        }
        const { rows } = await tx.query<{ "QUERY PLAN": [Record<string, number>] }>(
          `EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${sql}`,
          params,
        );
        const plan = rows[0]?.["QUERY PLAN"][0] ?? {};
        sum += (plan["Planning Time"] ?? Number.NaN) + (plan["Execution Time"] ?? Number.NaN);
      }
      return sum;
    });
    times.push(spent);
  }
  return median(times);
}

async function plans(db: Database, read: Read): Promise<string> {
  const statements = await statementsOf(db, read);
  const out = [`━━ ${read.name}`];
  await db.transaction(async (tx) => {
    for (const { sql, params, query } of statements) {
      if (!query) {
        await tx.query(sql, params);
        continue;
      }
      const { rows } = await tx.query<{ "QUERY PLAN": string }>(
        `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`,
        params,
      );
      out.push(rows.map((row) => row["QUERY PLAN"]).join("\n"));
    }
  });
  return out.join("\n");
}

async function measure(): Promise<BenchFigure[]> {
  const url = process.env.KALINGA_MILLION_DATABASE_URL ?? DEFAULT_URL;
  await ensureDatabase(url);
  const db = openPostgresDatabase({ connectionString: url, max: 10 });
  try {
    const started = performance.now();
    const built = await millionClaims(db, (line) => process.stdout.write(`  ${line}\n`));
    const buildSeconds = (performance.now() - started) / 1000;
    const values = await someValues(db);
    const figures: BenchFigure[] = [
      {
        name: "data set",
        value: CLAIMS,
        unit: "claims",
        note: built === "reused" ? built : `${built} in ${buildSeconds.toFixed(0)} s`,
      },
    ];
    const planned: string[] = [];
    const spentInDatabase: BenchFigure[] = [];
    for (const read of reads(values)) {
      for (let i = 0; i < WARM_UPS; i++) await read.run(db);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const at = performance.now();
        await read.run(db);
        times.push(performance.now() - at);
      }
      figures.push({
        name: read.name,
        value: Math.round(median(times) * 100) / 100,
        unit: "ms",
        budget: { max: BUDGET_MS },
        note: read.note,
      });
      if (read.name !== "round trip")
        spentInDatabase.push({
          name: `${read.name}, in the database`,
          value: Math.round((await inDatabase(db, read)) * 100) / 100,
          unit: "ms",
          budget: { max: BUDGET_MS },
          note: "planning and execution (EXPLAIN ANALYZE), median",
        });
      if (process.env.KALINGA_BENCH_PLANS) planned.push(await plans(db, read));
    }
    figures.push(...spentInDatabase);
    if (process.env.KALINGA_BENCH_PLANS)
      writeFileSync(process.env.KALINGA_BENCH_PLANS, `${planned.join("\n\n")}\n`);
    return figures;
  } finally {
    await db.close();
  }
}

await runBench(
  `Claim reads at ${CLAIMS.toLocaleString("en")} claims (PostgreSQL, median of ${RUNS})`,
  measure,
);
