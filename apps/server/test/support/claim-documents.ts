import { accidentPayload } from "@kalinga/domain/fixtures/claim-fixtures";
import { mandatorySlotKeys, slotFactsOfPayload } from "@kalinga/domain/upload-slots";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { submitBodyOf, TODAY } from "./claim-payloads.ts";
import {
  API_KEY,
  callClaim,
  latestCode,
  requestCode,
  type StartedClaim,
  startClaim,
  validateCode,
} from "./test-app.ts";

// Claims ready for documents (OTP passed) and the multipart uploadDocument call as the widget
// sends it.

export async function verifiedClaim(app: FastifyInstance): Promise<StartedClaim> {
  const claim = await startClaim(app);
  const sent = await requestCode(app, claim);
  if (sent.statusCode !== 200) throw new Error(`requestOneTimePIN answered ${sent.statusCode}`);
  const validated = await validateCode(app, claim, await latestCode(app));
  if (validated.statusCode !== 200)
    throw new Error(`validateOneTimePIN answered ${validated.statusCode}`);
  return { ...claim, token: (validated.json() as { token: string }).token };
}

export type UploadOptions = {
  slotKey: string;
  bytes: Uint8Array;
  filename?: string;
  replace?: boolean;
  webReferenceNumber?: string;
  idempotencyKey?: string;
  /** More headers, such as the portal's assertion on a logged-in channel. */
  headers?: Record<string, string>;
  token?: string;
};

/** A multipart/form-data body: the text fields first, then the file. */
export function multipartBody(
  fields: Record<string, string>,
  file: { name: string; filename: string; bytes: Uint8Array; contentType?: string } | null,
): { payload: Buffer; contentType: string } {
  const boundary = `----kalinga${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? "application/octet-stream"}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export function uploadDocument(
  app: FastifyInstance,
  claim: StartedClaim,
  options: UploadOptions,
): Promise<LightMyRequestResponse> {
  const fields: Record<string, string> = {
    webReferenceNumber: options.webReferenceNumber ?? claim.webReferenceNumber,
    slotKey: options.slotKey,
  };
  if (options.replace !== undefined) fields.replace = String(options.replace);
  const { payload, contentType } = multipartBody(fields, {
    name: "file",
    filename: options.filename ?? "photo.jpg",
    bytes: options.bytes,
    contentType: "image/jpeg",
  });
  const headers: Record<string, string> = {
    "content-type": contentType,
    "x-api-key": API_KEY,
    authorization: `Bearer ${options.token ?? claim.token}`,
  };
  if (options.idempotencyKey) headers["idempotency-key"] = options.idempotencyKey;
  Object.assign(headers, options.headers);
  return app.inject({ method: "POST", url: "/api/claims/uploadDocument", headers, payload });
}

/** A small real JPEG, as a phone's photo arrives after the widget shrank it. */
export function samplePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: "#336699" } })
    .jpeg()
    .toBuffer();
}

/** A claim filed as the widget files it: the OTP, a photo in each mandatory slot, the submit. */
export async function submittedClaim(app: FastifyInstance): Promise<StartedClaim> {
  const claim = await verifiedClaim(app);
  const bytes = await samplePhoto();
  for (const slotKey of mandatorySlotKeys(slotFactsOfPayload(accidentPayload, TODAY))) {
    const uploaded = await uploadDocument(app, claim, { slotKey, bytes });
    if (uploaded.statusCode !== 200) throw new Error(`uploadDocument answered ${uploaded.body}`);
  }
  const submitted = await callClaim(app, "finalSubmitClaim", submitBodyOf(claim), {
    token: claim.token,
  });
  if (submitted.statusCode !== 200) throw new Error(`finalSubmitClaim answered ${submitted.body}`);
  return claim;
}
