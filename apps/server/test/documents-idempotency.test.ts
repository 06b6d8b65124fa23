import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { IDEMPOTENCY_LEASE_MS } from "@kalinga/domain/constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDiskDocumentStore } from "../src/documents/disk-document-store.ts";
import { isDocumentChangeRefusal, storeDocument } from "../src/documents/document-service.ts";
import { withIdempotencyKey } from "../src/http/idempotency.ts";
import {
  abandonIdempotentRequest,
  beginIdempotentRequest,
  completeIdempotentRequest,
  type IdempotencyStart,
  idempotencyRequestHash,
  isIdempotencyKey,
} from "../src/http/idempotency-keys.ts";
import { textPdf } from "./fixtures/pdf-files.ts";
import { NOW, newClaimRow, preparedDocument } from "./support/document-store.ts";
import { useServerTest } from "./support/server-test.ts";

// Idempotency-Key bookkeeping for uploads and submissions: a retried request with the same key
// answers what the first answered, and a key is never reused for another request.

const MINUTE_MS = 60_000;

/** The hold a "new" start gives its call. */
function holderOf(start: IdempotencyStart): string {
  if (start.state !== "new") throw new Error(`expected a new key, got ${start.state}`);
  return start.holder;
}

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

    const first = await begin(upload);
    expect(first).toEqual({ state: "new", holder: expect.any(String) });
    expect(await begin(upload)).toEqual({ state: "in-flight" });
    expect(await begin(otherUpload)).toEqual({ state: "mismatch" });

    const hold = { claimId, key, holder: holderOf(first) };
    const response = { returnCode: "0", documentId: "d1", name: "id.pdf", size: 1234 };
    await completeIdempotentRequest(server.db, { ...hold, response, now: NOW });
    expect(await begin(upload)).toEqual({ state: "replay", response });
    expect(await begin(otherUpload)).toEqual({ state: "mismatch" });
    // A finished key is never taken over, however old.
    expect(await begin(upload, new Date(NOW.getTime() + 600 * MINUTE_MS))).toEqual({
      state: "replay",
      response,
    });
    await expect(
      completeIdempotentRequest(server.db, { ...hold, response, now: NOW }),
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
    ).toMatchObject({ state: "new" });
    expect(
      await beginIdempotentRequest(server.db, {
        claimId: second,
        key,
        requestHash: upload,
        now: NOW,
      }),
    ).toMatchObject({ state: "new" });
  });

  it("lets a retry run after the first request failed or its server died", async () => {
    const claimId = await newClaim();
    const key = "k-1";
    const begin = (now: Date) =>
      beginIdempotentRequest(server.db, { claimId, key, requestHash: upload, now });
    const failed = await begin(NOW);
    // Another attempt's hold is not this one's to free.
    await abandonIdempotentRequest(server.db, { claimId, key, holder: "someone-else" });
    expect(await begin(NOW)).toEqual({ state: "in-flight" });
    await abandonIdempotentRequest(server.db, { claimId, key, holder: holderOf(failed) });
    const died = await begin(NOW);
    expect(died).toMatchObject({ state: "new" });
    // Nobody renews it: once the lease runs out the key is taken over, once.
    const justBefore = new Date(NOW.getTime() + IDEMPOTENCY_LEASE_MS - 1);
    expect(await begin(justBefore)).toEqual({ state: "in-flight" });
    const atLease = new Date(NOW.getTime() + IDEMPOTENCY_LEASE_MS);
    const retry = await begin(atLease);
    expect(retry).toMatchObject({ state: "new" });
    expect(await begin(atLease)).toEqual({ state: "in-flight" });
    // The dead attempt, were it to answer after all, can no longer complete or free the key.
    const response = { documentId: "d1" };
    const late = { claimId, key, holder: holderOf(died), response, now: atLease };
    await expect(completeIdempotentRequest(server.db, late)).rejects.toThrow("not in flight");
    await abandonIdempotentRequest(server.db, late);
    await completeIdempotentRequest(server.db, { ...late, holder: holderOf(retry) });
    expect(await begin(atLease)).toEqual({ state: "replay", response });
  });

  it("keeps a running call's key its own past the first lease: the call renews it", async () => {
    const claimId = await newClaim();
    const key = "k-2";
    let now = NOW;
    const clock = () => now;
    const lease = { leaseMs: 1_000, renewEveryMs: 20 };
    const run = (work: () => Promise<string>) =>
      withIdempotencyKey<string>(
        server.db,
        { claimId, key, requestHash: upload, now, clock },
        async (complete) => {
          const answer = await work();
          await complete?.(server.db, answer);
          return answer;
        },
        lease,
      );
    let finish = () => {};
    const first = run(() => new Promise<string>((resolve) => (finish = () => resolve("first"))));
    // Ten leases pass on the clock while the first call runs; its renewals keep the key in flight.
    for (let step = 0; step < 10; step++) {
      now = new Date(now.getTime() + lease.leaseMs);
      await new Promise((resolve) => setTimeout(resolve, 5 * lease.renewEveryMs));
      await expect(run(async () => "second")).rejects.toMatchObject({ statusCode: 409 });
    }
    finish();
    expect(await first).toBe("first");
    expect(await run(async () => "third")).toBe("first");
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
    const start = await beginIdempotentRequest(server.db, { claimId, key, requestHash, now: NOW });
    const document = await storeDocument(server.db, store, {
      claimId,
      slotKey: "S",
      prepared,
      now: NOW,
      inSameTransaction: (tx, stored) =>
        completeIdempotentRequest(tx, {
          claimId,
          key,
          holder: holderOf(start),
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
