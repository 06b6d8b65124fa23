import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";
import { open } from "../src/documents/document-envelope.ts";
import { textPdf } from "./fixtures/pdf-files.ts";
import { filedClaim } from "./support/claimant.ts";
import { insurer, readInsurerClaim } from "./support/insurer-api.ts";
import { useServerTest } from "./support/server-test.ts";

// Documents encrypted at rest (decision 0099), through the running server: what lies in the
// documents folder, what the insurer downloads, legacy objects in the clear, the rotation command,
// and the refusals of a changed object or a missing key.

const server = useServerTest({
  app: false,
  documentsDir: true,
  logs: true,
  env: { NOTIFICATION_POLL_MS: "600000" },
});

const COMMAND = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../src/documents/rotate-document-keys.ts",
);
const run = promisify(execFile);

const OLD_KEY = Buffer.alloc(32, 0x11);
const NEW_KEY = Buffer.alloc(32, 0x22);
const OLD = `old:${OLD_KEY.toString("base64")}`;
const NEW = `new:${NEW_KEY.toString("base64")}`;
const ringOf = (id: string, key: Buffer) => ({ currentId: id, keys: new Map([[id, key]]) });
const PDF_MAGIC = Buffer.from("%PDF-");
const SEALED_MAGIC = Buffer.from([0x89, 0x4b, 0x4c, 0x45]);

type Stored = { key: string; file: string; bytes: Buffer };

async function storedObjects(): Promise<Stored[]> {
  const root = server.documentsDir;
  const objects: Stored[] = [];
  for (const folder of await readdir(root)) {
    for (const key of await readdir(path.join(root, folder))) {
      const file = path.join(root, folder, key);
      objects.push({ key, file, bytes: await readFile(file) });
    }
  }
  return objects;
}

/** A claim filed with a PDF in each mandatory slot: its reference and its documents' ids. */
async function fileClaimWithPdfs() {
  const claim = await filedClaim(server.app, {
    bytes: await textPdf(1),
    filename: "statement.pdf",
  });
  const view = (await readInsurerClaim(server.app, claim.webReferenceNumber)) as unknown as {
    documents: { id: string }[];
  };
  return { ref: claim.webReferenceNumber, ids: view.documents.map((document) => document.id) };
}

const download = (ref: string, id: string) =>
  insurer(server.app, "GET", `/claims/${ref}/documents/${id}`);

/** Whether any 16-byte piece of `plain` lies in `stored` as it is. */
function sharesPlainBytes(stored: Buffer, plain: Buffer): boolean {
  for (let at = 0; at + 16 <= plain.length; at += 16) {
    if (stored.includes(plain.subarray(at, at + 16))) return true;
  }
  return false;
}

describe("documents at rest", () => {
  test("the documents folder holds ciphertext only, and the download gives the document back", async () => {
    await server.restart({ KALINGA_DOCUMENT_KEYS: OLD });
    const { ref, ids } = await fileClaimWithPdfs();
    const objects = await storedObjects();
    expect(objects.length).toBe(ids.length);
    const downloads = new Map<string, Buffer>();
    for (const id of ids) {
      const response = await download(ref, id);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.subarray(0, 5).equals(PDF_MAGIC)).toBe(true);
      downloads.set(id, response.rawPayload);
    }
    for (const object of objects) {
      expect(object.bytes.subarray(0, 4).equals(SEALED_MAGIC)).toBe(true);
      expect(object.bytes.includes(PDF_MAGIC)).toBe(false);
      const plain = Buffer.from(open(ringOf("old", OLD_KEY), object.key, object.bytes));
      expect([...downloads.values()].some((bytes) => bytes.equals(plain))).toBe(true);
      for (const bytes of downloads.values())
        expect(sharesPlainBytes(object.bytes, bytes)).toBe(false);
    }
  });

  test("objects stored in the clear are read as they are; the command encrypts them", async () => {
    await server.restart({ KALINGA_DOCUMENT_ENCRYPTION: "store" });
    const { ref, ids } = await fileClaimWithPdfs();
    const before = await storedObjects();
    const first = await download(ref, ids[0] as string);
    // The same test's control: without encryption the upload lies on disk as it is downloaded.
    expect(before.some((object) => object.bytes.equals(first.rawPayload))).toBe(true);

    await server.restart({ KALINGA_DOCUMENT_KEYS: OLD });
    const legacy = await download(ref, ids[0] as string);
    expect(legacy.statusCode).toBe(200);
    expect(legacy.rawPayload.equals(first.rawPayload)).toBe(true);

    const rotated = await rotate({ KALINGA_DOCUMENT_KEYS: OLD });
    expect(rotated.code, rotated.output).toBe(0);
    expect(rotated.output).toContain(`0 re-wrapped, ${ids.length} encrypted`);
    for (const object of await storedObjects()) {
      expect(object.bytes.subarray(0, 4).equals(SEALED_MAGIC)).toBe(true);
      expect(sharesPlainBytes(object.bytes, first.rawPayload)).toBe(false);
    }
    expect((await download(ref, ids[0] as string)).rawPayload.equals(first.rawPayload)).toBe(true);
  });

  test("rotation re-wraps each data key without re-encrypting; the old key can then go", async () => {
    await server.restart({ KALINGA_DOCUMENT_KEYS: OLD });
    const { ref, ids } = await fileClaimWithPdfs();
    const original = (await download(ref, ids[0] as string)).rawPayload;
    const before = await storedObjects();

    const both = { KALINGA_DOCUMENT_KEYS: `${OLD},${NEW}`, KALINGA_DOCUMENT_KEY_ID: "new" };
    const rotated = await rotate(both);
    expect(rotated.code, rotated.output).toBe(0);
    expect(rotated.output).toContain(`Documents under the key "new": ${ids.length} re-wrapped`);
    for (const object of await storedObjects()) {
      const old = before.find((earlier) => earlier.key === object.key)?.bytes as Buffer;
      // The header is new; the encrypted content (after the header's 97 bytes with "old"/"new") is not.
      expect(object.bytes.equals(old)).toBe(false);
      expect(object.bytes.subarray(97).equals(old.subarray(97))).toBe(true);
      expect(() => open(ringOf("new", NEW_KEY), object.key, object.bytes)).not.toThrow();
    }
    const again = await rotate(both);
    expect(again.output).toContain(
      `0 re-wrapped, 0 encrypted (were stored in the clear), ${ids.length} already`,
    );

    await server.restart({ KALINGA_DOCUMENT_KEYS: NEW });
    const after = await download(ref, ids[0] as string);
    expect(after.statusCode).toBe(200);
    expect(after.rawPayload.equals(original)).toBe(true);
  });

  test("a changed byte is refused, never answered with the bytes", async () => {
    await server.restart({ KALINGA_DOCUMENT_KEYS: OLD });
    const { ref, ids } = await fileClaimWithPdfs();
    const objects = await storedObjects();
    // One object's content changed at its last byte, another's wrapped data key at its first byte.
    const [content, header] = objects as [Stored, Stored];
    const changed = (bytes: Buffer, at: number) => {
      const copy = Buffer.from(bytes);
      copy[at] = (copy[at] as number) ^ 0x01;
      return copy;
    };
    await writeFile(content.file, changed(content.bytes, content.bytes.length - 1));
    await writeFile(header.file, changed(header.bytes, 4 + 2 + 3 + 12));
    const logsBefore = server.logLines.length;
    for (const id of ids) {
      const response = await download(ref, id);
      if (response.statusCode === 200) continue; // an untouched document
      expect(response.statusCode).toBe(500);
      expect(response.rawPayload.includes(PDF_MAGIC)).toBe(false);
    }
    const logged = server.logLines.slice(logsBefore).join("\n");
    // The log names the failure; the storage key itself is redacted there like every such key.
    expect(logged).toContain("its content failed authentication (changed or damaged at rest)");
    expect(logged).toContain("its data key failed authentication under the key");
    const rotated = await rotate({
      KALINGA_DOCUMENT_KEYS: `${OLD},${NEW}`,
      KALINGA_DOCUMENT_KEY_ID: "new",
    });
    expect(rotated.code).toBe(1);
    expect(rotated.output).toContain(`${ids.length - 2} re-wrapped`);
    expect(rotated.output).toContain("2 unreadable");
  });

  test("a document wrapped by a key the settings no longer hold is refused with the key's id in the log", async () => {
    await server.restart({ KALINGA_DOCUMENT_KEYS: OLD });
    const { ref, ids } = await fileClaimWithPdfs();
    await server.restart({ KALINGA_DOCUMENT_KEYS: NEW });
    const response = await download(ref, ids[0] as string);
    expect(response.statusCode).toBe(500);
    expect(response.rawPayload.includes(PDF_MAGIC)).toBe(false);
    expect(server.logLines.join("\n")).toMatch(
      /DocumentKeyMissingError.*is wrapped by the key \\"old\\", which KALINGA_DOCUMENT_KEYS does not hold/,
    );
  });
});

async function rotate(env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "kalinga-rotate-"));
  try {
    const { stdout, stderr } = await run(process.execPath, [COMMAND], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        KALINGA_DATA_DIR: dataDir,
        KALINGA_DOCUMENTS_DIR: server.documentsDir,
        ...env,
      },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
