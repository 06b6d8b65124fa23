import { slotDocumentName } from "./upload-slots.ts";

// What a stored document is, in words, wherever staff or the insurer's system list a claim's
// documents: the catalogue's name of the slot it was sent in (or the request it answers) and, on a
// death claim, the beneficiary it belongs to, by position and name as the claimant entered them.

export const DOCUMENT_SLOT_TEXTS = {
  /** A file sent for a request whose item is no longer on the claim. */
  requested: "Document the insurer asked for",
  /** A slot no catalogue entry names (never stored by this service; kept for old rows). */
  unknown: "Document",
  /** A beneficiary entered without a name. */
  beneficiary: (position: number) => `Beneficiary ${position}`,
} as const;

export type DocumentBeneficiary = {
  /** The payload's beneficiaryNo: the beneficiary's position, from 1. */
  beneficiaryNo: number;
  name: string;
};

export type DocumentSlotName = {
  name: string;
  /** Null for the claim's own documents and for requested ones. */
  beneficiary: DocumentBeneficiary | null;
};

/** The part of a claim a document's name is read from: its payload's beneficiaries and its requests. */
export type DocumentNamingFacts = {
  payload: { beneficiaryList?: unknown };
  requirements: readonly { id: string; description: string }[];
};

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** "Josephine Reyes Santos Jr.": the name as entered, empty parts left out. */
export function beneficiaryName(beneficiary: Record<string, unknown>): string {
  return [beneficiary.firstName, beneficiary.middleName, beneficiary.lastName, beneficiary.suffix]
    .map(text)
    .filter((part) => part !== "")
    .join(" ");
}

function beneficiaryAt(payload: { beneficiaryList?: unknown }, position: number) {
  const list = Array.isArray(payload.beneficiaryList) ? payload.beneficiaryList : [];
  const found = list.find(
    (entry): entry is Record<string, unknown> =>
      typeof entry === "object" && entry !== null && entry.beneficiaryNo === position,
  );
  const name = found ? beneficiaryName(found) : "";
  return { beneficiaryNo: position, name: name || DOCUMENT_SLOT_TEXTS.beneficiary(position) };
}

/** The name of a stored document and the beneficiary it belongs to. */
export function documentSlotName(
  document: { slotKey: string; requirementId: string | null },
  claim: DocumentNamingFacts,
): DocumentSlotName {
  if (document.requirementId !== null) {
    const request = claim.requirements.find((item) => item.id === document.requirementId);
    return { name: request?.description || DOCUMENT_SLOT_TEXTS.requested, beneficiary: null };
  }
  const slot = slotDocumentName(document.slotKey);
  if (!slot) return { name: DOCUMENT_SLOT_TEXTS.unknown, beneficiary: null };
  return {
    name: slot.name,
    beneficiary:
      slot.beneficiaryIndex === undefined
        ? null
        : beneficiaryAt(claim.payload, slot.beneficiaryIndex),
  };
}
