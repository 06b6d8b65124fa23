/**
 * What the proof-of-work challenge (docs/decisions/0061) costs a claimant. Below an address's normal
 * rate it must cost nothing: the same single round trip, no challenge, the same latency as a server
 * whose normal rate is never reached. Above it, what a start costs end to end at the first work the
 * defaults ask, solved by the few lines of an API client's solver below, and the time the largest
 * work would take at the same speed (a phone's Web Crypto is a few times slower). The widget's
 * start step size, with the solver left out of it, is printed by bundle-size.bench.ts.
 * KALINGA_CHALLENGE_BENCH_STARTS starts per server (default 300), each from its own address.
 */
import { createHash } from "node:crypto";
import { type BenchFigure, runBench } from "./support/bench-figure.ts";
import { benchApiKey, kalingaServerEnv, startNodeServer } from "./support/node-server.ts";

const starts = Number(process.env.KALINGA_CHALLENGE_BENCH_STARTS ?? 300);
// Both servers run the same code below the rate; the allowance is for timing noise on a busy machine.
const maxLatencyRatio = 1.25;
const body = JSON.stringify({
  basicInformation: { companyName: "Kalinga Life", channelName: "Corporate Website" },
});

type Starts = { medianMs: number; roundTrips: number; challenges: number; failures: number };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** `starts` claimants, each behind its own address, each starting one claim. */
async function measureStarts(env: Record<string, string>, label: string): Promise<Starts> {
  const server = await startNodeServer("apps/server/src/main.ts", {
    keepDatabaseUrl: true,
    // Loopback is the benchmark's proxy, so each claimant's X-Forwarded-For is its address.
    env: { ...kalingaServerEnv(), KALINGA_TRUSTED_PROXIES: "loopback", ...env },
    label,
  });
  const timings: number[] = [];
  let challenges = 0;
  let failures = 0;
  try {
    for (let claimant = 0; claimant < starts; claimant++) {
      const address = `10.${(claimant >> 16) & 255}.${(claimant >> 8) & 255}.${claimant & 255}`;
      const began = performance.now();
      const answer = await fetch(`${server.baseUrl}/api/claims/initClaimRequest`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-api-key": benchApiKey,
          "x-forwarded-for": address,
        },
        body,
      });
      const data = (await answer.json()) as { challenge?: unknown };
      timings.push(performance.now() - began);
      if (data.challenge) challenges++;
      if (answer.status !== 200) failures++;
    }
  } finally {
    await server.stop();
  }
  // Warm-up excluded: the first calls compile the routes.
  return {
    medianMs: median(timings.slice(Math.min(20, timings.length - 1))),
    roundTrips: (timings.length + challenges) / timings.length,
    challenges,
    failures,
  };
}

type Challenge = {
  parameters: { nonce: string; salt: string; keyPrefix: string; cost: number; keyLength: number };
};

/** The ALTCHA v2 SHA-256 solver: the first counter whose key starts with the signed prefix. */
function solve(challenge: Challenge): { counter: number; derivedKey: string } {
  const { nonce, salt, keyPrefix, cost, keyLength } = challenge.parameters;
  const saltBytes = Buffer.from(salt, "hex");
  const password = Buffer.concat([Buffer.from(nonce, "hex"), Buffer.alloc(4)]);
  for (let counter = 0; ; counter++) {
    password.writeUInt32BE(counter, password.length - 4);
    let key = createHash("sha256").update(saltBytes).update(password).digest();
    for (let round = 1; round < cost; round++) key = createHash("sha256").update(key).digest();
    const derivedKey = key.subarray(0, keyLength).toString("hex");
    if (derivedKey.startsWith(keyPrefix)) return { counter, derivedKey };
  }
}

type Paid = { totalMs: number; solveMs: number; work: number; status: number };

/** One start above the normal rate: the challenge, the solving, the repeated call. */
async function paidStart(): Promise<Paid> {
  const server = await startNodeServer("apps/server/src/main.ts", {
    keepDatabaseUrl: true,
    env: { ...kalingaServerEnv(), CLAIM_START_ADDRESS_LIMIT: "1" },
    label: "the Kalinga server, a normal rate of one start",
  });
  const post = (extra: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}/api/claims/initClaimRequest`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": benchApiKey, ...extra },
      body,
    });
  try {
    await post();
    const began = performance.now();
    const { challenge } = (await (await post()).json()) as {
      challenge: Challenge & { parameters: { data: { work: number } } };
    };
    const solving = performance.now();
    const solution = solve(challenge);
    const solveMs = performance.now() - solving;
    const header = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
    const answer = await post({ "x-kalinga-challenge": header });
    return {
      totalMs: performance.now() - began,
      solveMs,
      work: challenge.parameters.data.work,
      status: answer.status,
    };
  } finally {
    await server.stop();
  }
}

async function measure(): Promise<BenchFigure[]> {
  // The defaults (a normal rate of 30 starts per address) against a rate no address reaches.
  const defaults = await measureStarts({}, "the Kalinga server, default challenge settings");
  const never = await measureStarts(
    { CLAIM_START_ADDRESS_LIMIT: "1000000" },
    "the Kalinga server, no challenge reachable",
  );
  const ratio = defaults.medianMs / never.medianMs;
  const paid = await paidStart();
  return [
    {
      name: "challenges below the normal rate",
      value: defaults.challenges,
      unit: "",
      budget: { max: 0 },
      note: `${starts} claimants, each from its own address`,
    },
    {
      name: "round trips per start below the normal rate",
      value: defaults.roundTrips,
      unit: "",
      budget: { max: 1 },
    },
    {
      name: "failed starts",
      value: defaults.failures + never.failures,
      unit: "",
      budget: { max: 0 },
    },
    { name: "initClaimRequest median, default settings", value: defaults.medianMs, unit: "ms" },
    { name: "initClaimRequest median, no challenge", value: never.medianMs, unit: "ms" },
    {
      name: "latency with the challenge / without",
      value: ratio,
      unit: "",
      budget: { max: maxLatencyRatio },
      note: "the same code below the rate; the rest is noise",
    },
    {
      name: "start above the normal rate, status",
      value: paid.status,
      unit: "",
      budget: { max: 200 },
    },
    {
      name: "start above the normal rate, end to end",
      value: paid.totalMs,
      unit: "ms",
      note: `work ${paid.work}: challenge, solve, repeat`,
    },
    {
      name: "largest work (50,000) at the same speed",
      value: (paid.solveMs / paid.work) * 50_000,
      unit: "ms",
      note: "Node; the cap below the SMS ceiling",
    },
  ];
}

await runBench("Proof-of-work challenge: what a claimant pays", measure);
