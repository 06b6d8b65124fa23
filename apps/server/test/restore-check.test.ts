import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "../src/db/database.ts";
import { migrate, readMigrations } from "../src/db/migrate.ts";
import { openPostgresDatabase } from "../src/db/postgres-database.ts";
import { rawDocumentStore } from "../src/documents/open-document-store.ts";
import { textPdf } from "./fixtures/pdf-files.ts";
import { filedClaim } from "./support/claimant.ts";
import { startS3Server } from "./support/s3-server.ts";
import { testApp, testConfig } from "./support/test-app.ts";

// The backup and restore of docs/operations.md done for real (decision 0107): a claim filed with
// documents on a server with its own PostgreSQL database and encrypted document folder, pg_dump of
// that database and a copy of the folder, then `npm run restore-check` into new databases: it
// passes on the good copy and fails, naming the documents, on a copy with one object changed and
// one missing. PostgreSQL only (pg_dump and pg_restore): vitest.config.ts runs it only with
// DATABASE_URL.

const run = promisify(execFile);
const COMMAND = path.resolve(import.meta.dirname, "../src/backup/restore-check.ts");
const KEYS = `backup:${Buffer.alloc(32, 0x3c).toString("base64")}`;

const adminUrl = process.env.DATABASE_URL ?? "";
const base = decodeURIComponent(new URL(adminUrl || "postgres://x/kalinga").pathname.slice(1));
const prefix = `${base.replace(/[^a-z0-9_]/g, "_").slice(0, 30)}_rc_${randomBytes(4).toString("hex")}`;
const names = {
  source: `${prefix}_src`,
  good: `${prefix}_good`,
  bucket: `${prefix}_bucket`,
  damaged: `${prefix}_damaged`,
};
const urlOf = (name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: urlOf("postgres") });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

let folder: string;
let db: Database;
let app: FastifyInstance;
let reference: string;
let dump: string;
let documentsDir: string;
let documentsCopy: string;

/** The encrypted objects of a documents folder: <folder>/<two characters>/<key>. */
async function objectsOf(root: string): Promise<{ key: string; file: string }[]> {
  const objects: { key: string; file: string }[] = [];
  for (const sub of await readdir(root)) {
    for (const key of await readdir(path.join(root, sub))) {
      if (!key.startsWith(".")) objects.push({ key, file: path.join(root, sub, key) });
    }
  }
  return objects.sort((a, b) => a.key.localeCompare(b.key));
}

async function restoreCheck(
  args: string[],
  env: Record<string, string> = { KALINGA_DOCUMENT_KEYS: KEYS },
) {
  try {
    const { stdout, stderr } = await run(process.execPath, [COMMAND, ...args], {
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", KALINGA_DATA_DIR: folder, ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "kalinga-restore-check-"));
  documentsDir = path.join(folder, "documents");
  await admin(`CREATE DATABASE "${names.source}"`);
  db = openPostgresDatabase({ connectionString: urlOf(names.source), max: 10 });
  await migrate(db);
  const config = testConfig({
    KALINGA_DOCUMENTS_DIR: documentsDir,
    KALINGA_DOCUMENT_KEYS: KEYS,
    NOTIFICATION_POLL_MS: "600000",
  });
  app = await testApp(db, config);
  reference = (await filedClaim(app, { bytes: await textPdf(1), filename: "statement.pdf" }))
    .webReferenceNumber;
  // The backup: a custom-format dump of the database, then a copy of the documents folder.
  dump = path.join(folder, "kalinga.dump");
  await run("pg_dump", ["--format=custom", "--file", dump, urlOf(names.source)]);
  documentsCopy = path.join(folder, "documents-copy");
  await cp(documentsDir, documentsCopy, { recursive: true });
});

afterAll(async () => {
  await app?.close();
  await db?.close();
  for (const name of Object.values(names)) {
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe("restore-check", () => {
  test("restores the dump into a new database and finds the claim with every document opening to its PDF", async () => {
    const objects = await objectsOf(documentsCopy);
    expect(objects.length).toBeGreaterThan(1);
    const result = await restoreCheck([
      "--dump",
      dump,
      "--database",
      urlOf(names.good),
      "--documents",
      documentsCopy,
      "--claim",
      reference,
    ]);
    expect(result.code, result.output).toBe(0);
    const expected = (await readMigrations()).length;
    expect(result.output).toContain(`into the database "${names.good}"`);
    expect(result.output).toContain(`Migrations: ${expected} applied, ${expected} expected: OK`);
    expect(result.output).toMatch(
      new RegExp(`Claim ${reference} \\([^)]+\\): ${objects.length} documents, all OK`),
    );
    expect(result.output).toContain("0 problems: the backup restores");
  });

  test("reads the documents' copy from a bucket when DOCUMENT_STORE=s3 names it", async () => {
    const s3 = await startS3Server();
    try {
      // The backup's copy of the folder, object for object, in a bucket under a prefix of its own.
      const bucket = rawDocumentStore(testConfig(s3.env("backup-copy")));
      const objects = await objectsOf(documentsDir);
      for (const { key, file } of objects) await bucket.put(key, await readFile(file));
      bucket.close?.();
      const result = await restoreCheck(
        ["--dump", dump, "--database", urlOf(names.bucket), "--claim", reference],
        { KALINGA_DOCUMENT_KEYS: KEYS, ...s3.env("backup-copy") },
      );
      expect(result.code, result.output).toBe(0);
      expect(result.output).toContain(`${objects.length} documents, all OK`);
    } finally {
      await s3.close();
    }
  });

  test("a changed object and a missing one fail the check, each named", async () => {
    const [changed, missing] = (await objectsOf(documentsCopy)) as [
      { key: string; file: string },
      { key: string; file: string },
    ];
    const bytes = await readFile(changed.file);
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] as number) ^ 0x01;
    await writeFile(changed.file, bytes);
    await rm(missing.file);
    // No --claim: the latest submitted claims are checked.
    const result = await restoreCheck([
      "--dump",
      dump,
      "--database",
      urlOf(names.damaged),
      "--documents",
      documentsCopy,
    ]);
    expect(result.code, result.output).toBe(1);
    expect(result.output).toContain(`Claim ${reference}`);
    expect(result.output).toContain("2 FAILED");
    expect(result.output).toMatch(
      new RegExp(
        `FAILED Claim ${reference}, document [0-9a-f-]+ \\(slot [\\w-]+, object ${changed.key}\\): does not open: .*failed authentication \\(changed or damaged at rest\\)\\.$`,
        "m",
      ),
    );
    expect(result.output).toContain(`object ${missing.key}): missing from the document store`);
    expect(result.output).toContain("2 problems: the backup does NOT restore");
  });

  test("an existing database, or no document keys, is refused before anything is restored", async () => {
    const args = ["--dump", dump, "--database", urlOf(names.source), "--documents", documentsCopy];
    const existing = await restoreCheck(args);
    expect(existing.code).toBe(1);
    expect(existing.output).toContain(`The database "${names.source}" exists`);
    const withoutKeys = await restoreCheck(
      ["--dump", dump, "--database", urlOf(`${prefix}_never`), "--documents", documentsCopy],
      {},
    );
    expect(withoutKeys.code).toBe(1);
    expect(withoutKeys.output).toContain("Set KALINGA_DOCUMENT_KEYS");
    const usage = await restoreCheck(["--dump", dump]);
    expect(usage.code).toBe(2);
    expect(usage.output).toContain("Usage: npm run restore-check");
  });
});
