import { createHash } from "node:crypto";
import { claimRecordRow } from "../claims/claim-repository.ts";
import type { Database } from "../db/database.ts";
import { appliedMigrationVersions, readMigrations } from "../db/migrate.ts";
import { type DocumentKeyRing, isSealed, open } from "../documents/document-envelope.ts";
import { type ClaimDocument, listDocuments } from "../documents/document-repository.ts";
import { DocumentNotFoundError, type DocumentStore } from "../documents/document-store.ts";
import { latestSubmittedClaims } from "../submission/submission-repository.ts";

// What a restored backup must show before anyone trusts it (decision 0107): the database at the
// migrations this code expects, the claims asked for present, and every stored document of theirs
// present in the copy of the document store, opening under the configured keys (its GCM tags
// check) to the very PDF the database recorded (size, SHA-256, the %PDF header).

type DocumentCheck = {
  documentId: string;
  slotKey: string;
  storageKey: string;
  /** Stored before encryption (legal, until rotate-document-keys encrypts it). */
  inTheClear: boolean;
  /** Why the document fails; null when it opened to its PDF. */
  problem: string | null;
};

type ClaimCheck = {
  webReferenceNumber: string;
  /** null when the reference was not found in the restored database. */
  status: string | null;
  documents: DocumentCheck[];
};

export type RestoreReport = {
  migrations: { applied: number[]; expected: number[]; problem: string | null };
  claims: ClaimCheck[];
  /** Every failure, one line each: the report passes when there is none. */
  problems: string[];
};

type WhichClaims = { references: string[]; latest: number };

const PDF_HEADER = Buffer.from("%PDF-");

async function checkMigrations(db: Database): Promise<RestoreReport["migrations"]> {
  const expected = (await readMigrations()).map((migration) => migration.version);
  const applied = await appliedMigrationVersions(db);
  const missing = expected.filter((version) => !applied.includes(version));
  const unknown = applied.filter((version) => !expected.includes(version));
  let problem: string | null = null;
  if (missing.length > 0) {
    problem = `the dump lacks migrations ${missing.join(", ")}: it is older than this code (check it with the release that made it)`;
  } else if (unknown.length > 0) {
    problem = `the dump has migrations ${unknown.join(", ")} this code does not know: it is newer than this code`;
  }
  return { applied, expected, problem };
}

/** A document's object in the store copy, opened and compared with its row. */
async function checkDocument(
  raw: DocumentStore,
  ring: DocumentKeyRing | null,
  document: ClaimDocument,
): Promise<DocumentCheck> {
  const check = (problem: string | null, inTheClear = false): DocumentCheck => ({
    documentId: document.id,
    slotKey: document.slotKey,
    storageKey: document.storageKey,
    inTheClear,
    problem,
  });
  let stored: Uint8Array;
  try {
    stored = await raw.get(document.storageKey);
  } catch (error) {
    if (error instanceof DocumentNotFoundError) return check("missing from the document store");
    return check(`could not be read: ${(error as Error).message.replace(/\.$/, "")}`);
  }
  const inTheClear = ring !== null && !isSealed(stored);
  let plain: Buffer;
  try {
    plain = Buffer.from(ring === null ? stored : open(ring, document.storageKey, stored));
  } catch (error) {
    return check(`does not open: ${(error as Error).message.replace(/\.$/, "")}`, inTheClear);
  }
  if (!plain.subarray(0, PDF_HEADER.length).equals(PDF_HEADER)) {
    return check("opens to bytes that are not a PDF", inTheClear);
  }
  if (plain.length !== document.sizeBytes || sha256(plain) !== document.sha256) {
    return check(
      `opens to a PDF other than the one recorded (${plain.length} bytes, recorded ${document.sizeBytes}; SHA-256 differs)`,
      inTheClear,
    );
  }
  return check(null, inTheClear);
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function claimsToCheck(db: Database, which: WhichClaims) {
  if (which.references.length === 0) return latestSubmittedClaims(db, which.latest);
  return Promise.all(
    which.references.map(async (reference) => {
      const row = await claimRecordRow(db, reference.trim().toUpperCase());
      return { id: row?.id ?? null, webReferenceNumber: reference, status: row?.status ?? null };
    }),
  );
}

/** Checks a restored database and its document store copy; reads only. */
export async function verifyRestore(
  db: Database,
  store: { raw: DocumentStore; ring: DocumentKeyRing | null },
  which: WhichClaims,
): Promise<RestoreReport> {
  const migrations = await checkMigrations(db);
  const problems = migrations.problem ? [`Migrations: ${migrations.problem}.`] : [];
  const claims: ClaimCheck[] = [];
  const chosen = await claimsToCheck(db, which);
  if (chosen.length === 0) problems.push("No submitted claim in the restored database to check.");
  for (const claim of chosen) {
    if (claim.id === null) {
      problems.push(`Claim ${claim.webReferenceNumber}: not in the restored database.`);
      claims.push({ webReferenceNumber: claim.webReferenceNumber, status: null, documents: [] });
      continue;
    }
    const documents: DocumentCheck[] = [];
    for (const document of await listDocuments(db, claim.id)) {
      const checked = await checkDocument(store.raw, store.ring, document);
      documents.push(checked);
      if (checked.problem !== null) {
        problems.push(
          `Claim ${claim.webReferenceNumber}, document ${checked.documentId} (slot ${checked.slotKey}, object ${checked.storageKey}): ${checked.problem}.`,
        );
      }
    }
    claims.push({ webReferenceNumber: claim.webReferenceNumber, status: claim.status, documents });
  }
  return { migrations, claims, problems };
}

/** The report as the command prints it, a line each. */
export function reportLines(report: RestoreReport): string[] {
  const { migrations } = report;
  const lines = [
    `Migrations: ${migrations.applied.length} applied, ${migrations.expected.length} expected: ${migrations.problem ?? "OK"}`,
  ];
  for (const claim of report.claims) {
    if (claim.status === null) {
      lines.push(`Claim ${claim.webReferenceNumber}: NOT FOUND`);
      continue;
    }
    const failed = claim.documents.filter((document) => document.problem !== null).length;
    const clear = claim.documents.filter((document) => document.inTheClear).length;
    lines.push(
      `Claim ${claim.webReferenceNumber} (${claim.status}): ${claim.documents.length} documents, ${failed === 0 ? "all OK" : `${failed} FAILED`}${clear > 0 ? ` (${clear} stored in the clear)` : ""}`,
    );
  }
  const documents = report.claims.reduce((sum, claim) => sum + claim.documents.length, 0);
  lines.push(...report.problems.map((problem) => `FAILED ${problem}`));
  lines.push(
    `Summary: ${report.claims.length} claims, ${documents} documents checked, ${report.problems.length} problems: ${report.problems.length === 0 ? "the backup restores" : "the backup does NOT restore"}.`,
  );
  return lines;
}
