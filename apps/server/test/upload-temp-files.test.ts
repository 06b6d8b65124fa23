import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { sweepUploadTempFiles, uploadTempFolder } from "../src/http/upload-temp-files.ts";
import { samplePhoto, uploadDocument } from "./support/claim-documents.ts";
import { verifiedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";

// The uploads' temporary files a crash left behind (decision 0110): every server sweeps the files
// an hour old from the uploads' folder at start and hourly, and keeps the younger ones, which may be
// another server's uploads in progress.

const MINUTE_MS = 60_000;

const server = useServerTest({ app: false, documentsDir: true });
let ownTmp: string;
const previousTmpdir = process.env.TMPDIR;

beforeEach(async () => {
  // os.tmpdir() follows TMPDIR: the uploads' folder of this file is its own.
  ownTmp = await mkdtemp(path.join(tmpdir(), "kalinga-upload-sweep-test-"));
  process.env.TMPDIR = ownTmp;
});

afterEach(async () => {
  if (previousTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmpdir;
  await rm(ownTmp, { recursive: true, force: true });
});

/** A file in the uploads' folder last written `ageMs` ago. */
async function leftFile(name: string, ageMs: number): Promise<string> {
  await mkdir(uploadTempFolder(), { recursive: true });
  const file = path.join(uploadTempFolder(), name);
  await writeFile(file, "bytes of an upload");
  const at = new Date(Date.now() - ageMs);
  await utimes(file, at, at);
  return file;
}

const remaining = async () => (await readdir(uploadTempFolder()).catch(() => [])).sort();

describe("the sweep of the uploads' temporary files", () => {
  test("removes files an hour old and keeps younger ones", async () => {
    await leftFile("upload-crashed", 61 * MINUTE_MS);
    await leftFile("upload-long-ago", 3 * 24 * 60 * MINUTE_MS);
    await leftFile("upload-in-progress", 59 * MINUTE_MS);
    await leftFile("upload-just-started", 0);
    expect(await sweepUploadTempFiles()).toBe(2);
    expect(await remaining()).toEqual(["upload-in-progress", "upload-just-started"]);
    expect(await sweepUploadTempFiles()).toBe(0);
  });

  test("a missing folder is nothing to sweep", async () => {
    expect(await sweepUploadTempFiles(path.join(ownTmp, "never-made"))).toBe(0);
  });

  test("a server sweeps at start: a crashed upload's file goes, another server's upload in progress stays", async () => {
    await leftFile("upload-crashed", 2 * 60 * MINUTE_MS);
    await leftFile("upload-of-another-server", MINUTE_MS);
    await server.restart();
    expect(await remaining()).toEqual(["upload-of-another-server"]);
  });

  test("an upload streams into the folder and its file is gone once it is answered", async () => {
    await server.restart();
    const claim = await verifiedClaim(server.app);
    const answer = await uploadDocument(server.app, claim, {
      slotKey: "LMED001-APS-MIN",
      bytes: await samplePhoto(),
    });
    expect(answer.statusCode).toBe(200);
    expect(await readdir(ownTmp)).toEqual(["kalinga-uploads"]);
    expect(await remaining()).toEqual([]);
  });
});
