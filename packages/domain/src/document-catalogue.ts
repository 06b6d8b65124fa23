import * as z from "zod/mini";
import type { ClaimType, NatureOfDeath } from "./claim-details.ts";
import { defineTexts } from "./localized-texts.ts";

// Every document the insurer files against a Philippine life claim (section 3, "Document
// catalogue"). The code scheme is recorded in docs/decisions/0020-document-catalogue-and-slots.md.

/** Mandatory: a requirement when its condition applies. Others: supporting or alternative papers. */
type CatalogueDocType = "Mandatory" | "Others";
/** The natures a document applies to: AC accident, IL illness, or both ("AC,IL"); the field keeps
 * the specification's name for living claims too. */
type NaturesItAppliesTo = NatureOfDeath | "AC,IL";

export type CatalogueEntry = {
  claimType: ClaimType;
  docType: CatalogueDocType;
  /** The catalogue's own number for the document: claim-type letter, family block, sequence. */
  documentCd: string;
  natureOfDeath: NaturesItAppliesTo;
  /** The kind of document: claim-type letter, family, number (LIDC001 = living valid ID). */
  docTypeCode: string;
  /** The document's name in English, as the claims system files it (DOCUMENT_NAME_TEXTS shows it). */
  typeOfId: string;
  /** The claims system's filing code: mnemonic, [X] for a death beneficiary, -MAJ or -MIN. */
  tranTypeCode: string;
};

/** Where a death code holds the beneficiary's position (1, 2, …). */
export const BENEFICIARY_PLACEHOLDER = "[X]";
const DEATH_CODE_SUFFIX = "-MAJ";
const LIVING_CODE_SUFFIX = "-MIN";
const LIVING_VALID_ID_TYPE = "LIDC001";
const DEATH_VALID_ID_TYPE = "DIDC001";

export const catalogueEntrySchema = z.union([
  z.strictObject({
    claimType: z.literal("Death"),
    docType: z.enum(["Mandatory", "Others"]),
    documentCd: z.string().check(z.regex(/^D\d{4}$/)),
    natureOfDeath: z.enum(["AC", "IL", "AC,IL"]),
    docTypeCode: z.string().check(z.regex(/^D[A-Z]{3}\d{3}$/)),
    typeOfId: z.string().check(z.minLength(3), z.maxLength(120)),
    tranTypeCode: z.string().check(z.regex(/^[A-Z0-9]{3}(\[X\])?-MAJ$/)),
  }),
  z.strictObject({
    claimType: z.literal("Living"),
    docType: z.enum(["Mandatory", "Others"]),
    documentCd: z.string().check(z.regex(/^L\d{4}$/)),
    natureOfDeath: z.enum(["AC", "IL", "AC,IL"]),
    docTypeCode: z.string().check(z.regex(/^L[A-Z]{3}\d{3}$/)),
    typeOfId: z.string().check(z.minLength(3), z.maxLength(120)),
    tranTypeCode: z.string().check(z.regex(/^[A-Z0-9]{3}-MIN$/)),
  }),
]);

/** documentCd, docType (M/O), nature, docTypeCode, tranTypeCode, typeOfId. */
type Row = [string, "M" | "O", NaturesItAppliesTo, string, string, string];

/** Government IDs accepted in the Philippines that have a front and a back, with a 2-letter code. */
const VALID_IDS: [string, string][] = [
  ["UM", "UMID"],
  ["PS", "PhilSys national ID"],
  ["PP", "Passport"],
  ["DL", "Driver's licence"],
  ["SS", "SSS ID"],
  ["GS", "GSIS e-Card"],
  ["PR", "PRC ID"],
  ["PT", "Postal ID"],
  ["VT", "Voter's ID"],
  ["SC", "Senior citizen ID"],
  ["PW", "PWD ID"],
  ["PH", "PhilHealth ID"],
  ["PG", "Pag-IBIG loyalty card"],
  ["OW", "OWWA OFW e-Card"],
  ["IB", "IBP ID"],
  ["TN", "TIN ID"],
  ["AC", "ACR I-Card"],
  ["SH", "School ID"],
];

/** Each accepted ID as two Others rows (front, back), numbered on from `firstNumber`. */
function validIdRows(claimLetter: "D" | "L", firstNumber: number, placeholder: string): Row[] {
  const suffix = claimLetter === "D" ? DEATH_CODE_SUFFIX : LIVING_CODE_SUFFIX;
  const docTypeCode = claimLetter === "D" ? DEATH_VALID_ID_TYPE : LIVING_VALID_ID_TYPE;
  return VALID_IDS.flatMap(([code, name], i): Row[] =>
    (["F", "B"] as const).map(
      (side, j): Row => [
        `${claimLetter}${String(firstNumber + i * 2 + j).padStart(4, "0")}`,
        "O",
        "AC,IL",
        docTypeCode,
        `${code}${side}${placeholder}${suffix}`,
        `${name} (${side === "F" ? "front" : "back"})`,
      ],
    ),
  );
}

// Blocks of documentCd: 01 civil registry, 02 medical, 03 incident, 04 funeral or expenses,
// 05 identity, 06 bank, 07 tax, 08 guardianship or employment, 09 corporate, 10 forms and affidavits.

// biome-ignore format: one document a line reads as a table
const DEATH_ROWS: Row[] = [
  ["D0101", "M", "AC,IL", "DCRT001", "DTC-MAJ", "PSA death certificate of the insured"],
  ["D0102", "O", "AC,IL", "DCRT001", "LDC-MAJ", "Death certificate from the local civil registrar"],
  ["D0103", "O", "AC,IL", "DCRT001", "RDA-MAJ", "Report of death from a Philippine embassy or consulate"],
  ["D0104", "O", "AC,IL", "DCRT001", "FDC-MAJ", "Foreign death certificate, apostilled"],
  ["D0105", "O", "AC,IL", "DCRT002", "IBC-MAJ", "PSA birth certificate of the insured"],
  ["D0106", "O", "AC,IL", "DCRT002", "CNM-MAJ", "CENOMAR of the insured"],
  ["D0107", "O", "AC,IL", "DCRT002", "IMC-MAJ", "PSA marriage certificate of the insured"],
  ["D0108", "O", "AC,IL", "DCRT002", "PBD-MAJ", "PSA death certificate of a beneficiary who died before the insured"],
  ["D0109", "M", "AC,IL", "DCRT003", "MRC[X]-MAJ", "PSA marriage certificate of the spouse beneficiary"],
  ["D0110", "O", "AC,IL", "DCRT003", "BCN[X]-MAJ", "CENOMAR of the beneficiary"],
  ["D0111", "O", "AC,IL", "DCRT004", "BBC[X]-MAJ", "PSA birth certificate of the beneficiary"],
  ["D0112", "M", "AC,IL", "DCRT004", "MBC[X]-MAJ", "PSA birth certificate of the minor beneficiary"],
  ["D0113", "O", "AC,IL", "DCRT004", "BAP[X]-MAJ", "Baptismal certificate of the beneficiary"],
  ["D0114", "O", "AC,IL", "DCRT004", "NAT[X]-MAJ", "Certificate of naturalisation or of retention of Philippine citizenship"],
  ["D0201", "O", "AC,IL", "DMED001", "PSD-MAJ", "Physician's statement of death"],
  ["D0202", "O", "AC,IL", "DMED001", "MCL-MAJ", "Medical certificate of the last illness or injury"],
  ["D0203", "O", "AC,IL", "DMED002", "MR5-MAJ", "Medical records of the last 5 years"],
  ["D0204", "O", "AC,IL", "DMED002", "CAB-MAJ", "Clinical abstract of the last confinement"],
  ["D0205", "O", "AC,IL", "DMED002", "DSS-MAJ", "Discharge summary"],
  ["D0206", "O", "AC,IL", "DMED002", "ERR-MAJ", "Emergency room record"],
  ["D0207", "O", "AC,IL", "DMED002", "ORR-MAJ", "Operating room or surgical report"],
  ["D0208", "O", "IL", "DMED003", "LAB-MAJ", "Laboratory results"],
  ["D0209", "O", "IL", "DMED003", "HPR-MAJ", "Histopathology report"],
  ["D0210", "O", "AC,IL", "DMED003", "IMG-MAJ", "X-ray, CT scan or MRI results"],
  ["D0211", "O", "AC,IL", "DMED004", "AUT-MAJ", "Autopsy report"],
  ["D0212", "O", "AC", "DMED004", "TOX-MAJ", "Toxicology report"],
  ["D0213", "O", "AC", "DMED004", "MLR-MAJ", "Medico-legal report"],
  ["D0214", "O", "AC,IL", "DMED004", "COR-MAJ", "Coroner's report, for a death abroad"],
  ["D0215", "O", "AC,IL", "DMED005", "HSA-MAJ", "Final hospital statement of account"],
  ["D0216", "O", "AC,IL", "DMED005", "BRG-MAJ", "Barangay certificate of the circumstances of a death at home"],
  ["D0301", "M", "AC", "DINC001", "PLR-MAJ", "Police report"],
  ["D0302", "O", "AC", "DINC001", "BLT-MAJ", "Police blotter"],
  ["D0303", "O", "AC", "DINC001", "NAR-MAJ", "Narration report or affidavit on how the death happened"],
  ["D0304", "O", "AC", "DINC002", "TAR-MAJ", "Traffic accident report"],
  ["D0305", "O", "AC", "DINC002", "FIR-MAJ", "Bureau of Fire Protection fire incident report"],
  ["D0306", "O", "AC", "DINC002", "MIR-MAJ", "Philippine Coast Guard marine incident report"],
  ["D0307", "O", "AC", "DINC002", "MAN-MAJ", "Passenger manifest of the flight or vessel"],
  ["D0308", "O", "AC", "DINC002", "EIR-MAJ", "Employer's report of a work accident"],
  ["D0309", "O", "AC", "DINC003", "IDL-MAJ", "Driver's licence of the insured, when driving"],
  ["D0310", "O", "AC", "DINC003", "VOR-MAJ", "Vehicle official receipt and certificate of registration"],
  ["D0311", "O", "AC", "DINC004", "NWC-MAJ", "Newspaper clipping of the incident"],
  ["D0312", "O", "AC", "DINC004", "PHT-MAJ", "Photographs of the incident site"],
  ["D0313", "O", "AC", "DINC004", "NBI-MAJ", "NBI investigation report"],
  ["D0314", "O", "AC", "DINC004", "PRS-MAJ", "Prosecutor's resolution"],
  ["D0315", "O", "AC", "DINC004", "PAR-MAJ", "Paraffin or ballistics report"],
  ["D0401", "O", "AC,IL", "DFUN001", "FUC-MAJ", "Funeral service contract"],
  ["D0402", "O", "AC,IL", "DFUN001", "FUR-MAJ", "Official receipts of funeral expenses"],
  ["D0403", "O", "AC,IL", "DFUN001", "BUR-MAJ", "Official receipts of burial expenses"],
  ["D0404", "O", "AC,IL", "DFUN002", "BUP-MAJ", "Burial permit"],
  ["D0405", "O", "AC,IL", "DFUN002", "CRM-MAJ", "Certificate of cremation"],
  ["D0406", "O", "AC,IL", "DFUN002", "INT-MAJ", "Certificate of interment from the cemetery"],
  ["D0407", "O", "AC,IL", "DFUN002", "EMB-MAJ", "Embalmer's certificate"],
  ["D0408", "O", "AC,IL", "DFUN002", "TPR-MAJ", "Transfer permit of the remains, for a death abroad"],
  ["D0501", "M", "AC,IL", "DIDC001", "VIF[X]-MAJ", "Valid government ID of the beneficiary (front)"],
  ["D0502", "M", "AC,IL", "DIDC001", "VIB[X]-MAJ", "Valid government ID of the beneficiary (back)"],
  ["D0503", "M", "AC,IL", "DIDC001", "GIF[X]-MAJ", "Valid government ID of the minor beneficiary's guardian (front)"],
  ["D0504", "M", "AC,IL", "DIDC001", "GIB[X]-MAJ", "Valid government ID of the minor beneficiary's guardian (back)"],
  ["D0505", "O", "AC,IL", "DIDC001", "INF-MAJ", "Valid government ID of the insured (front)"],
  ["D0506", "O", "AC,IL", "DIDC001", "INB-MAJ", "Valid government ID of the insured (back)"],
  ["D0507", "O", "AC,IL", "DIDC002", "SLF[X]-MAJ", "Photo of the beneficiary holding the valid ID"],
  ["D0508", "O", "AC,IL", "DIDC002", "SSC[X]-MAJ", "Specimen signature card of the beneficiary"],
  ...validIdRows("D", 509, BENEFICIARY_PLACEHOLDER),
  ["D0601", "M", "AC,IL", "DBNK001", "BKP[X]-MAJ", "Proof of the beneficiary's bank account"],
  ["D0602", "O", "AC,IL", "DBNK001", "BKC[X]-MAJ", "Bank certificate of the beneficiary's account"],
  ["D0603", "O", "AC,IL", "DBNK001", "BKB[X]-MAJ", "Passbook of the beneficiary's account"],
  ["D0604", "O", "AC,IL", "DBNK001", "BKA[X]-MAJ", "ATM card of the beneficiary's account"],
  ["D0605", "O", "AC,IL", "DBNK001", "BKS[X]-MAJ", "Bank statement of the beneficiary's account"],
  ["D0606", "M", "AC,IL", "DBNK002", "MKP[X]-MAJ", "Proof of the bank account held in trust for the minor beneficiary"],
  ["D0607", "O", "AC,IL", "DBNK002", "MKC[X]-MAJ", "Bank certificate of the account in trust for the minor"],
  ["D0608", "O", "AC,IL", "DBNK002", "MKB[X]-MAJ", "Passbook of the account in trust for the minor"],
  ["D0609", "O", "AC,IL", "DBNK002", "MKA[X]-MAJ", "ATM card of the account in trust for the minor"],
  ["D0610", "O", "AC,IL", "DBNK002", "MKS[X]-MAJ", "Bank statement of the account in trust for the minor"],
  ["D0701", "M", "AC,IL", "DTAX001", "W9F[X]-MAJ", "Form W-9 of the beneficiary"],
  ["D0702", "M", "AC,IL", "DTAX002", "W8B[X]-MAJ", "Form W-8BEN of the beneficiary"],
  ["D0703", "O", "AC,IL", "DTAX003", "TIN[X]-MAJ", "Proof of the beneficiary's tax identification number"],
  ["D0801", "M", "AC,IL", "DGRD001", "GAF[X]-MAJ", "Affidavit of guardianship of the minor beneficiary"],
  ["D0802", "O", "AC,IL", "DGRD001", "CGO[X]-MAJ", "Court order appointing the minor beneficiary's guardian"],
  ["D0803", "O", "AC,IL", "DGRD001", "GBD[X]-MAJ", "Guardian's bond"],
  ["D0804", "O", "AC,IL", "DGRD002", "GRL[X]-MAJ", "Proof of the guardian's relationship to the minor"],
  ["D0805", "O", "AC,IL", "DGRD002", "GBC[X]-MAJ", "PSA birth certificate of the guardian"],
  ["D0806", "O", "AC,IL", "DGRD002", "SCE[X]-MAJ", "Certificate of school enrolment of the minor"],
  ["D0807", "O", "AC,IL", "DGRD002", "DSW[X]-MAJ", "DSWD certification for a minor without parents"],
  ["D0901", "O", "AC,IL", "DCOR001", "SEC-MAJ", "Secretary's certificate"],
  ["D0902", "O", "AC,IL", "DCOR001", "BRS-MAJ", "Board resolution naming the company's representative"],
  ["D0903", "M", "AC,IL", "DCOR002", "CRI-MAJ", "Valid government ID of the company's representative"],
  ["D0904", "M", "AC,IL", "DCOR003", "CAP-MAJ", "Proof of the company's bank account"],
  ["D0905", "O", "AC,IL", "DCOR004", "DTI-MAJ", "DTI certificate of business name registration"],
  ["D0906", "O", "AC,IL", "DCOR004", "SCR-MAJ", "SEC certificate of registration"],
  ["D0907", "O", "AC,IL", "DCOR004", "AOI-MAJ", "Articles of incorporation"],
  ["D0908", "O", "AC,IL", "DCOR004", "GIS-MAJ", "General information sheet"],
  ["D0909", "O", "AC,IL", "DCOR004", "BPM-MAJ", "Mayor's or business permit"],
  ["D0910", "O", "AC,IL", "DCOR005", "BIR-MAJ", "BIR certificate of registration (Form 2303)"],
  ["D0911", "O", "AC,IL", "DCOR006", "CEM-MAJ", "Employer's certificate of the insured's employment"],
  ["D1001", "O", "AC,IL", "DCLF001", "CLS[X]-MAJ", "Claimant's statement of the beneficiary"],
  ["D1002", "O", "AC,IL", "DCLF001", "SPA[X]-MAJ", "Special power of attorney"],
  ["D1003", "O", "AC,IL", "DCLF001", "OSP[X]-MAJ", "Affidavit of one and the same person"],
  ["D1004", "O", "AC,IL", "DCLF001", "POB[X]-MAJ", "Proof of the beneficiary's billing address"],
  ["D1005", "O", "AC,IL", "DCLF002", "EJS-MAJ", "Extrajudicial settlement of the estate"],
  ["D1006", "O", "AC,IL", "DCLF002", "AOH-MAJ", "Affidavit of surviving heirs"],
  ["D1007", "O", "AC,IL", "DCLF003", "ALP-MAJ", "Affidavit of loss of the policy contract"],
  ["D1008", "O", "AC,IL", "DCLF003", "POC-MAJ", "Original policy contract"],
];

// biome-ignore format: one document a line reads as a table
const LIVING_ROWS: Row[] = [
  ["L0101", "O", "AC,IL", "LCRT001", "IBC-MIN", "PSA birth certificate of the insured"],
  ["L0102", "O", "AC,IL", "LCRT001", "IMC-MIN", "PSA marriage certificate of the insured"],
  ["L0201", "M", "AC,IL", "LMED001", "APS-MIN", "Attending physician's statement"],
  ["L0202", "M", "AC,IL", "LMED002", "NEU-MIN", "Neurological examination report"],
  ["L0203", "M", "AC,IL", "LMED003", "MCA-MIN", "Medical certificate with the dates of admission and discharge"],
  ["L0204", "O", "AC,IL", "LMED003", "MDC-MIN", "Medical certificate"],
  ["L0205", "O", "AC,IL", "LMED003", "CCF-MIN", "Certificate of confinement"],
  ["L0206", "M", "AC,IL", "LMED004", "ORR-MIN", "Operating room or surgical report"],
  ["L0207", "O", "AC,IL", "LMED004", "ANR-MIN", "Anaesthesia record"],
  ["L0208", "O", "AC,IL", "LMED004", "DMC-MIN", "Medical certificate of the dismemberment or amputation"],
  ["L0209", "O", "AC,IL", "LMED005", "LAB-MIN", "Laboratory results"],
  ["L0210", "O", "AC,IL", "LMED005", "HPR-MIN", "Histopathology report"],
  ["L0211", "O", "AC,IL", "LMED005", "IMG-MIN", "X-ray, CT scan or MRI results"],
  ["L0212", "O", "IL", "LMED005", "ECG-MIN", "ECG or 2D echo results"],
  ["L0213", "O", "IL", "LMED005", "CTH-MIN", "Cardiac catheterisation report"],
  ["L0214", "O", "IL", "LMED005", "DLY-MIN", "Dialysis records"],
  ["L0215", "O", "IL", "LMED005", "ONC-MIN", "Oncology treatment records"],
  ["L0216", "O", "AC,IL", "LMED006", "OMR-MIN", "Other medical records"],
  ["L0217", "O", "AC,IL", "LMED006", "CAB-MIN", "Clinical abstract or discharge summary"],
  ["L0218", "O", "AC,IL", "LMED006", "MR5-MIN", "Medical records of the last 5 years"],
  ["L0219", "O", "AC,IL", "LMED006", "ERR-MIN", "Emergency room record"],
  ["L0220", "O", "AC,IL", "LMED006", "ICU-MIN", "Intensive care unit records"],
  ["L0221", "O", "AC,IL", "LMED006", "PTR-MIN", "Physical therapy or rehabilitation records"],
  ["L0222", "O", "AC,IL", "LMED007", "RXP-MIN", "Doctor's prescription"],
  ["L0223", "O", "AC,IL", "LMED008", "CDS-MIN", "Physician's certificate of disability"],
  ["L0224", "O", "AC,IL", "LMED008", "FTW-MIN", "Certificate of fitness to work"],
  ["L0225", "O", "AC", "LMED009", "TOX-MIN", "Toxicology or alcohol test result"],
  ["L0226", "O", "AC", "LMED009", "MLR-MIN", "Medico-legal report"],
  ["L0227", "O", "AC", "LMED009", "DNT-MIN", "Dental records of an accident injury"],
  ["L0228", "O", "AC", "LMED009", "PHI-MIN", "Photographs of the injury"],
  ["L0301", "M", "AC", "LINC001", "PNR-MIN", "Police or narration report"],
  ["L0302", "O", "AC", "LINC001", "PLR-MIN", "Police report"],
  ["L0303", "O", "AC", "LINC001", "NAR-MIN", "Narration report or affidavit on how the accident happened"],
  ["L0304", "O", "AC", "LINC001", "BLT-MIN", "Police blotter"],
  ["L0305", "O", "AC", "LINC002", "TAR-MIN", "Traffic accident report"],
  ["L0306", "O", "AC", "LINC002", "FIR-MIN", "Bureau of Fire Protection fire incident report"],
  ["L0307", "O", "AC", "LINC002", "EIR-MIN", "Employer's report of a work accident"],
  ["L0308", "O", "AC", "LINC003", "IDL-MIN", "Driver's licence of the insured, when driving"],
  ["L0309", "O", "AC", "LINC004", "PHT-MIN", "Photographs of the accident site"],
  ["L0401", "M", "AC", "LFIN001", "ORC-MIN", "Official receipts of medical expenses"],
  ["L0402", "O", "AC,IL", "LFIN001", "PHR-MIN", "Pharmacy receipts"],
  ["L0403", "O", "AC,IL", "LFIN001", "PFR-MIN", "Receipts of doctors' professional fees"],
  ["L0404", "O", "AC", "LFIN001", "AMB-MIN", "Ambulance receipt"],
  ["L0405", "O", "AC", "LFIN001", "PRT-MIN", "Receipt for a prosthesis"],
  ["L0406", "M", "AC,IL", "LFIN002", "HSA-MIN", "Hospital statement of account"],
  ["L0407", "O", "AC,IL", "LFIN002", "IHB-MIN", "Itemised hospital bill"],
  ["L0408", "O", "AC,IL", "LFIN003", "PHC-MIN", "PhilHealth benefit statement"],
  ["L0409", "O", "AC,IL", "LFIN003", "HMO-MIN", "HMO statement of benefits paid"],
  ["L0501", "M", "AC,IL", "LIDC001", "VIF-MIN", "Valid government ID of the insured (front)"],
  ["L0502", "M", "AC,IL", "LIDC001", "VIB-MIN", "Valid government ID of the insured (back)"],
  ["L0503", "O", "AC,IL", "LIDC002", "SLF-MIN", "Photo of the insured holding the valid ID"],
  ["L0504", "O", "AC,IL", "LIDC002", "SSC-MIN", "Specimen signature card of the insured"],
  ...validIdRows("L", 505, ""),
  ["L0601", "M", "AC,IL", "LBNK001", "BKP-MIN", "Proof of the payee's bank account"],
  ["L0602", "O", "AC,IL", "LBNK001", "BKC-MIN", "Bank certificate of the payee's account"],
  ["L0603", "O", "AC,IL", "LBNK001", "BKB-MIN", "Passbook of the payee's account"],
  ["L0604", "O", "AC,IL", "LBNK001", "BKA-MIN", "ATM card of the payee's account"],
  ["L0605", "O", "AC,IL", "LBNK001", "BKS-MIN", "Bank statement of the payee's account"],
  ["L0701", "M", "AC,IL", "LTAX001", "W9F-MIN", "Form W-9 of the policy owner"],
  ["L0702", "M", "AC,IL", "LTAX002", "W8B-MIN", "Form W-8BEN of the policy owner"],
  ["L0703", "O", "AC,IL", "LTAX003", "TIN-MIN", "Proof of the policy owner's tax identification number"],
  ["L0801", "M", "AC,IL", "LEMP001", "COE-MIN", "Certificate of employment"],
  ["L0802", "O", "AC,IL", "LEMP001", "LDW-MIN", "Employer's certificate of the last day of work"],
  ["L0803", "O", "AC,IL", "LEMP001", "JBD-MIN", "Job description"],
  ["L0804", "O", "AC,IL", "LEMP002", "PAY-MIN", "Payslips or income tax return"],
  ["L0805", "O", "AC,IL", "LEMP002", "SSD-MIN", "SSS disability benefit approval"],
  ["L1001", "M", "AC,IL", "LCLF001", "CGQ-MIN", "Caregiving questionnaire"],
  ["L1002", "O", "AC,IL", "LCLF001", "ADL-MIN", "Activities of daily living assessment"],
  ["L1003", "O", "AC,IL", "LCLF002", "CLS-MIN", "Claimant's statement"],
  ["L1004", "O", "AC,IL", "LCLF002", "SPA-MIN", "Special power of attorney"],
  ["L1005", "O", "AC,IL", "LCLF002", "OSP-MIN", "Affidavit of one and the same person"],
  ["L1006", "O", "AC,IL", "LCLF003", "ALP-MIN", "Affidavit of loss of the policy contract"],
  ["L1007", "O", "AC,IL", "LCLF003", "POC-MIN", "Original policy contract"],
];

function toEntry(claimType: ClaimType, row: Row): CatalogueEntry {
  const [documentCd, docType, natureOfDeath, docTypeCode, tranTypeCode, typeOfId] = row;
  return {
    claimType,
    docType: docType === "M" ? "Mandatory" : "Others",
    documentCd,
    natureOfDeath,
    docTypeCode,
    typeOfId,
    tranTypeCode,
  };
}

export const DOCUMENT_CATALOGUE: readonly CatalogueEntry[] = Object.freeze([
  ...DEATH_ROWS.map((row) => Object.freeze(toEntry("Death", row))),
  ...LIVING_ROWS.map((row) => Object.freeze(toEntry("Living", row))),
]);

/**
 * Every document's name as a keyed text, "document-names.<documentCd>" (decision 0091): its English
 * default is the catalogue's typeOfId, which the payload keeps; a locale names it in its own words.
 */
export const DOCUMENT_NAME_TEXTS = defineTexts(
  "document-names",
  Object.fromEntries(DOCUMENT_CATALOGUE.map((entry) => [entry.documentCd, entry.typeOfId])),
);

/** The catalogue key of a document's name: "document-names.D0101". */
export const documentNameKey = (documentCd: string) => `document-names.${documentCd}`;

const BY_DOCUMENT_CD = new Map(DOCUMENT_CATALOGUE.map((entry) => [entry.documentCd, entry]));

export function findCatalogueEntry(documentCd: string): CatalogueEntry | undefined {
  return BY_DOCUMENT_CD.get(documentCd);
}

/**
 * The key of a request's name when the examiner kept the catalogue's name of its document, so the
 * claimant reads it in their locale; null when the examiner wrote their own words.
 */
export function requestNameKey(item: {
  documentCd: string | null;
  description: string;
}): string | null {
  const entry = item.documentCd === null ? undefined : findCatalogueEntry(item.documentCd);
  return entry?.typeOfId === item.description.trim() ? documentNameKey(entry.documentCd) : null;
}

/** True when the entry applies to a claim of this nature (AC or IL). */
export function coversNature(entry: CatalogueEntry, nature: "AC" | "IL"): boolean {
  return entry.natureOfDeath.split(",").includes(nature);
}

/** Whether the document is filed once per beneficiary (its code carries [X]). */
export function isPerBeneficiary(entry: CatalogueEntry): boolean {
  return entry.tranTypeCode.includes(BENEFICIARY_PLACEHOLDER);
}

/**
 * The accepted IDs a claimant may name for a valid-ID slot: the Others entries of the same
 * valid-ID type and side (front or back).
 */
export function acceptedValidIds(claimType: ClaimType, side: "front" | "back"): CatalogueEntry[] {
  const docTypeCode = claimType === "Death" ? DEATH_VALID_ID_TYPE : LIVING_VALID_ID_TYPE;
  return DOCUMENT_CATALOGUE.filter(
    (entry) =>
      entry.claimType === claimType &&
      entry.docTypeCode === docTypeCode &&
      entry.docType === "Others" &&
      entry.typeOfId.endsWith(`(${side})`) &&
      !entry.typeOfId.startsWith("Valid government ID"),
  );
}

/**
 * What a claimant may be asked for in a claim of this type, for the claim guide: the catalogue's
 * mandatory documents (each asked only when its condition applies), those of accidents marked.
 */
export function documentsToPrepare(
  claimType: ClaimType,
): { documentCd: string; name: string; accidentOnly: boolean }[] {
  return DOCUMENT_CATALOGUE.filter(
    (entry) => entry.claimType === claimType && entry.docType === "Mandatory",
  ).map((entry) => ({
    documentCd: entry.documentCd,
    name: entry.typeOfId,
    accidentOnly: !coversNature(entry, "IL"),
  }));
}
