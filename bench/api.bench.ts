/**
 * Throughput of the claim start and OTP calls (`initClaimRequest`, `requestOneTimePIN`,
 * `validateOneTimePIN`) against a bare Fastify route doing one insert, on loopback with autocannon
 * (10 connections). Both servers run side by side for the whole benchmark, and each ratio is
 * measured in alternating runs (bare, call, bare, call…; 6 pairs of 3 s after a warm-up; override
 * with KALINGA_API_BENCH_PAIRS / _SECONDS / _CONNECTIONS): its median and its spread (min–max) are
 * printed. Both use PostgreSQL when DATABASE_URL is set, else PGlite in a temp folder. The real
 * server runs as deployed (production mode, its own API key, the HTTP SMS provider), its gateway an
 * SMS sink on loopback that keeps the codes; every call comes from an address of its own through a
 * trusted proxy and every send goes to a number of its own, so each call passes its limits as a
 * claimant's would. Budget: each call keeps at least 0.6 of the bare throughput (median). Each
 * run's CPU time per request is printed by part (the server, PostgreSQL's processes, the load
 * generator), which the ratio follows on shared cores (decision 0113); the calls' database round
 * trips are counted and held by a server test (apps/server/test/claim-call-round-trips.test.ts,
 * decision 0108). On PostgreSQL give each run a fresh database: each run's server has a new secret,
 * and refuses a database another secret marked.
 */
import { type BenchFigure, runBench } from "./support/bench-figure.ts";
import { bareLoad, type CallName, claimCallLoads, type Load } from "./support/claim-call-loads.ts";
import { ownCpu, postgresCpu, processCpu } from "./support/cpu-time.ts";
import { kalingaServerEnv, type RunningServer, startNodeServer } from "./support/node-server.ts";
import { startSmsSink } from "./support/sms-sink.ts";

const pairs = Number(process.env.KALINGA_API_BENCH_PAIRS ?? 6);
const seconds = Number(process.env.KALINGA_API_BENCH_SECONDS ?? 3);
const connections = Number(process.env.KALINGA_API_BENCH_CONNECTIONS ?? 10);
const minimumRatio = 0.6;
const calls: CallName[] = ["initClaimRequest", "requestOneTimePIN", "validateOneTimePIN"];

/** CPU milliseconds per request: its server, PostgreSQL (0 on PGlite, inside the server), the load generator. */
type Cpu = { server: number; database: number; loader: number };
type Measured = Load & { cpu: Cpu };
type Pair = { bare: Measured; call: Measured; ratio: number };

const onPostgres = Boolean(process.env.DATABASE_URL);

/** A run with the CPU time its server, PostgreSQL and the load generator (the SMS sink too) spent. */
async function measured(serverPid: number, run: () => Promise<Load>): Promise<Measured> {
  const server = processCpu(serverPid);
  const database = onPostgres ? postgresCpu() : () => 0;
  const loader = ownCpu();
  const load = await run();
  const perRequest = (cpuSeconds: number) =>
    (cpuSeconds * 1000) / Math.max(1, load.requestsPerSecond * seconds);
  return {
    ...load,
    cpu: {
      server: perRequest(server()),
      database: perRequest(database()),
      loader: perRequest(loader()),
    },
  };
}

const total = (cpu: Cpu) => cpu.server + cpu.database + cpu.loader;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function failures(load: Load): number {
  return load.non2xx + load.errors;
}

async function measure(): Promise<BenchFigure[]> {
  const database = process.env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : "PGlite";
  const sink = await startSmsSink();
  const servers: RunningServer[] = [];
  try {
    const bareServer = await startNodeServer("bench/support/bare-insert-server.ts", {
      keepDatabaseUrl: true,
      label: "the bare insert server",
    });
    servers.push(bareServer);
    const server = await startNodeServer("apps/server/src/main.ts", {
      keepDatabaseUrl: true,
      env: {
        ...kalingaServerEnv(),
        SMS_HTTP_URL: sink.url,
        // The benchmark is the load balancer: each call names its own client address.
        KALINGA_TRUSTED_PROXIES: "127.0.0.1",
        // Every address and number is new, but all sends share the hourly ceiling.
        OTP_SEND_HOURLY_LIMIT: "10000000",
      },
      label: "the Kalinga server",
    });
    servers.push(server);
    const bare = bareLoad(bareServer.baseUrl, connections);
    const loads = claimCallLoads(server.baseUrl, sink, connections);

    // Warm-up: both servers' code and pools, and the first claims and codes.
    await bare(2);
    for (const call of calls) {
      await loads.prepare(call, 2);
      await loads.load(call, 2);
    }

    const results = new Map<CallName, Pair[]>(calls.map((call) => [call, []]));
    for (let pair = 0; pair < pairs; pair++) {
      for (const call of calls) {
        // Claims and codes for the call's run, prepared unmeasured before the pair starts.
        await loads.prepare(call, seconds);
        const bareRun = await measured(bareServer.pid, () => bare(seconds));
        const callRun = await measured(server.pid, () => loads.load(call, seconds));
        const ratio = callRun.requestsPerSecond / bareRun.requestsPerSecond;
        results.get(call)?.push({ bare: bareRun, call: callRun, ratio });
        process.stdout.write(
          `pair ${pair + 1} ${call}: bare ${bareRun.requestsPerSecond.toFixed(0)} req/s, call ${callRun.requestsPerSecond.toFixed(0)} req/s (p99 ${callRun.p99} ms; ${callRun.statuses}), ratio ${ratio.toFixed(3)}; CPU ms per request bare ${describe(bareRun.cpu)}, call ${describe(callRun.cpu)}\n`,
        );
      }
    }
    return figuresOf(
      results,
      `${connections} connections, ${pairs} × ${seconds} s pairs, ${database}`,
    );
  } finally {
    for (const server of servers) await server.stop();
    await sink.close();
  }
}

function describe(cpu: Cpu): string {
  const database = onPostgres ? `, PostgreSQL ${cpu.database.toFixed(3)}` : "";
  return `${total(cpu).toFixed(3)} (server ${cpu.server.toFixed(3)}${database}, load ${cpu.loader.toFixed(3)})`;
}

/** The median of each part of the runs' CPU per request. */
function medianCpu(cpus: Cpu[]): Cpu {
  return {
    server: median(cpus.map((cpu) => cpu.server)),
    database: median(cpus.map((cpu) => cpu.database)),
    loader: median(cpus.map((cpu) => cpu.loader)),
  };
}

function figuresOf(results: Map<CallName, Pair[]>, setting: string): BenchFigure[] {
  const all = [...results.values()].flat();
  const figures: BenchFigure[] = [
    {
      name: "bare insert route throughput (median)",
      value: Math.round(median(all.map((pair) => pair.bare.requestsPerSecond))),
      unit: "req/s",
      note: setting,
    },
  ];
  const bareCpu = medianCpu(all.map((pair) => pair.bare.cpu));
  figures.push({
    name: "bare insert route CPU per request (median)",
    value: total(bareCpu),
    unit: "ms",
    note: describe(bareCpu),
  });
  for (const [call, callPairs] of results) {
    const ratios = callPairs.map((pair) => pair.ratio);
    const callCpu = medianCpu(callPairs.map((pair) => pair.call.cpu));
    figures.push(
      {
        name: `${call} throughput (median)`,
        value: Math.round(median(callPairs.map((pair) => pair.call.requestsPerSecond))),
        unit: "req/s",
        note: `p99 ${Math.round(median(callPairs.map((pair) => pair.call.p99)))} ms (median)`,
      },
      {
        name: `${call} / bare throughput (median)`,
        value: median(ratios),
        unit: "",
        budget: { min: minimumRatio },
        note: `spread ${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)} over ${ratios.length} pairs`,
      },
      {
        name: `${call} CPU per request (median)`,
        value: total(callCpu),
        unit: "ms",
        note: describe(callCpu),
      },
    );
    // Throughput on shared cores follows CPU per request: the ratio's ceiling were the call's
    // database work as cheap as the bare insert's, its server and load generator as measured.
    if (onPostgres) {
      figures.push({
        name: `${call} / bare ceiling with the bare insert's database work`,
        value: median(
          callPairs.map(
            (pair) =>
              total(pair.bare.cpu) /
              (pair.call.cpu.server + pair.bare.cpu.database + pair.call.cpu.loader),
          ),
        ),
        unit: "",
        note: `CPU alone predicts ${(total(bareCpu) / total(callCpu)).toFixed(3)}`,
      });
    }
  }
  figures.push({
    name: "failed or non-2xx responses",
    value: all.reduce((sum, pair) => sum + failures(pair.bare) + failures(pair.call), 0),
    unit: "",
    budget: { max: 0 },
    note: "a refused or failing call would make the comparison meaningless",
  });
  return figures;
}

await runBench("API throughput (autocannon, loopback)", measure);
