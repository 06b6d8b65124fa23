/**
 * Throughput of `POST /api/claims/initClaimRequest` against a bare Fastify route doing one insert,
 * side by side in one run, on loopback with autocannon (10 connections, 5 s each after a 1 s warm-up;
 * override with KALINGA_API_BENCH_SECONDS / KALINGA_API_BENCH_CONNECTIONS). Both use PostgreSQL when
 * DATABASE_URL is set, else PGlite in a temp folder. The real server runs as deployed (production
 * mode with its own API key; see kalingaServerEnv). Budget: the real call keeps at least 1/3 of the
 * bare throughput.
 */
import autocannon from "autocannon";
import { type BenchFigure, runBench } from "./support/bench-figure.ts";
import {
  benchApiKey,
  kalingaServerEnv,
  type RunningServer,
  startNodeServer,
} from "./support/node-server.ts";

const seconds = Number(process.env.KALINGA_API_BENCH_SECONDS ?? 5);
const connections = Number(process.env.KALINGA_API_BENCH_CONNECTIONS ?? 10);
// initClaimRequest writes the claim and its token (one statement), counts the address's claim starts
// (a second write), checks the api key and logs the request: at most 4× a bare single insert.
const minimumRatio = 1 / 4;
const body = JSON.stringify({
  basicInformation: { companyName: "Kalinga Life", channelName: "Corporate Website" },
});
const headers = { "content-type": "application/json", "x-api-key": benchApiKey };
const useDatabaseUrl = Boolean(process.env.DATABASE_URL);

type Load = {
  requestsPerSecond: number;
  p99: number;
  non2xx: number;
  errors: number;
  statuses: string;
};

async function load(url: string): Promise<Load> {
  const options = { url, method: "POST" as const, headers, body, connections };
  await autocannon({ ...options, duration: 1 });
  const result = await autocannon({ ...options, duration: seconds });
  const statuses = Object.entries(result.statusCodeStats)
    .map(([status, { count }]) => `${status}×${count}`)
    .join(", ");
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statuses,
  };
}

async function measureServer(
  start: () => Promise<RunningServer>,
  routePath: string,
): Promise<Load> {
  const server = await start();
  try {
    const probe = await fetch(`${server.baseUrl}${routePath}`, { method: "POST", headers, body });
    if (!probe.ok) {
      throw new Error(
        `POST ${routePath} answered HTTP ${probe.status}: ${(await probe.text()).slice(0, 300)}`,
      );
    }
    return await load(`${server.baseUrl}${routePath}`);
  } finally {
    await server.stop();
  }
}

async function measure(): Promise<BenchFigure[]> {
  const database = useDatabaseUrl ? "PostgreSQL (DATABASE_URL)" : "PGlite";
  const bare = await measureServer(
    () =>
      startNodeServer("bench/support/bare-insert-server.ts", {
        keepDatabaseUrl: true,
        label: "the bare insert server",
      }),
    "/bare/initClaimRequest",
  );
  process.stdout.write(
    `bare insert route: ${bare.requestsPerSecond.toFixed(0)} req/s, p99 ${bare.p99} ms (${bare.statuses})\n`,
  );
  const real = await measureServer(
    () =>
      startNodeServer("apps/server/src/main.ts", {
        keepDatabaseUrl: true,
        env: kalingaServerEnv(),
        label: "the Kalinga server",
      }),
    "/api/claims/initClaimRequest",
  );
  process.stdout.write(
    `initClaimRequest: ${real.requestsPerSecond.toFixed(0)} req/s, p99 ${real.p99} ms (${real.statuses})\n`,
  );

  const ratio =
    bare.requestsPerSecond > 0 ? real.requestsPerSecond / bare.requestsPerSecond : Number.NaN;
  const setting = `${connections} connections, ${seconds} s, ${database}`;
  return [
    {
      name: "bare insert route throughput",
      value: bare.requestsPerSecond,
      unit: "req/s",
      note: setting,
    },
    { name: "bare insert route p99 latency", value: bare.p99, unit: "ms" },
    {
      name: "initClaimRequest throughput",
      value: real.requestsPerSecond,
      unit: "req/s",
      note: real.statuses,
    },
    { name: "initClaimRequest p99 latency", value: real.p99, unit: "ms" },
    {
      name: "initClaimRequest / bare throughput",
      value: ratio,
      unit: "",
      budget: { min: minimumRatio },
      note: "at least 1/4 of the bare route",
    },
    {
      name: "failed or non-2xx responses",
      value: bare.non2xx + bare.errors + real.non2xx + real.errors,
      unit: "",
      budget: { max: 0 },
      note: "a throttled or failing call would make the comparison meaningless",
    },
  ];
}

await runBench("API throughput (autocannon, loopback)", measure);
