import { slotDocumentName, slotLabel } from "./upload-slots.ts";

// What a stored document is, in words, wherever a claim's documents are listed (the insurer's API,
// the console, the claimant's tracking page): the name of the slot it was sent in (or the request it
// answers) and, on a death claim, the beneficiary it belongs to, by position and name.

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

/** "Josephine Santos": the first and last name only, as the claimant's tracking page shows it. */
export function firstAndLastName(beneficiary: Record<string, unknown>): string {
  return [beneficiary.firstName, beneficiary.lastName]
    .map(text)
    .filter((part) => part !== "")
    .join(" ");
}

/** How one reader names a slot's document and its beneficiary. */
export type SlotNaming = {
  /** "catalogue": the catalogue's name (staff, the insurer); "step-4": the label the claimant read. */
  words: "catalogue" | "step-4";
  /** A beneficiary's name from their entry in the payload's beneficiaryList. */
  beneficiaryName: (beneficiary: Record<string, unknown>) => string;
  /** What stands for the name of a beneficiary entered without one. */
  unnamed: (position: number) => string;
};

function beneficiaryAt(
  payload: { beneficiaryList?: unknown },
  position: number,
  naming: SlotNaming,
): DocumentBeneficiary {
  const list = Array.isArray(payload.beneficiaryList) ? payload.beneficiaryList : [];
  const found = list.find(
    (entry, index): entry is Record<string, unknown> =>
      typeof entry === "object" &&
      entry !== null &&
      (Number(entry.beneficiaryNo) || index + 1) === position,
  );
  const name = found ? naming.beneficiaryName(found) : "";
  return { beneficiaryNo: position, name: name || naming.unnamed(position) };
}

function slotWords(slotKey: string, words: SlotNaming["words"]) {
  if (words === "catalogue") return slotDocumentName(slotKey);
  const labelled = slotLabel(slotKey);
  return labelled && { name: labelled.label, beneficiaryIndex: labelled.beneficiaryIndex };
}

/** The document a slot holds and the beneficiary it is for, in one reader's words; null if unknown. */
export function slotDocument(
  slotKey: string,
  payload: { beneficiaryList?: unknown },
  naming: SlotNaming,
): DocumentSlotName | null {
  const slot = slotWords(slotKey, naming.words);
  if (!slot) return null;
  return {
    name: slot.name,
    beneficiary:
      slot.beneficiaryIndex === undefined
        ? null
        : beneficiaryAt(payload, slot.beneficiaryIndex, naming),
  };
}

/** How the insurer's API names documents: the catalogue's words, each beneficiary's whole name. */
const INSURER_NAMING: SlotNaming = {
  words: "catalogue",
  beneficiaryName,
  unnamed: DOCUMENT_SLOT_TEXTS.beneficiary,
};

/** The name of a stored document and the beneficiary it belongs to. */
export function documentSlotName(
  document: { slotKey: string; requirementId: string | null },
  claim: DocumentNamingFacts,
): DocumentSlotName {
  if (document.requirementId !== null) {
    const request = claim.requirements.find((item) => item.id === document.requirementId);
    return { name: request?.description || DOCUMENT_SLOT_TEXTS.requested, beneficiary: null };
  }
  return (
    slotDocument(document.slotKey, claim.payload, INSURER_NAMING) ?? {
      name: DOCUMENT_SLOT_TEXTS.unknown,
      beneficiary: null,
    }
  );
}
