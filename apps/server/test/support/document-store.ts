import { mkdtemp, readdir, rm, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { startClaim } from "../../src/claims/claim-repository.ts";
import type { ClaimDocumentLimits } from "../../src/config/document-config.ts";
import type { Database } from "../../src/db/database.ts";
import { createDiskDocumentStore } from "../../src/documents/disk-document-store.ts";
import type { ClaimDocument } from "../../src/documents/document-repository.ts";
import {
  type DocumentChangeRefusal,
  isDocumentChangeRefusal,
  storeDocument,
} from "../../src/documents/document-service.ts";
import type { DocumentStore } from "../../src/documents/document-store.ts";
import {
  type DocumentRefusal,
  isDocumentRefusal,
  type PreparedDocument,
  prepareDocument,
} from "../../src/documents/prepare-document.ts";
import { textPdf } from "../fixtures/pdf-files.ts";
import type { ServerTest } from "./server-test.ts";

// The document store under test without the HTTP layer: claims started in the repository, files
// prepared as an upload prepares them, and a fresh documents folder for each test.

/** The time the repository tests start their claims at. */
export const NOW = new Date("2026-11-22T03:00:00Z");
export const HOUR_MS = 3600 * 1000;

/** What prepareDocument makes of these bytes; the test fails if it refuses them. */
export async function preparedDocument(
  bytes: Uint8Array,
  name = "photo.jpg",
): Promise<PreparedDocument> {
  const result = await prepareDocument(bytes, name);
  if (isDocumentRefusal(result)) throw new Error(`Refused: ${result.message}`);
  return result;
}

/** prepareDocument's refusal of these bytes; the test fails if it takes them. */
export async function refusedDocument(
  bytes: Uint8Array,
  name = "photo.jpg",
): Promise<DocumentRefusal> {
  const result = await prepareDocument(bytes, name);
  if (!isDocumentRefusal(result)) throw new Error("Expected a refusal.");
  return result;
}

/** A claim started in the repository at NOW, its token good for an hour: its id. */
export async function newClaimRow(db: Database): Promise<string> {
  const { claim } = await startClaim(db, {
    companyName: "Kalinga Life",
    channelName: "Public",
    now: NOW,
    tokenExpiresAt: new Date(NOW.getTime() + HOUR_MS),
  });
  return claim.id;
}

export type DiskDocuments = {
  /** The file's folder, which holds each test's documents folder. */
  readonly workDir: string;
  readonly documentsDir: string;
  readonly store: DocumentStore;
  /** A one-page PDF, prepared. */
  readonly pdf: PreparedDocument;
  /** Every file under the documents folder, as paths relative to it. */
  filesOnDisk(): Promise<string[]>;
  /** The keys the store lists. */
  storedKeys(): Promise<string[]>;
  /** Dates a stored file `hours` back. */
  age(relativePath: string, hours: number): Promise<void>;
  /** A claim started in the repository on the test's database. */
  newClaim(): Promise<string>;
  /** storeDocument of the prepared one-page PDF in a slot of the claim, at NOW. */
  storePdf(
    claimId: string,
    slotKey: string,
    limits?: ClaimDocumentLimits,
  ): Promise<ClaimDocument | DocumentChangeRefusal>;
};

/** The stored document; the test fails if the repository refused it. */
export function stored(result: ClaimDocument | DocumentChangeRefusal): ClaimDocument {
  if (isDocumentChangeRefusal(result)) throw new Error(`Refused: ${result.message}`);
  return result;
}

/** Registers the hooks of a disk document store test file: a fresh folder and store per test. */
export function useDiskDocuments(server: ServerTest): DiskDocuments {
  let workDir = "";
  let documentsDir = "";
  let store: DocumentStore | undefined;
  let pdf: PreparedDocument | undefined;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), "kalinga-documents-"));
    pdf = await preparedDocument(await textPdf(1), "statement.pdf");
  });
  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    documentsDir = path.join(workDir, `documents-${Math.random().toString(36).slice(2)}`);
    store = createDiskDocumentStore(documentsDir);
  });

  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("Read the document store inside a test.");
    return value;
  };

  return {
    get workDir() {
      return workDir;
    },
    get documentsDir() {
      return documentsDir;
    },
    get store() {
      return ready(store);
    },
    get pdf() {
      return ready(pdf);
    },
    async filesOnDisk() {
      const entries = await readdir(documentsDir, { recursive: true, withFileTypes: true }).catch(
        () => [],
      );
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(documentsDir, path.join(entry.parentPath, entry.name)))
        .sort();
    },
    async storedKeys() {
      const keys: string[] = [];
      for await (const file of ready(store).list()) keys.push(file.key);
      return keys.sort();
    },
    async age(relativePath, hours) {
      const past = new Date(Date.now() - hours * HOUR_MS);
      await utimes(path.join(documentsDir, relativePath), past, past);
    },
    newClaim: () => newClaimRow(server.db),
    storePdf: (claimId, slotKey, limits) =>
      storeDocument(server.db, ready(store), {
        claimId,
        slotKey,
        prepared: ready(pdf),
        now: NOW,
        ...(limits ? { limits } : {}),
      }),
  };
}
