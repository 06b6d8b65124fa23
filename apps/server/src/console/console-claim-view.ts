import { personName } from "@kalinga/domain/claim-payload-view";
import { DOCUMENT_CATALOGUE } from "@kalinga/domain/document-catalogue";
import { type SlotNaming, slotDocument } from "@kalinga/domain/document-slot-name";
import type { Queryable } from "../db/database.ts";
import { documentDisplayName } from "../documents/document-display-name.ts";

export { declarationsOf } from "../submission/submission-repository.ts";

import { type StoredDocument, sentRequestDocuments } from "../documents/document-repository.ts";
import type { Requirement } from "../lifecycle/lifecycle-repository.ts";

// The documents of one claim as the console shows them: each file named after what it is (the
// catalogue's document and its beneficiary, or the request it answers), never after the name the
// claimant's phone gave it, and each request with the files the claimant sent for it.

export type ConsoleFile = {
  id: string;
  /** "Death certificate - Josephine Bracken.pdf": what it is, as a file name. */
  displayName: string;
  size: number;
};

export type ConsoleDocument = ConsoleFile & {
  slot: string;
  /** The catalogue's name of the document, or null for a slot the catalogue does not know. */
  title: string | null;
  beneficiary: { no: number; name: string } | null;
};

/** What a request asks for, in a few words: the catalogue's name, else the examiner's own words. */
export function requestName(item: Pick<Requirement, "documentCd" | "description">): string {
  const entry = DOCUMENT_CATALOGUE.find((e) => e.documentCd === item.documentCd);
  return entry?.typeOfId ?? item.description;
}

/** A name as a file name: its own ".pdf" so a dot in it is no extension, no folder separators. */
const asFileName = (name: string) => documentDisplayName(`${name.replace(/[\\/]/g, "-")}.pdf`);

/** Files of one thing numbered from the second on: "Valid ID.pdf", "Valid ID (2).pdf". */
function fileNames(base: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) =>
    asFileName(index === 0 ? base : `${base} (${index + 1})`),
  );
}

/** Staff read the catalogue's words and each beneficiary's name as the details show it. */
const CONSOLE_NAMING: SlotNaming = {
  words: "catalogue",
  beneficiaryName: personName,
  unnamed: () => "",
};

/** The files filed with the claim (not those sent for a request), each named after its slot. */
export function filedDocuments(
  documents: readonly StoredDocument[],
  payload: Record<string, unknown>,
): ConsoleDocument[] {
  const filed = documents.filter((document) => document.requirementId === null);
  const bySlot = new Map<string, StoredDocument[]>();
  for (const document of filed) {
    bySlot.set(document.slotKey, [...(bySlot.get(document.slotKey) ?? []), document]);
  }
  return [...bySlot.entries()].flatMap(([slot, files]) => {
    const known = slotDocument(slot, payload, CONSOLE_NAMING);
    const beneficiary = known?.beneficiary
      ? { no: known.beneficiary.beneficiaryNo, name: known.beneficiary.name }
      : null;
    const base = [known?.name ?? slot, beneficiary?.name].filter(Boolean).join(" - ");
    const displayNames = fileNames(base, files.length);
    return files.map((file, index) => ({
      id: file.id,
      slot,
      title: known?.name ?? null,
      beneficiary,
      displayName: displayNames[index] ?? asFileName(base),
      size: file.sizeBytes,
    }));
  });
}

/** The files the claimant sent for each request, by request id; files not sent yet are not shown. */
export async function sentRequestFiles(
  q: Queryable,
  claimId: string,
  requirements: readonly Requirement[],
): Promise<Map<string, ConsoleFile[]>> {
  const rows = await sentRequestDocuments(q, claimId);
  const files = new Map<string, ConsoleFile[]>();
  for (const item of requirements) {
    const own = rows.filter((row) => row.requirementId === item.id);
    const displayNames = fileNames(requestName(item), own.length);
    files.set(
      item.id,
      own.map((row, index) => ({
        id: row.id,
        displayName: displayNames[index] ?? asFileName(requestName(item)),
        size: row.sizeBytes,
      })),
    );
  }
  return files;
}
