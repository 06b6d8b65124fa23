import * as z from "zod/mini";
import { ageInYears } from "./age.ts";
import { FIELD_LIMITS } from "./constants.ts";
import { type IsoDate, isIsoDate, todayInManila } from "./dates.ts";
import { freeText } from "./free-text.ts";
import { FILING_MESSAGES as F, type FreeTextField, FIELD_MESSAGES as M } from "./messages.ts";
import {
  type FieldError,
  isMainlandChina,
  middleNameFields,
  middleNameIssue,
  NAME_PATTERN,
  NO_ANGLE_BRACKETS,
  type Option,
  option,
  publicStartFormSchema,
  required,
  USA,
  yesOrEmpty,
} from "./start-form.ts";

// Step 3 of a death claim: the beneficiaries, each with every beneficiaryList field of section 3
// and the mainland China consent block of the start form.

export const PHILIPPINES = "PH";
export const MAX_BENEFICIARIES = 10;
const ADULT_AGE = 18;

export const BENEFICIARY_RELATIONSHIPS: readonly Option[] = [
  { label: "Spouse", value: "Spouse" },
  { label: "Child", value: "Child" },
  { label: "Parent", value: "Parent" },
  { label: "Sibling", value: "Sibling" },
  { label: "Grandchild", value: "Grandchild" },
  { label: "Grandparent", value: "Grandparent" },
  { label: "Other relative", value: "Other relative" },
  { label: "Not related", value: "Not related" },
];

export const HONORIFICS: readonly Option[] = [
  { label: "Mr.", value: "Mr" },
  { label: "Ms.", value: "Ms" },
  { label: "Mrs.", value: "Mrs" },
  { label: "Miss", value: "Miss" },
  { label: "Dr.", value: "Dr" },
];

export const SEXES: readonly Option[] = [
  { label: "Male", value: "M" },
  { label: "Female", value: "F" },
];

/** Text limits of the beneficiary form; names, suffix, email and address lines as on Step 1. */
const BENEFICIARY_LIMITS = {
  placeOfBirth: 50,
  province: 50,
  districtOrBarangay: 50,
  city: 50,
  zipCode: 10,
  occupation: 50,
  employerName: 50,
  positionStatement: 50,
} as const;

const PH_ZIP_CODE = /^\d{4}$/;
/** Foreign postal codes: letters, digits, spaces and hyphens ("SW1A 1AA", "90210-1234"). */
const FOREIGN_ZIP_CODE = /^[A-Za-z0-9 -]*$/;

const start = publicStartFormSchema.shape;

/** Who the guardian is to the minor beneficiary. */
export const GUARDIAN_RELATIONSHIPS: readonly Option[] = [
  { label: "Mother", value: "Mother" },
  { label: "Father", value: "Father" },
  { label: "Grandparent", value: "Grandparent" },
  { label: "Brother or sister", value: "Sibling" },
  { label: "Aunt or uncle", value: "Aunt or uncle" },
  { label: "Other relative", value: "Other relative" },
  { label: "Legal guardian, not a relative", value: "Legal guardian" },
];

// Every guardian field is text until the beneficiary is a minor: the rules are cross-field rules.
const guardianObject = z.object({
  firstName: z._default(freeText("guardianFirstName"), ""),
  middleName: z._default(freeText("guardianMiddleName"), ""),
  lastName: z._default(freeText("guardianLastName"), ""),
  relationship: z._default(z.string(), ""),
  phoneNumber: z._default(freeText("guardianPhoneNumber"), ""),
  emailAddress: z._default(freeText("guardianEmailAddress"), ""),
});

export type Guardian = z.infer<typeof guardianObject>;

export const emptyGuardian: Guardian = {
  firstName: "",
  middleName: "",
  lastName: "",
  relationship: "",
  phoneNumber: "",
  emailAddress: "",
};

const oneOf = (options: readonly Option[], requiredMessage: string) =>
  z
    ._default(z.string(), "")
    .check(z.refine<string>((value) => options.some((o) => o.value === value), requiredMessage));

/** Free text (address, birthplace, work) without < or >, optional unless a required message is given. */
const beneficiaryText = (field: FreeTextField, limit: number, requiredMessage?: string) =>
  z
    ._default(freeText(field), "")
    .check(
      ...(requiredMessage ? [required(requiredMessage)] : []),
      z.regex(NO_ANGLE_BRACKETS, M.specialCharacters),
      z.maxLength(limit, M.tooLong),
    );

const beneficiaryObject = z.object({
  relationship: oneOf(BENEFICIARY_RELATIONSHIPS, F.relationshipRequired),
  honorific: oneOf(HONORIFICS, F.honorificRequired),
  firstName: start.firstName,
  // Checked with the cross-field rules: a name kept from before ticking noMiddleName is not sent.
  ...middleNameFields,
  lastName: start.lastName,
  suffix: start.suffix,
  dateOfBirth: start.dateOfBirth,
  placeOfBirth: beneficiaryText(
    "placeOfBirth",
    BENEFICIARY_LIMITS.placeOfBirth,
    F.placeOfBirthRequired,
  ),
  citizenship: option(M.citizenshipRequired),
  nationality: option(F.nationalityRequired),
  // Checked with the cross-field rules: a minor with a guardian may leave both empty (decision 0049).
  phoneNumber: z._default(z.string(), ""),
  emailAddress: z._default(z.string(), ""),
  addressLine1: beneficiaryText("addressLine1", FIELD_LIMITS.address, F.addressLine1Required),
  addressLine2: beneficiaryText("addressLine2", FIELD_LIMITS.address),
  province: beneficiaryText("province", BENEFICIARY_LIMITS.province),
  districtOrBarangay: beneficiaryText("districtOrBarangay", BENEFICIARY_LIMITS.districtOrBarangay),
  city: beneficiaryText("city", BENEFICIARY_LIMITS.city, F.cityRequired),
  country: option(F.countryRequired),
  zipCode: beneficiaryText("zipCode", BENEFICIARY_LIMITS.zipCode),
  sex: oneOf(SEXES, F.sexRequired),
  occupation: beneficiaryText("occupation", BENEFICIARY_LIMITS.occupation, F.occupationRequired),
  employerName: beneficiaryText("employerName", BENEFICIARY_LIMITS.employerName),
  /** The beneficiary's position or rank at the employer. */
  positionStatement: beneficiaryText("positionStatement", BENEFICIARY_LIMITS.positionStatement),
  docVerifyAuthorize: z
    ._default(z.enum(["Y", ""]), "")
    .check(z.refine<string>((value) => value === "Y", F.docVerifyAuthorizeRequired)),
  mainlandChinaStatement: yesOrEmpty,
  marketingCampaignsConsent: yesOrEmpty,
  financialServicesConsent: yesOrEmpty,
  /** A minor's guardian; checked, and sent, only while the beneficiary is a minor (decision 0049). */
  guardian: z._default(guardianObject, emptyGuardian),
});

export type Beneficiary = z.infer<typeof beneficiaryObject>;
export type BeneficiaryDraft = z.input<typeof beneficiaryObject>;

export const emptyBeneficiary: Beneficiary = {
  relationship: "",
  honorific: "",
  firstName: "",
  middleName: "",
  noMiddleName: false,
  lastName: "",
  suffix: "",
  dateOfBirth: "",
  placeOfBirth: "",
  citizenship: null,
  nationality: null,
  phoneNumber: "",
  emailAddress: "",
  addressLine1: "",
  addressLine2: "",
  province: "",
  districtOrBarangay: "",
  city: "",
  country: null,
  zipCode: "",
  sex: "",
  occupation: "",
  employerName: "",
  positionStatement: "",
  docVerifyAuthorize: "",
  mainlandChinaStatement: "",
  marketingCampaignsConsent: "",
  financialServicesConsent: "",
  guardian: emptyGuardian,
};

/** Cross-field rules run beside field errors, so any field may still hold anything. */
type CrossFieldInput = Record<string, unknown>;

const textOf = (value: unknown): string => (typeof value === "string" ? value : "");
const optionOf = (value: unknown): Option | null =>
  typeof value === "object" && value !== null && typeof (value as Option).value === "string"
    ? (value as Option)
    : null;

/** The China block shows when citizenship, nationality or the address country is China. */
export function isBeneficiaryMainlandChina(
  beneficiary: Pick<Beneficiary, "citizenship" | "nationality" | "country">,
): boolean {
  return (
    isMainlandChina(beneficiary.citizenship, beneficiary.country) ||
    isMainlandChina(beneficiary.nationality, null)
  );
}

/** W9 and hasForm 1: a US citizen or national. */
export function isUsPerson(beneficiary: Pick<Beneficiary, "citizenship" | "nationality">): boolean {
  return beneficiary.citizenship?.value === USA || beneficiary.nationality?.value === USA;
}

/** Under 18 by the insurer's age rule (whole years, rounded up from 183 days). */
export function isMinor(dateOfBirth: IsoDate, today: IsoDate): boolean {
  const age = ageInYears(dateOfBirth, today);
  return !Number.isNaN(age) && age < ADULT_AGE;
}

/** A date of birth that makes the beneficiary a minor today, so the form asks for a guardian. */
export function needsGuardian(dateOfBirth: unknown, today: IsoDate): boolean {
  return (
    typeof dateOfBirth === "string" &&
    isIsoDate(dateOfBirth) &&
    dateOfBirth <= today &&
    isMinor(dateOfBirth, today)
  );
}

/** The first message of a start-form rule on a value, or null. */
function messageOf(schema: z.ZodMiniType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** A guardian's name: the start form's pattern and limit; the middle name may stay empty. */
function guardianNameIssue(name: string, requiredMessage: string | null): string | null {
  if (!name.trim()) return requiredMessage;
  if (!NAME_PATTERN.test(name)) return M.specialCharacters;
  if (name.length > FIELD_LIMITS.name) return M.tooLong;
  return null;
}

/** The guardian's fields in error, each with its first message (decision 0049). */
export function guardianIssues(guardian: unknown): FieldError[] {
  const g = (typeof guardian === "object" && guardian !== null ? guardian : {}) as Record<
    string,
    unknown
  >;
  const text = (field: string) => textOf(g[field]);
  const issues: FieldError[] = [];
  const add = (field: keyof Guardian, message: string | null) => {
    if (message) issues.push({ field: `guardian.${field}`, message });
  };
  add("firstName", guardianNameIssue(text("firstName"), F.guardianFirstNameRequired));
  add("middleName", guardianNameIssue(text("middleName"), null));
  add("lastName", guardianNameIssue(text("lastName"), F.guardianLastNameRequired));
  add(
    "relationship",
    GUARDIAN_RELATIONSHIPS.some((o) => o.value === text("relationship"))
      ? null
      : F.guardianRelationshipRequired,
  );
  const phone = text("phoneNumber");
  add("phoneNumber", phone.trim() ? messageOf(start.phoneNumber, phone) : F.guardianMobileRequired);
  const email = text("emailAddress");
  add(
    "emailAddress",
    email.trim() ? messageOf(start.emailAddress, email) : F.guardianEmailRequired,
  );
  return issues;
}

function crossFieldIssues(values: CrossFieldInput): FieldError[] {
  const issues: FieldError[] = [];
  const add = (field: string, message: string | null) => {
    if (message) issues.push({ field, message });
  };
  add("middleName", middleNameIssue(values.middleName, values.noMiddleName));
  const minor = needsGuardian(values.dateOfBirth, todayInManila());
  // The start form's rules on the beneficiary's own mobile and e-mail. A minor's may stay empty:
  // the guardian's, required below, are the ones used (decision 0049). Given, they must be right.
  const phone = textOf(values.phoneNumber);
  if (phone.trim() || !minor) add("phoneNumber", messageOf(start.phoneNumber, phone));
  const email = textOf(values.emailAddress);
  if (email.trim() || !minor) add("emailAddress", messageOf(start.emailAddress, email));
  if (minor) issues.push(...guardianIssues(values.guardian));
  const country = optionOf(values.country);
  // A Philippine address has a province, a barangay and a 4-digit zip code; abroad they vary.
  const zip = textOf(values.zipCode);
  if (country?.value === PHILIPPINES) {
    if (!textOf(values.province).trim()) add("province", F.provinceRequired);
    if (!textOf(values.districtOrBarangay).trim()) {
      add("districtOrBarangay", F.districtOrBarangayRequired);
    }
    if (!zip.trim()) add("zipCode", F.zipCodeRequired);
    else if (!PH_ZIP_CODE.test(zip)) add("zipCode", F.zipCodeInvalid);
  } else if (!FOREIGN_ZIP_CODE.test(zip)) {
    add("zipCode", F.zipCodeInvalid);
  }
  const china = isBeneficiaryMainlandChina({
    citizenship: optionOf(values.citizenship),
    nationality: optionOf(values.nationality),
    country,
  });
  if (china && values.mainlandChinaStatement !== "Y") {
    add("mainlandChinaStatement", M.mainlandChinaStatementRequired);
  }
  return issues;
}

export const beneficiarySchema = beneficiaryObject.check(
  z.superRefine<CrossFieldInput>(
    (values, ctx) => {
      for (const { field, message } of crossFieldIssues(values)) {
        ctx.issues.push({ code: "custom", message, path: field.split("."), input: values });
      }
    },
    // Runs beside field errors too, so one submit shows every message.
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  ),
);

/** One to ten beneficiaries; the messages sit on the list itself (path "" → field "body"). */
export const beneficiariesSchema = z
  .array(beneficiarySchema, { error: F.beneficiaryRequired })
  .check(
    z.minLength(1, F.beneficiaryRequired),
    z.maxLength(MAX_BENEFICIARIES, F.tooManyBeneficiaries),
  );
