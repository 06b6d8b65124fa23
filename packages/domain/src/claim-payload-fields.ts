import type { Beneficiary } from "./beneficiary.ts";
import type { ClaimDetails } from "./claim-details.ts";
import type { BeneficiaryPayload, ClaimPayload, YesNo } from "./claim-payload.ts";
import type { Option, PublicStartForm } from "./start-form.ts";

// Which form field each payload field comes from, stated once: the builder reads these tables
// from form to payload, the reader from payload back to form. Fields with a rule of their own
// (dates, claim type, policy, payout, middle name) are spelled out beside the tables.

type Insured = ClaimPayload["insuredInformation"];

/** Step 1 fields the insured's information carries as they are. */
export const INSURED_TEXT_FIELDS = [
  "firstName",
  "middleName",
  "lastName",
  "suffix",
  "phoneNumber",
  "emailAddress",
  "homeAddress",
] as const satisfies readonly (keyof PublicStartForm & keyof Insured)[];

/** Step 1 choices the insured's information carries as their codes. */
export const INSURED_CODE_FIELDS = [
  "countryResident",
  "citizenship",
] as const satisfies readonly (keyof PublicStartForm & keyof Insured)[];

/** Step 2 fields of an accident claim, "" on every other claim. */
export const ACCIDENT_FIELDS = [
  "injuryDetails",
  "partOfBodyInjured",
  "accidentPlace",
  "accidentResult",
] as const satisfies readonly (keyof ClaimDetails & keyof Insured)[];

/** Step 2 fields of an illness claim, "" on every other claim. */
export const ILLNESS_FIELDS = [
  "diagnosis",
  "illnessDetails",
  "illnessResult",
] as const satisfies readonly (keyof ClaimDetails & keyof Insured)[];

/** Step 2's living-claim checkboxes and the Y/N each becomes; N on a death claim. */
const LIVING_FLAGS = [
  ["surgery", "isSurgeryPerformed"],
  ["confinement", "isConfinement"],
  ["dismembermentAmputation", "isDismembermentAmputation"],
  ["disability", "isDisability"],
] as const satisfies readonly (readonly [keyof ClaimDetails, keyof Insured])[];

/** Beneficiary fields the payload carries as they are. */
export const BENEFICIARY_TEXT_FIELDS = [
  "mainlandChinaStatement",
  "financialServicesConsent",
  "relationship",
  "honorific",
  "firstName",
  "lastName",
  "suffix",
  "placeOfBirth",
  "phoneNumber",
  "emailAddress",
  "addressLine1",
  "addressLine2",
  "province",
  "districtOrBarangay",
  "city",
  "zipCode",
  "sex",
  "occupation",
  "employerName",
  "positionStatement",
  "docVerifyAuthorize",
] as const satisfies readonly (keyof Beneficiary & keyof BeneficiaryPayload)[];

/** Beneficiary choices the payload carries as their codes. */
export const BENEFICIARY_CODE_FIELDS = [
  "citizenship",
  "nationality",
  "country",
] as const satisfies readonly (keyof Beneficiary & keyof BeneficiaryPayload)[];

type FlagField = (typeof LIVING_FLAGS)[number][0];
type FlagPayloadField = (typeof LIVING_FLAGS)[number][1];

/** The named fields of an object, as they are. */
export function fieldsOf<T extends object, K extends keyof T>(
  from: T,
  keys: readonly K[],
): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = from[key];
  return picked;
}

/** The named fields, each "". */
export function emptyFields<K extends string>(keys: readonly K[]): Record<K, ""> {
  const empty = {} as Record<K, "">;
  for (const key of keys) empty[key] = "";
  return empty;
}

/** The code of each named choice; "" for none. */
export function codesOf<K extends string>(
  from: Record<K, Option | null>,
  keys: readonly K[],
): Record<K, string> {
  const codes = {} as Record<K, string>;
  for (const key of keys) codes[key] = from[key]?.value ?? "";
  return codes;
}

/** A code as a choice; labels do not travel, so the code stands in for it. */
export const optionOf = (code: string): Option | null =>
  code ? { label: code, value: code } : null;

/** Each named code as a choice. */
export function optionsOf<K extends string>(
  from: Record<K, string>,
  keys: readonly K[],
): Record<K, Option | null> {
  const options = {} as Record<K, Option | null>;
  for (const key of keys) options[key] = optionOf(from[key]);
  return options;
}

/** The living-claim checkboxes as Y/N; all N when the claim is not a living one. */
export function flagsOf(
  details: Pick<ClaimDetails, FlagField>,
  living: boolean,
): Record<FlagPayloadField, YesNo> {
  const flags = {} as Record<FlagPayloadField, YesNo>;
  for (const [field, payloadField] of LIVING_FLAGS) {
    flags[payloadField] = living && details[field] ? "Y" : "N";
  }
  return flags;
}

/** The living-claim checkboxes back from their Y/N. */
export function checkboxesOf(insured: Record<FlagPayloadField, YesNo>): Record<FlagField, boolean> {
  const checkboxes = {} as Record<FlagField, boolean>;
  for (const [field, payloadField] of LIVING_FLAGS)
    checkboxes[field] = insured[payloadField] === "Y";
  return checkboxes;
}
