import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { conversionGate } from "../src/documents/conversion-gate.ts";
import { DOCUMENT_MESSAGES } from "../src/http/upload-messages.ts";
import { uploadTempFolder } from "../src/http/upload-temp-files.ts";
import { pngBomb } from "./fixtures/images.ts";
import { samplePhoto, uploadDocument } from "./support/claim-documents.ts";
import { verifiedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";

// Uploads are streamed to a temporary file and converted at most DOCUMENT_CONVERSIONS at a time
// (docs/decisions/0100): a queued upload waits its turn and is stored like any other, every check
// still answers its message, and no temporary file outlives its call.

const PHYSICIAN = "LMED001-APS-MIN";
const MB = 1024 * 1024;

const server = useServerTest({
  documentsDir: true,
  env: { DOCUMENT_MAX_FILE_MB: "1" },
});

let uploadsDir: string;
const previousTmpdir = process.env.TMPDIR;

beforeAll(async () => {
  // The uploads' temporary files land here (os.tmpdir() follows TMPDIR), so this file sees its own.
  uploadsDir = await mkdtemp(path.join(tmpdir(), "kalinga-conversions-test-"));
  process.env.TMPDIR = uploadsDir;
});

afterAll(async () => {
  if (previousTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmpdir;
  await rm(uploadsDir, { recursive: true, force: true });
});

/** The uploads' temporary files (the test server keeps its documents folder beside them). */
async function uploadFiles(): Promise<string[]> {
  return readdir(uploadTempFolder()).catch(() => []);
}

describe("the conversion gate", () => {
  test("runs at most its capacity at once, the rest in arrival order, and frees a failed place", async () => {
    const gate = conversionGate(2);
    const started: number[] = [];
    const finish: (() => void)[] = [];
    const tasks = [0, 1, 2, 3].map((index) =>
      gate.run(async () => {
        started.push(index);
        await new Promise<void>((resolve) => finish.push(resolve));
        if (index === 0) throw new Error("conversion 0 failed");
        return index;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    expect([gate.running(), gate.waiting()]).toEqual([2, 2]);

    finish[0]?.();
    await expect(tasks[0]).rejects.toThrow("conversion 0 failed");
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    expect([gate.running(), gate.waiting()]).toEqual([2, 1]);

    finish[1]?.();
    finish[2]?.();
    await new Promise((resolve) => setImmediate(resolve));
    finish[3]?.();
    expect(await Promise.all(tasks.slice(1))).toEqual([1, 2, 3]);
    expect([gate.running(), gate.waiting()]).toEqual([0, 0]);
  });

  test("refuses a capacity below one", () => {
    expect(() => conversionGate(0)).toThrow("at least 1");
  });
});

describe("uploads through the one conversion place of the default", () => {
  test("three photos sent at once are all stored, the queued ones too", async () => {
    const claims = await Promise.all(
      [1, 2, 3].map((index) => verifiedClaim(server.app, { mobile: `91755500${index}0` })),
    );
    const photos = await Promise.all(["#336699", "#993366", "#669933"].map(samplePhoto));
    const responses = await Promise.all(
      claims.map((claim, index) =>
        uploadDocument(server.app, claim, {
          slotKey: PHYSICIAN,
          bytes: photos[index] ?? Buffer.alloc(0),
        }),
      ),
    );
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ returnCode: "0", document: { name: "photo.pdf" } });
    }
    const ids = responses.map(
      (response) => (response.json() as { document: { id: string } }).document.id,
    );
    const { rows } = await server.db.query<{ id: string }>(
      "SELECT id FROM claim_documents WHERE status = 'stored' AND id = ANY($1::uuid[])",
      [ids],
    );
    expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
    expect(await uploadFiles()).toEqual([]);
  });

  test("a picture of too many pixels answers its message and leaves no temporary file", async () => {
    const claim = await verifiedClaim(server.app, { mobile: "9175550040" });
    const response = await uploadDocument(server.app, claim, {
      slotKey: PHYSICIAN,
      bytes: pngBomb(),
      filename: "scan.png",
    });
    expect(response.statusCode).toBe(417);
    expect(response.json()).toEqual({
      returnCode: "10",
      refused: "too-many-pixels",
      message: DOCUMENT_MESSAGES.tooManyPixels(50_000_000),
    });
    expect(await uploadFiles()).toEqual([]);
  });

  test("a file over the limit is cut off while it streams and its partial copy removed", async () => {
    const claim = await verifiedClaim(server.app, { mobile: "9175550050" });
    const tooLarge = Buffer.alloc(MB + 1024, 0xab);
    tooLarge.set([0xff, 0xd8, 0xff], 0);
    const response = await uploadDocument(server.app, claim, {
      slotKey: PHYSICIAN,
      bytes: tooLarge,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ refused: "too-large" });
    expect(await uploadFiles()).toEqual([]);
  });
});
