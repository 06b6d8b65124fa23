import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import type { UploadedDocument } from "@kalinga/domain/claim-api";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import type { DevClaimRecord } from "../src/claims/dev-claim-record.ts";
import { loadConfig } from "../src/config.ts";
import type { Database } from "../src/db/database.ts";
import { openPgliteDatabase } from "../src/db/pglite-database.ts";
import { openPostgresDatabase } from "../src/db/postgres-database.ts";
import { sweepOrphanFiles } from "../src/documents/document-sweep.ts";
import { openDocumentStore } from "../src/documents/open-document-store.ts";
import { textPdf } from "./fixtures/pdf-files.ts";
import { ACCIDENT_MANDATORY_SLOTS, submitBodyOf } from "./support/claim-payloads.ts";
import {
  documentForm,
  postClaimCall,
  uploadOn,
  verifiedClaimOn,
} from "./support/process-client.ts";
import { exited, killOutright, type ServerProcess, startServer } from "./support/server-process.ts";
import { API_KEY, basicInformation } from "./support/test-app.ts";
import { serverDatabaseEnv, testDatabaseKind } from "./support/test-database.ts";

// The server process is killed (SIGKILL) right after acknowledging an upload and in the middle of
// another one, then started again on the same data: every acknowledged document is still listed
// with its bytes intact, the interrupted upload left neither a row nor a file, and the claim is
// submitted with what was uploaded.

type Claim = { webReferenceNumber: string; token: string };

let database: Awaited<ReturnType<typeof serverDatabaseEnv>>;
const running = new Set<ServerProcess>();

async function start(): Promise<ServerProcess> {
  const server = await startServer(database.env);
  running.add(server);
  return server;
}

beforeAll(async () => {
  database = await serverDatabaseEnv();
});
afterEach(async () => {
  for (const server of running) await killOutright(server);
  running.clear();
});
afterAll(async () => {
  await database.cleanUp();
});

const post = (server: ServerProcess, call: string, body: unknown, token?: string) =>
  postClaimCall(server.baseUrl, call, body, token);

const verifiedClaim = (server: ServerProcess): Promise<Claim> => verifiedClaimOn(server.baseUrl);

const uploadForm = (claim: Claim, slotKey: string, file: Uint8Array, filename: string) =>
  documentForm(claim, slotKey, file, filename);

async function upload(
  server: ServerProcess,
  claim: Claim,
  slotKey: string,
  file: Uint8Array,
  filename: string,
): Promise<UploadedDocument> {
  const response = await uploadOn(
    server.baseUrl,
    claim,
    uploadForm(claim, slotKey, file, filename),
  );
  expect(response.status).toBe(200);
  return (response.body as { document: UploadedDocument }).document;
}

/**
 * Sends an upload in 64 KB pieces, 10 ms apart, and kills the server once `killAfterBytes` of the
 * body have left: the server is reading the file part when it dies. Resolves with whether any
 * answer came back (none must).
 */
async function killDuringUpload(
  server: ServerProcess,
  claim: Claim,
  slotKey: string,
  file: Uint8Array,
  killAfterBytes: number,
): Promise<{ answered: boolean; sentBytes: number; totalBytes: number }> {
  const { payload, contentType } = uploadForm(claim, slotKey, file, "large-scan.jpg");
  const url = new URL(`${server.baseUrl}/api/claims/uploadDocument`);
  let answered = false;
  const request = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: "POST",
    headers: {
      "content-type": contentType,
      "content-length": String(payload.byteLength),
      "x-api-key": API_KEY,
      authorization: `Bearer ${claim.token}`,
    },
  });
  request.on("response", () => {
    answered = true;
  });
  const closed = new Promise<void>((resolve) => {
    request.on("error", () => resolve());
    request.on("close", () => resolve());
  });
  const piece = 64 * 1024;
  let sentBytes = 0;
  while (sentBytes < killAfterBytes) {
    const chunk = payload.subarray(sentBytes, sentBytes + piece);
    await new Promise<void>((resolve, reject) =>
      request.write(chunk, (error) => (error ? reject(error) : resolve())),
    );
    sentBytes += chunk.byteLength;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await killOutright(server);
  running.delete(server);
  await closed;
  return { answered, sentBytes, totalBytes: payload.byteLength };
}

async function recordOf(server: ServerProcess, webReferenceNumber: string) {
  const response = await fetch(`${server.baseUrl}/api/dev/claims/${webReferenceNumber}`);
  expect(response.status).toBe(200);
  return (await response.json()) as DevClaimRecord;
}

async function listed(server: ServerProcess, claim: Claim): Promise<string[]> {
  const response = await post(
    server,
    "listDocuments",
    { basicInformation, webReferenceNumber: claim.webReferenceNumber },
    claim.token,
  );
  expect(response.status).toBe(200);
  return (response.body.documents as UploadedDocument[]).map((document) => document.id);
}

/** The database the servers used, opened in this process once none of them runs. */
function openServerDatabase(): Promise<Database> | Database {
  if (testDatabaseKind() === "postgres") {
    return openPostgresDatabase({ connectionString: database.env.DATABASE_URL as string });
  }
  return openPgliteDatabase(path.join(database.env.KALINGA_DATA_DIR as string, "pglite"));
}

/** Every file name under the document store, leftovers of unfinished writes included. */
async function filesInStore(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("a server killed between the uploads and the submit", () => {
  test("keeps every acknowledged document, leaves nothing of the interrupted one, and submits", {
    timeout: 60_000,
  }, async () => {
    const [first, second, third, ...rest] = ACCIDENT_MANDATORY_SLOTS as [
      string,
      string,
      string,
      ...string[],
    ];
    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: "#2f6f4f" },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    const pdf = await textPdf(2);
    // A noisy photo compresses badly: a few megabytes, well under the 10 MB limit.
    const largePhoto = await sharp({
      create: {
        width: 2400,
        height: 1800,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    expect(largePhoto.byteLength).toBeGreaterThan(2 * 1024 * 1024);
    expect(largePhoto.byteLength).toBeLessThan(9 * 1024 * 1024);

    // (a) Killed right after the JPEG's 200.
    const a = await start();
    const claim = await verifiedClaim(a);
    const jpegDocument = await upload(a, claim, first, photo, "receipt.jpg");
    await killOutright(a);
    running.delete(a);

    // (b) Restarted: the JPEG is there; a PDF is acknowledged, then a large photo is cut off.
    const b = await start();
    expect(await listed(b, claim)).toEqual([jpegDocument.id]);
    const pdfDocument = await upload(b, claim, second, pdf, "hospital-record.pdf");
    const cut = await killDuringUpload(b, claim, third, largePhoto, 1024 * 1024);
    expect(cut.answered).toBe(false);
    expect(cut.sentBytes).toBeLessThan(cut.totalBytes / 2);

    // Restarted again: exactly the two acknowledged documents, then the claim is completed.
    const c = await start();
    expect(await listed(c, claim)).toEqual([jpegDocument.id, pdfDocument.id]);
    const beforeSubmit = await recordOf(c, claim.webReferenceNumber);
    expect(beforeSubmit.documents.map(({ id, slotKey }) => ({ id, slotKey }))).toEqual([
      { id: jpegDocument.id, slotKey: first },
      { id: pdfDocument.id, slotKey: second },
    ]);
    const completed = [];
    for (const slotKey of [third, ...rest]) {
      completed.push(await upload(c, claim, slotKey, photo, `${slotKey}.jpg`));
    }
    const submitted = await post(c, "finalSubmitClaim", submitBodyOf(claim), claim.token);
    expect(submitted.status).toBe(200);
    expect(submitted.body.returnCode).toBe("0");
    const afterSubmit = await recordOf(c, claim.webReferenceNumber);
    expect(afterSubmit.status).toBe("CLAIM APPLICATION SUBMITTED");
    expect(afterSubmit.documents.map(({ id, slotRequired }) => ({ id, slotRequired }))).toEqual(
      [jpegDocument, pdfDocument, ...completed].map(({ id }) => ({ id, slotRequired: true })),
    );
    c.child.kill("SIGTERM");
    expect(await exited(c.child)).toBe(0);
    running.delete(c);

    // With no server running, the database and the store as they were left.
    const db = await openServerDatabase();
    const documentsDir = path.join(database.env.KALINGA_DATA_DIR as string, "documents");
    // The store as the server opened it: its documents encrypted with the key of its data folder.
    const store = await openDocumentStore(loadConfig({ NODE_ENV: "test", ...database.env }));
    try {
      const { rows } = await db.query<{
        id: string;
        slot_key: string;
        storage_key: string;
        sha256: string;
        status: string;
      }>("SELECT id, slot_key, storage_key, sha256, status FROM claim_documents ORDER BY seq");
      // No row for the interrupted upload: one stored row per acknowledged upload, none deleted.
      expect(rows.map(({ id, status }) => ({ id, status }))).toEqual(
        [jpegDocument, pdfDocument, ...completed].map(({ id }) => ({ id, status: "stored" })),
      );
      for (const row of rows) {
        expect(sha256(await store.get(row.storage_key)), row.slot_key).toBe(row.sha256);
      }
      const recorded = rows.map((row) => row.storage_key).sort();
      // Whatever the interrupted upload may have left on disk is for the orphan sweep (here
      // without its grace period) to remove; the acknowledged files must survive it.
      const before = await filesInStore(documentsDir);
      expect(before).toEqual(expect.arrayContaining(recorded));
      const swept = await sweepOrphanFiles(db, store, { now: new Date(), graceMs: 0 });
      expect(swept.removedFiles + swept.removedUnfinishedWrites).toBe(
        before.length - recorded.length,
      );
      expect(await filesInStore(documentsDir)).toEqual(recorded);
    } finally {
      await db.close();
    }
  });
});
