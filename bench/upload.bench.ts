/**
 * Upload of a photo just under the 10 MB limit through the real server, two ways, each on a fresh
 * server:
 * - one after another: wall time of `POST /api/claims/uploadDocument` (median of
 *   KALINGA_UPLOAD_BENCH_RUNS uploads, default 5, each to a fresh OTP-verified claim, after one
 *   warm-up upload) and the server's peak memory against its idle RSS;
 * - four at once (KALINGA_UPLOAD_BENCH_PARALLEL) on a server that has served one upload: the
 *   server's peak memory against its RSS before them, the figure the memory of a busy server
 *   follows (the first upload's one-time growth is printed apart).
 * Peak memory is VmHWM of the server's process, reset to its RSS before the uploads where Linux
 * allows. The server runs from apps/server/src/main.ts with NODE_ENV=test and KALINGA_DEMO=true (the
 * SMS outbox the OTP is read from) on PostgreSQL when DATABASE_URL is set, else on PGlite in a fresh
 * temp folder, with the default document limits. The photo is random noise over a gradient, JPEG
 * quality 92, 6000 px wide: about 21 megapixels, as many as a phone camera's and well under the
 * server's 50-megapixel limit, so the server decodes, scales down and re-encodes a real photo's load.
 */
import { type BenchFigure, runBench } from "./support/bench-figure.ts";
import { type RunningServer, startNodeServer } from "./support/node-server.ts";
import {
  idSlotKey,
  MB,
  makePhoto,
  maxFileMb,
  memoryOf,
  type Photo,
  resetPeak,
  upload,
  type VerifiedClaim,
  verifiedClaim,
} from "./support/upload-client.ts";

const runs = Number(process.env.KALINGA_UPLOAD_BENCH_RUNS ?? 5);
const parallel = Number(process.env.KALINGA_UPLOAD_BENCH_PARALLEL ?? 4);
const uploadTimeBudgetMs = 3_000;
const peakGrowthBudgetMb = 250;
const parallelGrowthBudgetMb = 150;
const database = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

type Idle = { claims: VerifiedClaim[]; idleMb: number; peakBeforeMb: number; peakReset: boolean };

/** A fresh server with `count` verified claims, settled, its peak reset to its idle RSS. */
async function withIdleServer<T>(
  count: number,
  measureOn: (server: RunningServer, idle: Idle) => Promise<T>,
): Promise<T> {
  const server = await startNodeServer("apps/server/src/main.ts", {
    label: "the Kalinga server",
    keepDatabaseUrl: true,
    env: {
      NODE_ENV: "test",
      KALINGA_DEMO: "true",
      DOCUMENT_MAX_FILE_MB: String(maxFileMb),
      // Every call comes from 127.0.0.1 and one mobile number range: throttling is not measured here.
      OTP_SEND_ADDRESS_LIMIT: "100000",
      CLAIM_START_ADDRESS_LIMIT: "100000",
      OTP_MOBILE_DAILY_LIMIT: "1000",
    },
  });
  try {
    const claims: VerifiedClaim[] = [];
    // Numbers differ per run so a shared PostgreSQL database's daily OTP counts never run out.
    const prefix = String(Date.now() % 1000).padStart(3, "0");
    for (let index = 0; index < count; index++) {
      const mobileNumber = `917${prefix}${String(index).padStart(4, "0")}`;
      claims.push(await verifiedClaim(server, mobileNumber));
    }
    // Idle: started, claims written, no upload yet; the garbage of the claim calls may still be there.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const before = memoryOf(server.pid);
    const peakReset = resetPeak(server.pid);
    const idleMb = memoryOf(server.pid).rssMb;
    return await measureOn(server, { claims, idleMb, peakBeforeMb: before.peakMb, peakReset });
  } finally {
    await server.stop();
  }
}

function peakNote(idle: Idle): string {
  return idle.peakReset
    ? "VmHWM reset to the idle RSS before the uploads"
    : `VmHWM not resettable here: includes start-up (${idle.peakBeforeMb.toFixed(0)} MB before the uploads)`;
}

async function oneAfterAnother(photo: Photo, slotKey: string): Promise<BenchFigure[]> {
  return withIdleServer(runs + 1, async (server, idle) => {
    const [warmUpClaim, ...measuredClaims] = idle.claims;
    if (warmUpClaim === undefined) throw new Error("no claim to upload to");
    const coldMs = await upload(server, warmUpClaim, slotKey, photo);
    const times: number[] = [];
    for (const claim of measuredClaims) times.push(await upload(server, claim, slotKey, photo));
    const after = memoryOf(server.pid);
    process.stdout.write(
      `one after another: first ${Math.round(coldMs)} ms, then ${times.map((ms) => Math.round(ms)).join(", ")} ms;` +
        ` idle RSS ${idle.idleMb.toFixed(0)} MB, peak ${after.peakMb.toFixed(0)} MB\n`,
    );
    return [
      {
        name: "upload wall time (median)",
        value: median(times),
        unit: "ms",
        budget: { max: uploadTimeBudgetMs },
        note: `${times.length} uploads to fresh claims after a warm-up, ${database}, loopback`,
      },
      { name: "upload wall time (slowest)", value: Math.max(...times), unit: "ms" },
      { name: "first upload after start", value: coldMs, unit: "ms", note: "not in the median" },
      { name: "server idle RSS", value: idle.idleMb, unit: "MB" },
      { name: "server peak RSS", value: after.peakMb, unit: "MB", note: peakNote(idle) },
      {
        name: "peak RSS growth over idle",
        value: after.peakMb - idle.idleMb,
        unit: "MB",
        budget: { max: peakGrowthBudgetMb },
        note: `${runs + 1} uploads one after another`,
      },
    ];
  });
}

async function atOnce(photo: Photo, slotKey: string): Promise<BenchFigure[]> {
  return withIdleServer(parallel + 1, async (server, idle) => {
    const [warmUpClaim, ...claims] = idle.claims;
    if (warmUpClaim === undefined) throw new Error("no claim to upload to");
    // A server that has served one upload: its libraries' code is paged in and its JIT warm, a
    // one-time cost printed apart from the growth the parallel uploads themselves cause.
    await upload(server, warmUpClaim, slotKey, photo);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const warmMb = memoryOf(server.pid).rssMb;
    const peakReset = resetPeak(server.pid);
    const startedAt = performance.now();
    const times = await Promise.all(claims.map((claim) => upload(server, claim, slotKey, photo)));
    const allMs = performance.now() - startedAt;
    const after = memoryOf(server.pid);
    const growth = after.peakMb - warmMb;
    process.stdout.write(
      `${parallel} parallel ${maxFileMb} MB uploads: +${growth.toFixed(0)} MB (budget ${parallelGrowthBudgetMb}),` +
        ` ${database}; idle RSS ${idle.idleMb.toFixed(0)} MB, ${warmMb.toFixed(0)} MB after one upload,` +
        ` peak ${after.peakMb.toFixed(0)} MB; answered in ${times.map((ms) => Math.round(ms)).join(", ")} ms\n`,
    );
    const note = peakReset ? "VmHWM reset before them" : "VmHWM not resettable here";
    return [
      {
        name: "RSS growth of the first upload",
        value: warmMb - idle.idleMb,
        unit: "MB",
        note: "libraries paged in, JIT; settled 1 s after it",
      },
      {
        name: `${parallel} parallel ${maxFileMb} MB uploads`,
        value: growth,
        unit: "MB",
        budget: { max: parallelGrowthBudgetMb },
        note: `peak RSS growth over the RSS after one upload, ${database}; ${note}`,
      },
      {
        name: `${parallel} parallel uploads, all answered`,
        value: allMs,
        unit: "ms",
        note: `slowest answer of the ${parallel}`,
      },
    ];
  });
}

async function measure(): Promise<BenchFigure[]> {
  const slotKey = idSlotKey();
  const photo = await makePhoto();
  const photoText = `${(photo.sizeBytes / MB).toFixed(2)} MiB JPEG, ${photo.width}×${photo.height} px`;
  process.stdout.write(`photo: ${photoText}, slot ${slotKey}, ${database}\n`);
  const sequential = await oneAfterAnother(photo, slotKey);
  const concurrent = await atOnce(photo, slotKey);
  return [
    { name: "photo uploaded", value: photo.sizeBytes / MB, unit: "MiB", note: photoText },
    ...sequential,
    ...concurrent,
  ];
}

await runBench(`Upload of a 10 MB photo (apps/server, ${database})`, measure);
