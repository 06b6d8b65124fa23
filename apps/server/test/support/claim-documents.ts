import { readdir } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { API_KEY, type StartedClaim } from "./test-app.ts";

// The multipart upload calls as the widget sends them: a slot's file while filing, a requested
// item's file while tracking.

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

/** The claim call's headers on a multipart body: the api key, the token, an idempotency key. */
function uploadHeaders(
  contentType: string,
  token: string,
  idempotencyKey?: string,
): Record<string, string> {
  return {
    "content-type": contentType,
    "x-api-key": API_KEY,
    authorization: `Bearer ${token}`,
    ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
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
  const headers = {
    ...uploadHeaders(contentType, options.token ?? claim.token, options.idempotencyKey),
    ...options.headers,
  };
  return app.inject({ method: "POST", url: "/api/claims/uploadDocument", headers, payload });
}

export type RequirementUpload = {
  /** The tracked claim the item was asked for. */
  webReferenceNumber: string;
  requirementId: string;
  bytes: Uint8Array;
  filename?: string;
  idempotencyKey?: string;
};

/** uploadRequirementDocument from a tracking check: a file for an item the insurer asked for. */
export function uploadRequirementDocument(
  app: FastifyInstance,
  check: StartedClaim,
  upload: RequirementUpload,
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartBody(
    { webReferenceNumber: upload.webReferenceNumber, requirementId: upload.requirementId },
    {
      name: "file",
      filename: upload.filename ?? "receipt.jpg",
      bytes: upload.bytes,
      contentType: "image/jpeg",
    },
  );
  return app.inject({
    method: "POST",
    url: "/api/claims/uploadRequirementDocument",
    headers: uploadHeaders(contentType, check.token, upload.idempotencyKey),
    payload,
  });
}

/** A small real JPEG, as a phone's photo arrives after the widget shrank it. */
export function samplePhoto(background = "#336699"): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

/** How many files the documents folder holds (one folder level of key prefixes). */
export async function countStoredFiles(documentsDir: string): Promise<number> {
  const folders = await readdir(documentsDir).catch(() => []);
  let count = 0;
  for (const folder of folders) count += (await readdir(path.join(documentsDir, folder))).length;
  return count;
}
