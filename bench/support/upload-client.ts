/**
 * The client side of the upload benchmark: a photo just under the file limit, claims verified
 * through the SMS outbox of the demo mode, one upload as the widget sends it, and the server's
 * memory read from /proc.
 */
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { API_KEY_HEADER, CLAIM_API_PATHS, UPLOAD_DOCUMENT_FIELDS } from "@kalinga/domain/claim-api";
import { buildUploadSlots } from "@kalinga/domain/upload-slots";
import sharp from "sharp";
import type { RunningServer } from "./node-server.ts";

/** DOCUMENT_MAX_FILE_MB's default, passed to the server too so the photo and the limit agree. */
export const maxFileMb = 10;
const maxFileBytes = maxFileMb * 1024 * 1024;
// The photo lands in this window: just under the limit, never over it.
const smallestPhotoBytes = maxFileBytes - 512 * 1024;
const largestPhotoBytes = maxFileBytes - 32 * 1024;

export const MB = 1024 * 1024;
/**
 * The widget key the demo's companies name (their widgetApiKeyIds): the server's development key,
 * which it takes outside production when KALINGA_API_KEYS is not set.
 */
const demoWidgetKey = "kalinga-dev-key";
const basicInformation = { companyName: "Kalinga Life", channelName: "Corporate Website" };
const apiBase = "/api/claims";

/** The claimant's valid-ID slot of a living accident claim: one file, always asked for. */
export function idSlotKey(): string {
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

export type Photo = { sizeBytes: number; blob: Blob; width: number; height: number };

/**
 * Noise of ±32 levels over a gradient: JPEG cannot squeeze it, so 10 MB holds about as many pixels
 * as a phone photo. Rows are cropped until the file size falls in the window.
 */
export async function makePhoto(): Promise<Photo> {
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
    [API_KEY_HEADER]: demoWidgetKey,
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

export type VerifiedClaim = { webReferenceNumber: string; token: string };

/** initClaimRequest → requestOneTimePIN → the code from the SMS outbox → validateOneTimePIN. */
export async function verifiedClaim(
  server: RunningServer,
  mobileNumber: string,
): Promise<VerifiedClaim> {
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
export async function upload(
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
    headers: { [API_KEY_HEADER]: demoWidgetKey, authorization: `Bearer ${claim.token}` },
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

export type Memory = { rssMb: number; peakMb: number };

export function memoryOf(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = (field: string) => {
    const match = status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
    if (!match?.[1]) throw new Error(`/proc/${pid}/status has no ${field}`);
    return Number(match[1]);
  };
  return { rssMb: kilobytes("VmRSS") / 1024, peakMb: kilobytes("VmHWM") / 1024 };
}

/** Sets the process's peak RSS back to its current RSS; false where the kernel does not allow it. */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}
