import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import {
  API_KEY,
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
  return app.inject({ method: "POST", url: "/api/claims/uploadDocument", headers, payload });
}
