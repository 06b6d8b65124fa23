/**
 * Upload of a photo just under the 10 MB limit through the real server: wall time of
 * `POST /api/claims/uploadDocument` (median of KALINGA_UPLOAD_BENCH_RUNS uploads, default 5, each to
 * a fresh OTP-verified claim, after one warm-up upload) and the server's peak memory (VmHWM of its
 * process, reset before the uploads where Linux allows) against its idle RSS. The server runs from
 * apps/server/src/main.ts with NODE_ENV=test and KALINGA_DEMO=true (the SMS outbox the OTP is read
 * from) on PGlite in a fresh temp folder, with the default document limits. The photo is random noise over a gradient,
 * JPEG quality 92, 6000 px wide: about 21 megapixels, as many as a phone camera's and well under the
 * server's 50-megapixel limit, so the server decodes, scales down and re-encodes a real photo's load.
 */
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { API_KEY_HEADER, CLAIM_API_PATHS, UPLOAD_DOCUMENT_FIELDS } from "@kalinga/domain/claim-api";
import { buildUploadSlots } from "@kalinga/domain/upload-slots";
import sharp from "sharp";
import { type BenchFigure, runBench } from "./support/bench-figure.ts";
import { benchApiKey, type RunningServer, startNodeServer } from "./support/node-server.ts";

const runs = Number(process.env.KALINGA_UPLOAD_BENCH_RUNS ?? 5);
const uploadTimeBudgetMs = 3_000;
const peakGrowthBudgetMb = 250;

/** DOCUMENT_MAX_FILE_MB's default, passed to the server too so the photo and the limit agree. */
const maxFileMb = 10;
const maxFileBytes = maxFileMb * 1024 * 1024;
// The photo lands in this window: just under the limit, never over it.
const smallestPhotoBytes = maxFileBytes - 512 * 1024;
const largestPhotoBytes = maxFileBytes - 32 * 1024;

const MB = 1024 * 1024;
const basicInformation = { companyName: "Kalinga Life", channelName: "Corporate Website" };
const apiBase = "/api/claims";

/** The claimant's valid-ID slot of a living accident claim: one file, always asked for. */
function idSlotKey(): string {
  const slots = buildUploadSlots({
    claimType: "Living",
    nature: "AC",
    benefits: {
      surgery: false,
      confinement: false,
      dismembermentAmputation: false,
      disability: false,
    },
    corporatePolicy: false,
    beneficiaries: [],
    owner: { usPerson: false, foreign: false },
  });
  const slot = slots.find((candidate) => candidate.max === 1 && candidate.mandatory);
  if (slot === undefined) throw new Error("a living accident claim has no one-file mandatory slot");
  return slot.key;
}

type Photo = { sizeBytes: number; blob: Blob; width: number; height: number };

/**
 * Noise of ±32 levels over a gradient: JPEG cannot squeeze it, so 10 MB holds about as many pixels
 * as a phone photo. Rows are cropped until the file size falls in the window.
 */
async function makePhoto(): Promise<Photo> {
  const width = 6000;
  const fullHeight = 4000;
  const amplitude = 32;
  const noise = randomBytes(width * fullHeight * 3);
  const raw = Buffer.alloc(noise.length);
  for (let y = 0; y < fullHeight; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const base = [(x * 255) / width, (y * 255) / fullHeight, 128];
      for (let channel = 0; channel < 3; channel++) {
        const value =
          (base[channel] ?? 0) + ((noise[i + channel] ?? 0) % (2 * amplitude + 1)) - amplitude;
        raw[i + channel] = Math.max(0, Math.min(255, Math.round(value)));
      }
    }
  }
  const target = (smallestPhotoBytes + largestPhotoBytes) / 2;
  let height = fullHeight;
  for (let attempt = 0; attempt < 8; attempt++) {
    const bytes = await sharp(raw, { raw: { width, height: fullHeight, channels: 3 } })
      .extract({ left: 0, top: 0, width, height })
      .jpeg({ quality: 92 })
      .toBuffer();
    if (bytes.length >= smallestPhotoBytes && bytes.length <= largestPhotoBytes) {
      const blob = new Blob([new Uint8Array(bytes)], { type: "image/jpeg" });
      return { sizeBytes: bytes.length, blob, width, height };
    }
    // The size grows with the rows almost linearly: scale them towards the middle of the window.
    height = Math.min(fullHeight, Math.floor((height * target) / bytes.length));
  }
  throw new Error(`no photo between ${smallestPhotoBytes} and ${largestPhotoBytes} bytes`);
}

async function postJson<T>(
  server: RunningServer,
  call: string,
  body: Record<string, unknown>,
  token?: string,
): Promise<T> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    [API_KEY_HEADER]: benchApiKey,
  };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${server.baseUrl}${apiBase}${call}`, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${call} answered HTTP ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

type VerifiedClaim = { webReferenceNumber: string; token: string };

/** initClaimRequest → requestOneTimePIN → the code from the SMS outbox → validateOneTimePIN. */
async function verifiedClaim(server: RunningServer, mobileNumber: string): Promise<VerifiedClaim> {
  const started = await postJson<VerifiedClaim>(server, CLAIM_API_PATHS.initClaimRequest, {
    basicInformation,
  });
  const { webReferenceNumber } = started;
  await postJson(
    server,
    CLAIM_API_PATHS.requestOneTimePIN,
    { basicInformation, webReferenceNumber, countryCode: "63", mobileNumber, firstName: "Maria" },
    started.token,
  );
  const outbox = await fetch(`${server.baseUrl}/api/dev/outbox?to=63${mobileNumber}`);
  if (!outbox.ok) throw new Error(`GET /api/dev/outbox answered HTTP ${outbox.status}`);
  const { messages } = (await outbox.json()) as { messages: { text: string }[] };
  const oneTimePIN = messages.at(-1)?.text.match(/\b(\d{6})\b/)?.[1];
  if (!oneTimePIN) throw new Error(`no code in the outbox for 63${mobileNumber}`);
  const validated = await postJson<{ token: string }>(
    server,
    CLAIM_API_PATHS.validateOneTimePIN,
    { basicInformation, webReferenceNumber, oneTimePIN },
    started.token,
  );
  return { webReferenceNumber, token: validated.token };
}

/** One upload as the widget sends it; returns its wall time in ms. */
async function upload(
  server: RunningServer,
  claim: VerifiedClaim,
  slotKey: string,
  photo: Photo,
): Promise<number> {
  const form = new FormData();
  form.append(UPLOAD_DOCUMENT_FIELDS.webReferenceNumber, claim.webReferenceNumber);
  form.append(UPLOAD_DOCUMENT_FIELDS.slotKey, slotKey);
  form.append(UPLOAD_DOCUMENT_FIELDS.file, photo.blob, "ID front.jpg");
  const startedAt = performance.now();
  const response = await fetch(`${server.baseUrl}${apiBase}${CLAIM_API_PATHS.uploadDocument}`, {
    method: "POST",
    headers: { [API_KEY_HEADER]: benchApiKey, authorization: `Bearer ${claim.token}` },
    body: form,
  });
  const text = await response.text();
  const took = performance.now() - startedAt;
  if (!response.ok) {
    throw new Error(`uploadDocument answered HTTP ${response.status}: ${text.slice(0, 300)}`);
  }
  const body = JSON.parse(text) as { returnCode?: string; document?: { sizeBytes?: number } };
  if (body.returnCode !== "0" || !body.document?.sizeBytes) {
    throw new Error(`uploadDocument stored nothing: ${text.slice(0, 300)}`);
  }
  return took;
}

type Memory = { rssMb: number; peakMb: number };

function memoryOf(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = (field: string) => {
    const match = status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
    if (!match?.[1]) throw new Error(`/proc/${pid}/status has no ${field}`);
    return Number(match[1]);
  };
  return { rssMb: kilobytes("VmRSS") / 1024, peakMb: kilobytes("VmHWM") / 1024 };
}

/** Sets the process's peak RSS back to its current RSS; false where the kernel does not allow it. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

async function measure(): Promise<BenchFigure[]> {
  const slotKey = idSlotKey();
  const photo = await makePhoto();
  const photoText = `${(photo.sizeBytes / MB).toFixed(2)} MiB JPEG, ${photo.width}×${photo.height} px`;
  process.stdout.write(`photo: ${photoText}, slot ${slotKey}\n`);

  const server = await startNodeServer("apps/server/src/main.ts", {
    label: "the Kalinga server",
    env: {
      NODE_ENV: "test",
      KALINGA_DEMO: "true",
      KALINGA_API_KEYS: benchApiKey,
      DOCUMENT_MAX_FILE_MB: String(maxFileMb),
      // Every call comes from 127.0.0.1 and one mobile number range: throttling is not measured here.
      OTP_SEND_ADDRESS_LIMIT: "100000",
      CLAIM_START_ADDRESS_LIMIT: "100000",
      OTP_MOBILE_DAILY_LIMIT: "1000",
    },
  });
  try {
    const claims: VerifiedClaim[] = [];
    for (let index = 0; index <= runs; index++) {
      claims.push(await verifiedClaim(server, `91712345${String(index).padStart(2, "0")}`));
    }
    // Idle: started, claims written, no upload yet; the garbage of the claim calls may still be there.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const before = memoryOf(server.pid);
    const peakReset = resetPeak(server.pid);
    const idle = memoryOf(server.pid);

    const [warmUpClaim, ...measuredClaims] = claims;
    if (warmUpClaim === undefined) throw new Error("no claim to upload to");
    const coldMs = await upload(server, warmUpClaim, slotKey, photo);
    const times: number[] = [];
    for (const claim of measuredClaims) times.push(await upload(server, claim, slotKey, photo));
    const after = memoryOf(server.pid);
    process.stdout.write(
      `uploads: first ${Math.round(coldMs)} ms, then ${times.map((ms) => Math.round(ms)).join(", ")} ms\n` +
        `memory: idle RSS ${idle.rssMb.toFixed(0)} MB, peak ${after.peakMb.toFixed(0)} MB` +
        ` (peak before the uploads ${before.peakMb.toFixed(0)} MB${peakReset ? ", reset" : ", not resettable"})\n`,
    );

    const peakNote = peakReset
      ? "VmHWM reset to the idle RSS before the uploads"
      : `VmHWM not resettable here: includes start-up (${before.peakMb.toFixed(0)} MB before the uploads)`;
    return [
      { name: "photo uploaded", value: photo.sizeBytes / MB, unit: "MiB", note: photoText },
      {
        name: "upload wall time (median)",
        value: median(times),
        unit: "ms",
        budget: { max: uploadTimeBudgetMs },
        note: `${times.length} uploads to fresh claims after a warm-up, PGlite, loopback`,
      },
      { name: "upload wall time (slowest)", value: Math.max(...times), unit: "ms" },
      {
        name: "first upload after start",
        value: coldMs,
        unit: "ms",
        note: "warm-up, not in the median",
      },
      { name: "server idle RSS", value: idle.rssMb, unit: "MB" },
      { name: "server peak RSS", value: after.peakMb, unit: "MB", note: peakNote },
      {
        name: "peak RSS growth over idle",
        value: after.peakMb - idle.rssMb,
        unit: "MB",
        budget: { max: peakGrowthBudgetMb },
        note: `${runs + 1} uploads one after another`,
      },
    ];
  } finally {
    await server.stop();
  }
}

await runBench("Upload of a 10 MB photo (apps/server, PGlite)", measure);
