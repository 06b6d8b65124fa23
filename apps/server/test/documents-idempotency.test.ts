import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDiskDocumentStore } from "../src/documents/disk-document-store.ts";
import { isDocumentChangeRefusal, storeDocument } from "../src/documents/document-service.ts";
import {
  abandonIdempotentRequest,
  beginIdempotentRequest,
  completeIdempotentRequest,
  idempotencyRequestHash,
  isIdempotencyKey,
} from "../src/http/idempotency-keys.ts";
import { textPdf } from "./fixtures/pdf-files.ts";
import { NOW, newClaimRow, preparedDocument } from "./support/document-store.ts";
import { useServerTest } from "./support/server-test.ts";

// Idempotency-Key bookkeeping for uploads and submissions: a retried request with the same key
// answers what the first answered, and a key is never reused for another request.

const MINUTE_MS = 60_000;

const server = useServerTest({ app: false, clock: false });
let workDir: string;

const newClaim = () => newClaimRow(server.db);

const upload = idempotencyRequestHash("uploadDocument", { slotKey: "LIDC001-MIN", sha256: "ab" });
const otherUpload = idempotencyRequestHash("uploadDocument", {
  slotKey: "LIDC001-MIN",
  sha256: "cd",
});

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), "kalinga-idempotency-"));
});

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe("idempotency keys", () => {
  it("answers a repeat with the first response, and refuses another request under the key", async () => {
    const claimId = await newClaim();
    const key = "5f0c2a4e-5a7b-4d1f-9c61-0c1d2e3f4a5b";
    const begin = (requestHash: string, now = NOW) =>
      beginIdempotentRequest(server.db, { claimId, key, requestHash, now });

    expect(await begin(upload)).toEqual({ state: "new" });
    expect(await begin(upload)).toEqual({ state: "in-flight" });
    expect(await begin(otherUpload)).toEqual({ state: "mismatch" });

    const response = { returnCode: "0", documentId: "d1", name: "id.pdf", size: 1234 };
    await completeIdempotentRequest(server.db, { claimId, key, response, now: NOW });
    expect(await begin(upload)).toEqual({ state: "replay", response });
    expect(await begin(otherUpload)).toEqual({ state: "mismatch" });
    // A finished key is never taken over, however old.
    expect(await begin(upload, new Date(NOW.getTime() + 600 * MINUTE_MS))).toEqual({
      state: "replay",
      response,
    });
    await expect(
      completeIdempotentRequest(server.db, { claimId, key, response, now: NOW }),
    ).rejects.toThrow("not in flight");
  });

  it("keeps keys apart per claim", async () => {
    const first = await newClaim();
    const second = await newClaim();
    const key = "same-key";
    expect(
      await beginIdempotentRequest(server.db, {
        claimId: first,
        key,
        requestHash: upload,
        now: NOW,
      }),
    ).toEqual({ state: "new" });
    expect(
      await beginIdempotentRequest(server.db, {
        claimId: second,
        key,
        requestHash: upload,
        now: NOW,
      }),
    ).toEqual({ state: "new" });
  });

  it("lets a retry run after the first request failed or its server died", async () => {
    const claimId = await newClaim();
    const key = "k-1";
    const begin = (now: Date) =>
      beginIdempotentRequest(server.db, { claimId, key, requestHash: upload, now });
    expect(await begin(NOW)).toEqual({ state: "new" });
    await abandonIdempotentRequest(server.db, { claimId, key });
    expect(await begin(NOW)).toEqual({ state: "new" });
    // Nobody completes it: after five minutes the key is taken over once.
    expect(await begin(new Date(NOW.getTime() + 4 * MINUTE_MS))).toEqual({ state: "in-flight" });
    const later = new Date(NOW.getTime() + 6 * MINUTE_MS);
    expect(await begin(later)).toEqual({ state: "new" });
    expect(await begin(later)).toEqual({ state: "in-flight" });
  });

  it("accepts printable keys up to 255 characters and hashes requests by operation", () => {
    expect(isIdempotencyKey("5f0c2a4e-5a7b-4d1f-9c61-0c1d2e3f4a5b")).toBe(true);
    expect(isIdempotencyKey("k".repeat(255))).toBe(true);
    for (const bad of ["", "k".repeat(256), "has space", "tab\t", "ñ"]) {
      expect(isIdempotencyKey(bad)).toBe(false);
    }
    expect(idempotencyRequestHash("uploadDocument", { a: 1 })).toMatch(/^[0-9a-f]{64}$/);
    expect(idempotencyRequestHash("uploadDocument", { a: 1 })).not.toBe(
      idempotencyRequestHash("finalSubmitClaim", { a: 1 }),
    );
  });

  it("completes the key with the stored document in one transaction, so a retry replays it", async () => {
    const claimId = await newClaim();
    const store = createDiskDocumentStore(path.join(workDir, "documents"));
    const prepared = await preparedDocument(await textPdf(1), "aps.pdf");
    const key = "upload-1";
    const requestHash = idempotencyRequestHash("uploadDocument", {
      slotKey: "S",
      sha256: prepared.sha256,
    });
    expect(
      await beginIdempotentRequest(server.db, { claimId, key, requestHash, now: NOW }),
    ).toEqual({
      state: "new",
    });
    const document = await storeDocument(server.db, store, {
      claimId,
      slotKey: "S",
      prepared,
      now: NOW,
      inSameTransaction: (tx, stored) =>
        completeIdempotentRequest(tx, {
          claimId,
          key,
          response: { documentId: stored.id, name: stored.displayName, size: stored.sizeBytes },
          now: NOW,
        }),
    });
    if (isDocumentChangeRefusal(document)) throw new Error(document.message);
    expect(
      await beginIdempotentRequest(server.db, { claimId, key, requestHash, now: NOW }),
    ).toEqual({
      state: "replay",
      response: { documentId: document.id, name: "aps.pdf", size: document.sizeBytes },
    });
  });
});
