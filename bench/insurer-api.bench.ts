/**
 * Throughput of the insurer integration API's list call, `GET /api/insurer/claims` (a page of 50
 * of 1,000 submitted claims, newest change first), on loopback with autocannon (10 connections, 5 s
 * after a 1 s warm-up; KALINGA_API_BENCH_SECONDS / KALINGA_API_BENCH_CONNECTIONS). The claims are
 * written straight into the database before the server starts: PGlite in the server's data folder,
 * or DATABASE_URL when set. The server runs as deployed (production mode, its own keys). Budget: a
 * core claims system polling every few seconds needs far less than 100 pages a second.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { accidentPayload } from "@kalinga/domain/fixtures/claim-fixtures";
import autocannon from "autocannon";
import type { Database } from "../apps/server/src/db/database.ts";
import { migrate } from "../apps/server/src/db/migrate.ts";
import { openPgliteDatabase } from "../apps/server/src/db/pglite-database.ts";
import { openPostgresDatabase } from "../apps/server/src/db/postgres-database.ts";
import { type BenchFigure, runBench } from "./support/bench-figure.ts";
import { benchInsurerKey, kalingaServerEnv, startNodeServer } from "./support/node-server.ts";

const seconds = Number(process.env.KALINGA_API_BENCH_SECONDS ?? 5);
const connections = Number(process.env.KALINGA_API_BENCH_CONNECTIONS ?? 10);
const CLAIMS = 1_000;
const MINIMUM_PAGES_PER_SECOND = 100;

async function seed(db: Database): Promise<void> {
  await migrate(db);
  const start = Date.UTC(2026, 9, 1);
  await db.transaction(async (tx) => {
    for (let index = 0; index < CLAIMS; index += 1) {
      const id = randomUUID();
      const at = new Date(start + index * 60_000);
      const reference = `BENCH-${String(index).padStart(6, "0")}-${id.slice(0, 4)}`;
      await tx.query(
        `INSERT INTO claims (id, web_reference_number, status, company_name, channel_name,
           created_at, updated_at, submitted_at)
         VALUES ($1, $2, 'CLAIM APPLICATION SUBMITTED', 'Kalinga Life', 'Corporate Website', $3, $3, $3)`,
        [id, reference, at],
      );
      await tx.query(
        `INSERT INTO claim_submissions (claim_id, payload, claim_type, slot_facts, response, submitted_at)
         VALUES ($1, $2::jsonb, 'Living', '{}'::jsonb, '{}'::jsonb, $3)`,
        [id, JSON.stringify({ ...accidentPayload, webReferenceNumber: reference }), at],
      );
    }
  });
}

async function measure(): Promise<BenchFigure[]> {
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = mkdtempSync(path.join(tmpdir(), "kalinga-bench-"));
  const db = databaseUrl
    ? await openPostgresDatabase({ connectionString: databaseUrl })
    : await openPgliteDatabase(path.join(dataDir, "pglite"));
  try {
    await seed(db);
  } finally {
    await db.close();
  }
  const server = await startNodeServer("apps/server/src/main.ts", {
    keepDatabaseUrl: true,
    env: kalingaServerEnv(),
    label: "the Kalinga server",
    dataDir,
  });
  try {
    const url = `${server.baseUrl}/api/insurer/claims`;
    const headers = { authorization: `Bearer ${benchInsurerKey}` };
    const probe = await fetch(url, { headers });
    const page = (await probe.json()) as { claims?: unknown[] };
    if (!probe.ok || page.claims?.length !== 50) {
      throw new Error(
        `GET /api/insurer/claims answered ${probe.status} with ${page.claims?.length} claims`,
      );
    }
    await autocannon({ url, headers, connections, duration: 1 });
    const result = await autocannon({ url, headers, connections, duration: seconds });
    return [
      {
        name: "insurer list call throughput",
        value: Math.round(result.requests.average),
        unit: "req/s",
        budget: { min: MINIMUM_PAGES_PER_SECOND },
        note: `pages of 50 of ${CLAIMS} claims, ${connections} connections, ${seconds} s, ${databaseUrl ? "PostgreSQL" : "PGlite"}`,
      },
      { name: "insurer list call p99 latency", value: result.latency.p99, unit: "ms" },
      {
        name: "failed or non-2xx responses",
        value: result.non2xx + result.errors + result.timeouts,
        unit: "",
        budget: { max: 0 },
      },
    ];
  } finally {
    await server.stop();
  }
}

await runBench("Insurer integration API (autocannon, loopback)", measure);
