import {
  BENEFICIARY_RELATIONSHIPS,
  GUARDIAN_RELATIONSHIPS,
  HONORIFICS,
  SEXES,
} from "./beneficiary.ts";
import { LIVING_SUBTYPES, NATURES_OF_DEATH } from "./claim-details.ts";
import { PAYOUT_METHOD_E_WALLET } from "./claim-payload.ts";
import { MOBILE_PREFIX } from "./constants.ts";
import { formatDisplayDate, fromPayloadDate } from "./dates.ts";
import { CLAIM_DECLARATIONS } from "./declarations.ts";
import { maskLast4 } from "./mask.ts";
import { bankOf, PHILIPPINE_E_WALLETS } from "./payout.ts";

// A submitted claim's payload as claims staff read it: in sections, in the order the claimant
// filled them, each field under its label, codes as their names, the payout account masked
// (section 9). The payload keeps the insurer's field names (markectingCampaignsConsent included);
// the labels are words.

/** Every label, keyed, with its English default; insurer wording arrives as data over these keys. */
export const CLAIM_PAYLOAD_LABELS = {
  sections: {
    insured: "Insured",
    policy: "Policy",
    owner: "Policy owner details",
    claim: "Claim details",
    beneficiary: (no: number, name: string) => `Beneficiary ${no}${name ? `: ${name}` : ""}`,
    payout: "Payout",
    consents: "Consents and declarations",
  },
  guardian: "Guardian of the minor",
  declarations: "Declarations agreed at the submit",
  firstName: "First name",
  middleName: "Middle name",
  noMiddleName: "No middle name",
  lastName: "Last name",
  suffix: "Suffix",
  dateOfBirth: "Date of birth",
  policyType: "Type of policy",
  corporateCompanyName: "Company name",
  policyNumber: "Policy number",
  phoneNumber: "Mobile number",
  emailAddress: "Email address",
  homeAddress: "Home address",
  citizenship: "Country of citizenship",
  countryResident: "Country of residence",
  claimType: "Type of claim",
  accidentOrIllness: "Accident or illness",
  accidentDate: "Date of accident",
  accidentPlace: "Place of accident",
  injuryDetails: "Injury details",
  partOfBodyInjured: "Part of body injured",
  accidentResult: "Head, brain, spine or nerves injured",
  diagnosis: "Diagnosis",
  illnessDetails: "Illness details",
  illnessResult: "Illness of the brain, spinal cord or nerves",
  dateSymptomsDiscovered: "Date symptoms were discovered",
  firstDiagnosedDate: "Date of first consultation",
  benefits: "Benefits claimed",
  isSurgeryPerformed: "Surgery",
  isConfinement: "Confinement in a hospital",
  isDismembermentAmputation: "Dismemberment or amputation",
  isDisability: "Disability",
  noBenefits: "None",
  dateOfDeath: "Date of death",
  causeOfDeath: "Cause of death",
  relationship: "Relationship to the insured",
  honorific: "Title",
  placeOfBirth: "Place of birth",
  beneficiaryCitizenship: "Citizenship",
  nationality: "Nationality",
  sex: "Sex",
  addressLine1: "Address line 1",
  addressLine2: "Address line 2",
  districtOrBarangay: "District or barangay",
  city: "City or municipality",
  province: "Province",
  country: "Country",
  zipCode: "Zip code",
  occupation: "Occupation",
  employerName: "Employer name",
  positionStatement: "Position",
  docVerifyAuthorize: "Authorizes the insurer to verify their documents",
  usTaxForm: "US tax form (W-9 or W-8BEN) asked",
  guardianRelationship: "Relationship to the beneficiary",
  payoutMethod: "Paid by",
  bankCredit: "Bank credit",
  eWallet: (wallet: string) => `${wallet} e-wallet`,
  bank: "Bank",
  accountName: "Account name",
  accountNumber: "Account number",
  walletNumber: "Mobile number",
  mainlandChinaStatement: "Mainland China statement",
  markectingCampaignsConsent: "Marketing campaigns consent",
  financialServicesConsent: "Financial services consent",
  declarationNames: {
    truthful: "Information true and complete",
    medicalRecordsRelease: "Release of medical records",
    dataPrivacy: "Data privacy consent",
  } as Record<string, string>,
  individual: "Individual",
  corporate: "Corporate",
  death: "Death",
  living: "Living",
  yes: "Yes",
  no: "No",
  agreed: "Agreed",
  notAgreed: "Not agreed",
} as const;

const L = CLAIM_PAYLOAD_LABELS;

export type DetailRow = { label: string; value: string };
export type DetailGroup = { title: string | null; rows: DetailRow[] };
export type DetailSection = {
  key: "insured" | "policy" | "owner" | "claim" | "beneficiary" | "payout" | "consents";
  title: string;
  /** The beneficiary's number (from 1) of a beneficiary section: their documents go with it. */
  beneficiaryNo?: number;
  groups: DetailGroup[];
};

type Fields = Record<string, unknown>;

const objectOf = (value: unknown): Fields =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Fields) : {};
/** A stored field as text: the payload is JSON kept as sent, so nothing is taken on trust. */
const textOf = (from: Fields, key: string): string => {
  const value = from[key];
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
};
const labelOf = (options: readonly { label: string; value: string }[], code: string) =>
  options.find((option) => option.value === code)?.label ?? code;
const yesNo = (code: string) => (code === "Y" ? L.yes : code === "N" ? L.no : "");
const agreedOrNot = (code: string) => (code === "Y" ? L.agreed : L.notAgreed);
const date = (payloadDate: string) => {
  const iso = fromPayloadDate(payloadDate);
  return iso ? formatDisplayDate(iso) : payloadDate;
};
const mobile = (digits: string) => (digits ? `${MOBILE_PREFIX} ${digits}` : "");

/** A country code as its English name ("PH" → "Philippines"); an unknown code stays as it is. */
export function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return new Intl.DisplayNames(["en"], { type: "region", fallback: "code" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** "Josephine Santos": the names of a person in the payload, the blanks left out. */
export function personName(person: Fields): string {
  const middle = textOf(person, "noMiddleName") === "Y" ? "" : textOf(person, "middleName");
  return [textOf(person, "firstName"), middle, textOf(person, "lastName"), textOf(person, "suffix")]
    .filter(Boolean)
    .join(" ");
}

const row = (label: string, value: string): DetailRow => ({ label, value });
const single = (rows: DetailRow[]): DetailGroup[] => [{ title: null, rows }];

function nameRows(person: Fields): DetailRow[] {
  return [
    row(L.firstName, textOf(person, "firstName")),
    row(L.middleName, textOf(person, "middleName")),
    row(L.noMiddleName, yesNo(textOf(person, "noMiddleName"))),
    row(L.lastName, textOf(person, "lastName")),
    row(L.suffix, textOf(person, "suffix")),
  ];
}

function claimRows(basic: Fields, insured: Fields): DetailRow[] {
  const type = textOf(basic, "claimType");
  if (type === "Death") {
    return [
      row(L.claimType, L.death),
      row(L.dateOfDeath, date(textOf(insured, "dateOfLoss"))),
      row(L.causeOfDeath, textOf(basic, "causeOfLoss")),
      row(L.accidentOrIllness, labelOf(NATURES_OF_DEATH, textOf(basic, "natureOfDeath"))),
    ];
  }
  const subtype = textOf(basic, "causeOfLoss");
  const rows = [
    row(L.claimType, type === "Living" ? L.living : type),
    row(L.accidentOrIllness, labelOf(LIVING_SUBTYPES, subtype)),
  ];
  if (subtype === "AC") {
    rows.push(
      row(L.accidentDate, date(textOf(insured, "accidentDate"))),
      row(L.accidentPlace, textOf(insured, "accidentPlace")),
      row(L.injuryDetails, textOf(insured, "injuryDetails")),
      row(L.partOfBodyInjured, textOf(insured, "partOfBodyInjured")),
      row(L.accidentResult, yesNo(textOf(insured, "accidentResult"))),
    );
  } else {
    rows.push(
      row(L.diagnosis, textOf(insured, "diagnosis")),
      row(L.illnessDetails, textOf(insured, "illnessDetails")),
      row(L.illnessResult, yesNo(textOf(insured, "illnessResult"))),
      row(L.dateSymptomsDiscovered, date(textOf(insured, "dateSymptomsDiscovered"))),
    );
  }
  const flags = [
    "isSurgeryPerformed",
    "isConfinement",
    "isDismembermentAmputation",
    "isDisability",
  ] as const;
  const benefits = flags.filter((flag) => textOf(insured, flag) === "Y").map((flag) => L[flag]);
  rows.push(
    row(L.firstDiagnosedDate, date(textOf(insured, "firstDiagnosedDate"))),
    row(L.benefits, benefits.length > 0 ? benefits.join(", ") : L.noBenefits),
  );
  return rows;
}

function beneficiarySection(beneficiary: Fields, index: number): DetailSection {
  const no = Number(beneficiary.beneficiaryNo) || index + 1;
  const guardian = objectOf(beneficiary.guardian);
  const groups: DetailGroup[] = single([
    row(L.relationship, labelOf(BENEFICIARY_RELATIONSHIPS, textOf(beneficiary, "relationship"))),
    row(L.honorific, labelOf(HONORIFICS, textOf(beneficiary, "honorific"))),
    ...nameRows(beneficiary),
    row(L.dateOfBirth, date(textOf(beneficiary, "dateOfBirth"))),
    row(L.placeOfBirth, textOf(beneficiary, "placeOfBirth")),
    row(L.beneficiaryCitizenship, countryName(textOf(beneficiary, "citizenship"))),
    row(L.nationality, countryName(textOf(beneficiary, "nationality"))),
    row(L.sex, labelOf(SEXES, textOf(beneficiary, "sex"))),
    row(L.phoneNumber, mobile(textOf(beneficiary, "phoneNumber"))),
    row(L.emailAddress, textOf(beneficiary, "emailAddress")),
    row(L.addressLine1, textOf(beneficiary, "addressLine1")),
    row(L.addressLine2, textOf(beneficiary, "addressLine2")),
    row(L.districtOrBarangay, textOf(beneficiary, "districtOrBarangay")),
    row(L.city, textOf(beneficiary, "city")),
    row(L.province, textOf(beneficiary, "province")),
    row(L.country, countryName(textOf(beneficiary, "country"))),
    row(L.zipCode, textOf(beneficiary, "zipCode")),
    row(L.occupation, textOf(beneficiary, "occupation")),
    row(L.employerName, textOf(beneficiary, "employerName")),
    row(L.positionStatement, textOf(beneficiary, "positionStatement")),
    row(L.usTaxForm, beneficiary.hasForm === 1 ? L.yes : L.no),
  ]);
  // Only a minor has a guardian; an adult's guardian fields are all "".
  if (textOf(guardian, "firstName") || textOf(guardian, "lastName")) {
    groups.push({
      title: L.guardian,
      rows: [
        row(L.firstName, textOf(guardian, "firstName")),
        row(L.middleName, textOf(guardian, "middleName")),
        row(L.lastName, textOf(guardian, "lastName")),
        row(
          L.guardianRelationship,
          labelOf(GUARDIAN_RELATIONSHIPS, textOf(guardian, "relationship")),
        ),
        row(L.phoneNumber, mobile(textOf(guardian, "phoneNumber"))),
        row(L.emailAddress, textOf(guardian, "emailAddress")),
      ],
    });
  }
  return {
    key: "beneficiary",
    title: L.sections.beneficiary(no, personName(beneficiary)),
    beneficiaryNo: no,
    groups,
  };
}

function payoutRows(payout: Fields): DetailRow[] {
  const code = textOf(payout, "bankCode");
  const wallet = PHILIPPINE_E_WALLETS.find((w) => w.value === code);
  const account = textOf(payout, "accountNumber");
  if (textOf(payout, "payoutMethod") === PAYOUT_METHOD_E_WALLET && wallet) {
    return [
      row(L.payoutMethod, L.eWallet(wallet.label)),
      row(L.accountName, textOf(payout, "accountName")),
      row(L.walletNumber, maskLast4(account)),
    ];
  }
  return [
    row(L.payoutMethod, L.bankCredit),
    row(L.bank, bankOf(code)?.label ?? (textOf(payout, "bankName") || code)),
    row(L.accountName, textOf(payout, "accountName")),
    row(L.accountNumber, maskLast4(account)),
  ];
}

/**
 * The sections of a stored payload: insured, policy, policy owner, claim details, each
 * beneficiary (death claims), the payout (living claims, account masked), then the consents of
 * each beneficiary and the declarations agreed at the submit (kept beside the payload).
 */
export function claimDetailSections(
  payload: unknown,
  declarations: unknown = null,
): DetailSection[] {
  const whole = objectOf(payload);
  const basic = objectOf(whole.basicInformation);
  const policy = objectOf(whole.policyInformation);
  const insured = objectOf(whole.insuredInformation);
  const beneficiaries = Array.isArray(whole.beneficiaryList)
    ? whole.beneficiaryList.map(objectOf)
    : [];
  const corporate = textOf(policy, "policyType") === "Corporate";
  const sections: DetailSection[] = [
    {
      key: "insured",
      title: L.sections.insured,
      groups: single([
        ...nameRows(insured),
        row(L.dateOfBirth, date(textOf(insured, "dateOfBirth"))),
      ]),
    },
    {
      key: "policy",
      title: L.sections.policy,
      groups: single([
        row(L.policyType, corporate ? L.corporate : L.individual),
        // The company typed under "Others", else the one chosen from the insurer's list.
        ...(corporate
          ? [
              row(
                L.corporateCompanyName,
                textOf(policy, "corporateCompanyName") || textOf(policy, "corporateCompany"),
              ),
            ]
          : []),
        row(L.policyNumber, textOf(policy, "policyNumber")),
      ]),
    },
    {
      key: "owner",
      title: L.sections.owner,
      groups: single([
        row(L.phoneNumber, mobile(textOf(insured, "phoneNumber"))),
        row(L.emailAddress, textOf(insured, "emailAddress")),
        row(L.homeAddress, textOf(insured, "homeAddress")),
        row(L.citizenship, countryName(textOf(insured, "citizenship"))),
        row(L.countryResident, countryName(textOf(insured, "countryResident"))),
      ]),
    },
    { key: "claim", title: L.sections.claim, groups: single(claimRows(basic, insured)) },
  ];
  if (textOf(basic, "claimType") === "Death") {
    sections.push(...beneficiaries.map(beneficiarySection));
  } else {
    sections.push({
      key: "payout",
      title: L.sections.payout,
      groups: single(payoutRows(objectOf(whole.payoutInformation))),
    });
  }
  const agreed = objectOf(declarations);
  const consentGroups: DetailGroup[] = beneficiaries.map((beneficiary, index) => ({
    title: L.sections.beneficiary(
      Number(beneficiary.beneficiaryNo) || index + 1,
      personName(beneficiary),
    ),
    rows: [
      row(L.mainlandChinaStatement, agreedOrNot(textOf(beneficiary, "mainlandChinaStatement"))),
      row(
        L.markectingCampaignsConsent,
        agreedOrNot(textOf(beneficiary, "markectingCampaignsConsent")),
      ),
      row(L.financialServicesConsent, agreedOrNot(textOf(beneficiary, "financialServicesConsent"))),
      row(L.docVerifyAuthorize, agreedOrNot(textOf(beneficiary, "docVerifyAuthorize"))),
    ],
  }));
  consentGroups.push({
    title: L.declarations,
    rows: CLAIM_DECLARATIONS.map(({ key }) =>
      row(L.declarationNames[key] ?? key, agreedOrNot(textOf(agreed, key))),
    ),
  });
  sections.push({ key: "consents", title: L.sections.consents, groups: consentGroups });
  return sections;
}
