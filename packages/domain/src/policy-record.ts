import * as z from "zod/mini";
import { fromPayloadDate, isIsoDate } from "./dates.ts";

// The insurer's policy records as Kalinga keeps them (docs/decisions/0057): filled by an import
// command or the integration API, read by the policy lookup of the logged-in channels, and matched
// against public-channel claims at submit to set the claim status record's matchCode.

export const POLICY_STATUSES = [
  "in-force",
  "lapsed",
  "surrendered",
  "matured",
  "terminated",
] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

const MESSAGES = {
  policyNumber: "A policy number has 10 digits.",
  date: "Use yyyy-MM-dd.",
  name: "Give a name of up to 60 characters.",
  mobile: "A Philippine mobile number: 10 digits starting with 9.",
  email: "Not an e-mail address.",
  status: `One of ${POLICY_STATUSES.join(", ")}.`,
  policyType: "Individual or Corporate.",
} as const;

const name = z
  .string()
  .check(z.trim(), z.minLength(1, MESSAGES.name), z.maxLength(60, MESSAGES.name));
const optionalName = z._default(z.string().check(z.trim(), z.maxLength(60, MESSAGES.name)), "");
const isoDate = z.string().check(z.refine((value) => isIsoDate(value), MESSAGES.date));

export const policyRecordSchema = z.strictObject({
  companyName: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  policyNumber: z.string().check(z.regex(/^\d{10}$/, MESSAGES.policyNumber)),
  policyType: z.enum(["Individual", "Corporate"], MESSAGES.policyType),
  status: z.enum(POLICY_STATUSES, MESSAGES.status),
  insuredFirstName: name,
  insuredMiddleName: optionalName,
  insuredLastName: name,
  insuredSuffix: z._default(z.string().check(z.trim(), z.maxLength(6)), ""),
  insuredDateOfBirth: isoDate,
  ownerFirstName: name,
  ownerLastName: name,
  ownerMobile: z._default(
    z.string().check(z.refine((value) => value === "" || /^9\d{9}$/.test(value), MESSAGES.mobile)),
    "",
  ),
  ownerEmail: z._default(
    z.string().check(
      z.maxLength(100, MESSAGES.email),
      z.refine(
        (value) => value === "" || /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value),
        MESSAGES.email,
      ),
    ),
    "",
  ),
  agentCode: z._default(z.string().check(z.trim(), z.maxLength(20)), ""),
});
export type PolicyRecord = z.infer<typeof policyRecordSchema>;

/**
 * The claim status record's matchCode as Kalinga sets it at submit. Section 4 shows the number for
 * 0, "For further verification" for 1–3 and "Unavailable at this time" for 4, 5 and 9.
 */
export const MATCH_CODES = {
  /** The policy number given is in force, and the insured's name and date of birth agree. */
  matched: 0,
  /** The number is in force and the name agrees, but the date of birth differs. */
  dateOfBirthDiffers: 1,
  /** The number is in force and the date of birth agrees, but the name differs. */
  nameDiffers: 2,
  /** No number (or an unknown one), but exactly one policy in force insures this person. */
  foundByInsured: 3,
  /** No policy of this insured was found. */
  notFound: 4,
  /** The policy was found but is not in force. */
  notInForce: 5,
  /** Not checked: set by the insurer's own system, never by Kalinga's match. */
  notChecked: 9,
} as const;

/** The matchCodes a claim status record may carry: those section 4 and decision 0057 give a meaning. */
export const KNOWN_MATCH_CODES: readonly number[] = Object.values(MATCH_CODES).sort(
  (a, b) => a - b,
);

export function isKnownMatchCode(value: number): boolean {
  return KNOWN_MATCH_CODES.includes(value);
}

/** Names compared as people write them: case, accents, dots, hyphens and spaces do not count. */
export function comparableName(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");
}

export type ClaimInsuredFacts = {
  policyNumber: string;
  firstName: string;
  lastName: string;
  /** yyyy-MM-dd */
  dateOfBirth: string;
};

export type PolicyMatch = { matchCode: number; policyNumber: string | null };

/**
 * Matches a claim's insured against the company's policies: by the number given first, then by the
 * insured's name and date of birth. `byNumber` is the company's policy with that number, if any;
 * `byInsured` the company's policies whose insured has that name and date of birth. Null when the
 * company keeps no policy records here.
 */
export function matchPolicy(
  claim: ClaimInsuredFacts,
  byNumber: PolicyRecord | null,
  byInsured: readonly PolicyRecord[],
  companyHasPolicies: boolean,
): PolicyMatch | null {
  // No records to match against: the claim keeps no matchCode until the insurer sets one.
  if (!companyHasPolicies) return null;
  const sameName = (policy: PolicyRecord) =>
    comparableName(policy.insuredFirstName) === comparableName(claim.firstName) &&
    comparableName(policy.insuredLastName) === comparableName(claim.lastName);
  const sameBirth = (policy: PolicyRecord) => policy.insuredDateOfBirth === claim.dateOfBirth;
  if (byNumber && (sameName(byNumber) || sameBirth(byNumber))) {
    const policyNumber = byNumber.policyNumber;
    if (byNumber.status !== "in-force") return { matchCode: MATCH_CODES.notInForce, policyNumber };
    if (sameName(byNumber) && sameBirth(byNumber))
      return { matchCode: MATCH_CODES.matched, policyNumber };
    return {
      matchCode: sameName(byNumber) ? MATCH_CODES.dateOfBirthDiffers : MATCH_CODES.nameDiffers,
      policyNumber,
    };
  }
  const inForce = byInsured.filter(
    (policy) => policy.status === "in-force" && sameName(policy) && sameBirth(policy),
  );
  if (inForce.length === 1) {
    return {
      matchCode: MATCH_CODES.foundByInsured,
      policyNumber: inForce[0]?.policyNumber ?? null,
    };
  }
  if (byInsured.some((policy) => sameName(policy) && sameBirth(policy))) {
    return {
      matchCode: inForce.length > 1 ? MATCH_CODES.foundByInsured : MATCH_CODES.notInForce,
      policyNumber: null,
    };
  }
  return { matchCode: MATCH_CODES.notFound, policyNumber: null };
}

/** The payload's date of birth (MM/dd/yyyy) as yyyy-MM-dd, or "" when it cannot be read. */
export const payloadBirthDate = (value: string) => fromPayloadDate(value) ?? "";
