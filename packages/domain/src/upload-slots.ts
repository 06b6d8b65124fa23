import { isMinor, isUsPerson, MAX_BENEFICIARIES, PHILIPPINES } from "./beneficiary.ts";
import { type ClaimType, needsNeurologicalExam } from "./claim-details.ts";
import type { ClaimPayload } from "./claim-payload.ts";
import { SINGLE_FILE_DOCUMENT_TYPES } from "./constants.ts";
import type { IsoDate } from "./dates.ts";
import {
  BENEFICIARY_PLACEHOLDER,
  type CatalogueEntry,
  DOCUMENT_CATALOGUE,
  documentNameKey,
} from "./document-catalogue.ts";
import { inputsOfPayload } from "./inputs-of-payload.ts";
import { defineTexts } from "./localized-texts.ts";
import { USA } from "./start-form.ts";

/** The relationship value of the insured's spouse (BENEFICIARY_RELATIONSHIPS). */
const SPOUSE = "Spouse";

// The documents a claim asks for (section 3, "Upload slots"), computed from the claim's facts.
// What is asked when is recorded in docs/decisions/0020-document-catalogue-and-slots.md.

export type BenefitsClaimed = {
  surgery: boolean;
  confinement: boolean;
  dismembermentAmputation: boolean;
  disability: boolean;
};

export type SlotBeneficiary = {
  /** Position in the beneficiary list, from 1 (the payload's beneficiaryNo). */
  index: number;
  isMinor: boolean;
  /** US citizenship or nationality. */
  usPerson: boolean;
  /** A citizenship or nationality other than Philippine or US. */
  foreign: boolean;
  /** The insured's spouse: a marriage certificate is asked for. */
  isSpouse?: boolean;
};

export type SlotFacts = {
  claimType: ClaimType;
  nature: "AC" | "IL";
  /** Living claims only. */
  benefits: BenefitsClaimed;
  /** Living claims only: the second variant, with a neurological exam (needsNeurologicalExam). */
  neurological?: boolean;
  /** Death claims only: the company's papers are asked for. */
  corporatePolicy: boolean;
  /** Death claims only. */
  beneficiaries: SlotBeneficiary[];
  /** Living claims only: the policy owner is the payee. */
  owner: { usPerson: boolean; foreign: boolean };
};

export type UploadSlot<TFile = never> = {
  /** typeCode-tranTypeCode, the beneficiary's position in place of [X]: "DIDC001-VIF2-MAJ". */
  key: string;
  typeCode: string;
  /** The catalogue's tranTypeCode with [X] filled in. */
  tranTypeCode: string;
  typeOfId: string;
  /** What the claimant reads, in English: SLOT_LABEL_TEXTS under documentCd in their locale. */
  label: string;
  documentCd: string;
  /** False for the catalogue's "Others": the claimant may add them. */
  mandatory: boolean;
  beneficiaryIndex?: number;
  /** Most files the slot takes; no limit when absent. */
  max?: number;
  list: TFile[];
};

type ClaimRule = { code: string; label: string; when: (facts: SlotFacts) => boolean };
type BeneficiaryRule = {
  code: string;
  label: string;
  when: (beneficiary: SlotBeneficiary) => boolean;
};

const always = () => true;
const accident = (facts: SlotFacts) => facts.nature === "AC";
const corporate = (facts: SlotFacts) => facts.corporatePolicy;
const adult = (beneficiary: SlotBeneficiary) => !beneficiary.isMinor;
const minor = (beneficiary: SlotBeneficiary) => beneficiary.isMinor;
/** W-9 for US persons; W-8BEN for other foreigners (a dual US citizen files the W-9). */
const needsW9 = (person: { usPerson: boolean }) => person.usPerson;
const needsW8 = (person: { usPerson: boolean; foreign: boolean }) =>
  person.foreign && !person.usPerson;

const LIVING_RULES: ClaimRule[] = [
  { code: "VIF-MIN", label: "Valid government ID (front)", when: always },
  { code: "VIB-MIN", label: "Valid government ID (back)", when: always },
  { code: "APS-MIN", label: "Attending physician's statement", when: always },
  { code: "NEU-MIN", label: "Neurological examination report", when: (f) => !!f.neurological },
  { code: "PNR-MIN", label: "Police report or narration report", when: accident },
  { code: "ORC-MIN", label: "Official receipts of medical expenses", when: accident },
  { code: "RXP-MIN", label: "Doctor's prescription", when: accident },
  {
    code: "HSA-MIN",
    label: "Hospital statement of account",
    when: (f) => f.benefits.confinement,
  },
  {
    code: "MCA-MIN",
    label: "Medical certificate with the dates of admission and discharge",
    when: (f) => f.benefits.confinement,
  },
  {
    code: "ORR-MIN",
    label: "Operating room or surgical report",
    when: (f) => f.benefits.surgery || f.benefits.dismembermentAmputation,
  },
  { code: "COE-MIN", label: "Certificate of employment", when: (f) => f.benefits.disability },
  { code: "CGQ-MIN", label: "Caregiving questionnaire", when: (f) => f.benefits.disability },
  { code: "OMR-MIN", label: "Other medical records", when: always },
  {
    code: "BKP-MIN",
    label: "Proof of your bank account: bank certificate, passbook, ATM card or bank statement",
    when: always,
  },
  { code: "W9F-MIN", label: "Form W-9", when: (f) => needsW9(f.owner) },
  { code: "W8B-MIN", label: "Form W-8BEN", when: (f) => needsW8(f.owner) },
];

const DEATH_CLAIM_RULES: ClaimRule[] = [
  { code: "DTC-MAJ", label: "PSA death certificate", when: always },
  { code: "PSD-MAJ", label: "Physician's statement of death", when: always },
  { code: "MR5-MAJ", label: "Medical records of the last 5 years", when: always },
  { code: "PLR-MAJ", label: "Police report", when: accident },
  { code: "SEC-MAJ", label: "Secretary's certificate", when: corporate },
  { code: "BRS-MAJ", label: "Board resolution", when: corporate },
  { code: "CRI-MAJ", label: "Valid ID of the company's representative", when: corporate },
  { code: "CAP-MAJ", label: "Proof of the company's bank account", when: corporate },
  { code: "DTI-MAJ", label: "DTI registration", when: corporate },
];

const DEATH_BENEFICIARY_RULES: BeneficiaryRule[] = [
  { code: "VIF[X]-MAJ", label: "Valid government ID (front)", when: adult },
  { code: "VIB[X]-MAJ", label: "Valid government ID (back)", when: adult },
  { code: "GIF[X]-MAJ", label: "Guardian's valid government ID (front)", when: minor },
  { code: "GIB[X]-MAJ", label: "Guardian's valid government ID (back)", when: minor },
  { code: "MRC[X]-MAJ", label: "PSA marriage certificate", when: (b) => !!b.isSpouse },
  { code: "MBC[X]-MAJ", label: "PSA birth certificate of the minor", when: minor },
  { code: "GAF[X]-MAJ", label: "Affidavit of guardianship", when: minor },
  {
    code: "BKP[X]-MAJ",
    label: "Proof of bank account: bank certificate, passbook, ATM card or bank statement",
    when: adult,
  },
  {
    code: "MKP[X]-MAJ",
    label: "Proof of the bank account held in trust for the minor",
    when: minor,
  },
  { code: "W9F[X]-MAJ", label: "Form W-9", when: needsW9 },
  { code: "W8B[X]-MAJ", label: "Form W-8BEN", when: needsW8 },
];

function catalogueEntry(claimType: ClaimType, tranTypeCode: string): CatalogueEntry {
  const entry = DOCUMENT_CATALOGUE.find(
    (candidate) => candidate.claimType === claimType && candidate.tranTypeCode === tranTypeCode,
  );
  // A rule without its catalogue entry is a programming error: fail when the module loads.
  if (!entry) throw new Error(`No catalogue entry for ${claimType} ${tranTypeCode}`);
  return entry;
}

type Resolved<R> = R & { entry: CatalogueEntry };
const resolve = <R extends { code: string }>(claimType: ClaimType, rules: R[]): Resolved<R>[] =>
  rules.map((rule) => ({ ...rule, entry: catalogueEntry(claimType, rule.code) }));

const LIVING = resolve("Living", LIVING_RULES);
const DEATH_CLAIM = resolve("Death", DEATH_CLAIM_RULES);
const DEATH_BENEFICIARY = resolve("Death", DEATH_BENEFICIARY_RULES);

/**
 * What Step 4 calls each document a rule asks for, keyed by its catalogue number (decision 0091):
 * "upload-slots.D0501" is "Valid government ID (front)" in English, its rule's label.
 */
export const SLOT_LABEL_TEXTS = defineTexts(
  "upload-slots",
  Object.fromEntries(
    [...LIVING, ...DEATH_CLAIM, ...DEATH_BENEFICIARY].map((rule) => [
      rule.entry.documentCd,
      rule.label,
    ]),
  ),
);

/** "VIF[X]-MAJ" with 2 → "VIF2-MAJ"; a code without [X] is returned as it is. */
export function fillBeneficiaryIndex(tranTypeCode: string, index: number | undefined): string {
  return tranTypeCode.replace(BENEFICIARY_PLACEHOLDER, index === undefined ? "" : String(index));
}

export function slotKey(typeCode: string, tranTypeCode: string): string {
  return `${typeCode}-${tranTypeCode}`;
}

const SINGLE_FILE_TYPES: ReadonlySet<string> = new Set(SINGLE_FILE_DOCUMENT_TYPES);

function toSlot<TFile>(
  entry: CatalogueEntry,
  label: string,
  beneficiaryIndex?: number,
): UploadSlot<TFile> {
  const tranTypeCode = fillBeneficiaryIndex(entry.tranTypeCode, beneficiaryIndex);
  return {
    key: slotKey(entry.docTypeCode, tranTypeCode),
    typeCode: entry.docTypeCode,
    tranTypeCode,
    typeOfId: entry.typeOfId,
    label,
    documentCd: entry.documentCd,
    mandatory: entry.docType === "Mandatory",
    ...(beneficiaryIndex === undefined ? {} : { beneficiaryIndex }),
    ...(SINGLE_FILE_TYPES.has(entry.docTypeCode) ? { max: 1 } : {}),
    list: [],
  };
}

function checkBeneficiaryIndexes(beneficiaries: SlotBeneficiary[]): void {
  const seen = new Set<number>();
  for (const { index } of beneficiaries) {
    if (!Number.isInteger(index) || index < 1 || seen.has(index)) {
      throw new RangeError(`Beneficiary positions must be distinct whole numbers from 1: ${index}`);
    }
    seen.add(index);
  }
}

/**
 * The upload slots of a claim, in the order the claimant sees them: the claim's own documents,
 * then each beneficiary's by position. Mandatory and optional slots are told apart by `mandatory`.
 */
export function buildUploadSlots<TFile = never>(facts: SlotFacts): UploadSlot<TFile>[] {
  if (facts.claimType === "Living") {
    return LIVING.filter((rule) => rule.when(facts)).map((rule) =>
      toSlot<TFile>(rule.entry, rule.label),
    );
  }
  checkBeneficiaryIndexes(facts.beneficiaries);
  const claimSlots = DEATH_CLAIM.filter((rule) => rule.when(facts)).map((rule) =>
    toSlot<TFile>(rule.entry, rule.label),
  );
  const byPosition = [...facts.beneficiaries].sort((a, b) => a.index - b.index);
  const beneficiarySlots = byPosition.flatMap((beneficiary) =>
    DEATH_BENEFICIARY.filter((rule) => rule.when(beneficiary)).map((rule) =>
      toSlot<TFile>(rule.entry, rule.label, beneficiary.index),
    ),
  );
  return [...claimSlots, ...beneficiarySlots];
}

/** The keys a final submit needs a file in; the server recomputes them from the stored claim. */
export function mandatorySlotKeys(facts: SlotFacts): string[] {
  return buildUploadSlots(facts)
    .filter((slot) => slot.mandatory)
    .map((slot) => slot.key);
}

/** The claim's slot under this key, or undefined when the claim does not ask for it. */
export function findUploadSlot(facts: SlotFacts, key: string): UploadSlot | undefined {
  return buildUploadSlots(facts).find((slot) => slot.key === key);
}

// ---- The server's side: keys it can check before it knows the claim, and the facts of a submit.

type ParsedSlotKey = {
  key: string;
  claimType: ClaimType;
  typeCode: string;
  tranTypeCode: string;
  beneficiaryIndex?: number;
  /** Most files the slot takes; no limit when absent. */
  max?: number;
};

/** Every key any claim can ask for: each catalogue entry, per-beneficiary ones for 1..MAX_BENEFICIARIES. */
const SLOT_UNIVERSE: ReadonlyMap<string, ParsedSlotKey> = (() => {
  const universe = new Map<string, ParsedSlotKey>();
  const add = (entry: CatalogueEntry, beneficiaryIndex?: number) => {
    const tranTypeCode = fillBeneficiaryIndex(entry.tranTypeCode, beneficiaryIndex);
    const key = slotKey(entry.docTypeCode, tranTypeCode);
    universe.set(key, {
      key,
      claimType: entry.claimType,
      typeCode: entry.docTypeCode,
      tranTypeCode,
      ...(beneficiaryIndex === undefined ? {} : { beneficiaryIndex }),
      ...(SINGLE_FILE_TYPES.has(entry.docTypeCode) ? { max: 1 } : {}),
    });
  };
  for (const entry of DOCUMENT_CATALOGUE) {
    if (!entry.tranTypeCode.includes(BENEFICIARY_PLACEHOLDER)) add(entry);
    else for (let index = 1; index <= MAX_BENEFICIARIES; index++) add(entry, index);
  }
  return universe;
})();

/** The slot a key names, or null when no claim could ask for it (malformed, unknown, index out of range). */
export function parseSlotKey(key: string): ParsedSlotKey | null {
  return SLOT_UNIVERSE.get(key) ?? null;
}

export function isKnownSlotKey(key: string): boolean {
  return SLOT_UNIVERSE.has(key);
}

const countryCode = (option: { value: string } | null | undefined) => option?.value ?? "";
const isForeign = (...codes: string[]) => codes.some((code) => code !== "" && code !== PHILIPPINES);

/**
 * The slot facts of a submitted payload: nature from the subtype (Living) or natureOfDeath,
 * benefits from the is… flags, minors by the age rule on `today`, W-9/W-8 from citizenship and
 * nationality, spouses from the relationship, the neurological exam from accidentResult and
 * illnessResult with the benefits (needsNeurologicalExam).
 */
export function slotFactsOfPayload(payload: ClaimPayload, today: IsoDate): SlotFacts {
  const { basicInformation: basic, insuredInformation: insured } = payload;
  const inputs = inputsOfPayload(payload);
  const death = basic.claimType === "Death";
  const nature = (death ? basic.natureOfDeath : basic.causeOfLoss) === "AC" ? "AC" : "IL";
  const ownerCitizenship = insured.citizenship;
  return {
    claimType: basic.claimType,
    nature,
    benefits: {
      surgery: insured.isSurgeryPerformed === "Y",
      confinement: insured.isConfinement === "Y",
      dismembermentAmputation: insured.isDismembermentAmputation === "Y",
      disability: insured.isDisability === "Y",
    },
    neurological: needsNeurologicalExam(inputs.details),
    corporatePolicy: payload.policyInformation.policyType === "Corporate",
    beneficiaries: death
      ? inputs.beneficiaries.map((beneficiary, position) => ({
          index: payload.beneficiaryList[position]?.beneficiaryNo ?? position + 1,
          isMinor: isMinor(beneficiary.dateOfBirth, today),
          usPerson: isUsPerson(beneficiary),
          foreign: isForeign(
            countryCode(beneficiary.citizenship),
            countryCode(beneficiary.nationality),
          ),
          isSpouse: beneficiary.relationship === SPOUSE,
        }))
      : [],
    owner: {
      usPerson: ownerCitizenship === USA,
      foreign: isForeign(ownerCitizenship),
    },
  };
}

/** The catalogue entry of the document a slot holds, and the beneficiary it is for. */
function slotEntry(key: string): { entry: CatalogueEntry; slot: ParsedSlotKey } | null {
  const slot = parseSlotKey(key);
  if (!slot) return null;
  const entry = DOCUMENT_CATALOGUE.find(
    (e) =>
      e.docTypeCode === slot.typeCode &&
      fillBeneficiaryIndex(e.tranTypeCode, slot.beneficiaryIndex) === slot.tranTypeCode,
  );
  return entry ? { entry, slot } : null;
}

const withBeneficiary = <T>(named: T, slot: ParsedSlotKey) =>
  slot.beneficiaryIndex === undefined
    ? named
    : { ...named, beneficiaryIndex: slot.beneficiaryIndex };

/** The catalogue's name of the document a slot holds, with the beneficiary it is for; null if unknown. */
export function slotDocumentName(key: string): { name: string; beneficiaryIndex?: number } | null {
  const found = slotEntry(key);
  return found && withBeneficiary({ name: found.entry.typeOfId }, found.slot);
}

/**
 * The name a slot carried in Step 4 ("Valid government ID (front)"), as the claimant read it, with
 * the key of its text in a locale's catalogue and the beneficiary it is for; the catalogue's name
 * for a key no rule asks; null if unknown.
 */
export function slotLabel(
  key: string,
): { label: string; nameKey: string; beneficiaryIndex?: number } | null {
  const found = slotEntry(key);
  if (!found) return null;
  const { entry, slot } = found;
  const label = SLOT_LABEL_TEXTS[entry.documentCd];
  const named =
    label === undefined
      ? { label: entry.typeOfId, nameKey: documentNameKey(entry.documentCd) }
      : { label, nameKey: `upload-slots.${entry.documentCd}` };
  return withBeneficiary(named, slot);
}
