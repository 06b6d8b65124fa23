import { DECISION_OUTCOMES, type DecisionOutcome } from "./claim-lifecycle.ts";
import { PAYOUT_METHOD_E_WALLET } from "./claim-payload.ts";
import { maskLast4 } from "./mask.ts";

// Who is told what after the submit, and what a decision means to the claimant
// (docs/decisions/0067-who-is-told-what.md). The server's messages, the console's preview and the
// claim status page read these, so the three never disagree.

/** Whom a claim's messages address. */
export type AddresseeRole = "insured" | "beneficiary" | "guardian" | "filer";

export type ClaimAddressee = {
  role: AddresseeRole;
  /** The first name the messages greet; "" greets without a name. */
  firstName: string;
  /** The addressee's full name as the claim holds it; null when it does not hold it. */
  fullName: string | null;
  /** The 10-digit mobile number ("9171234567") the SMS go to; null sends none. */
  mobile: string | null;
  /** The e-mail address the e-mails go to; null sends none. */
  email: string | null;
  /** Death claims: the insured who died, named only as the person the claim is for. */
  lateInsured: string | null;
};

type Fields = Record<string, unknown>;

const fieldsOf = (value: unknown): Fields =>
  typeof value === "object" && value !== null ? (value as Fields) : {};

const textOf = (record: Fields, key: string): string =>
  typeof record[key] === "string" ? (record[key] as string).trim() : "";

const fullNameOf = (person: Fields): string =>
  ["firstName", "lastName", "suffix"]
    .map((key) => textOf(person, key))
    .filter(Boolean)
    .join(" ");

/** A Philippine mobile number as its 10 digits, however it was written ("0917…", "+63 917…"). */
export function tenDigitMobile(value: string): string {
  const digits = value.replace(/\D/g, "");
  if (digits.length === 12 && digits.startsWith("63")) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith("0")) return digits.slice(1);
  return digits;
}

type Person = {
  role: "beneficiary" | "guardian";
  firstName: string;
  fullName: string;
  phone: string;
};

/** The people of a death claim who may have filed it: adult beneficiaries and minors' guardians. */
function peopleWhoMayFile(beneficiaryList: unknown): Person[] {
  if (!Array.isArray(beneficiaryList)) return [];
  return beneficiaryList.map((entry) => {
    const beneficiary = fieldsOf(entry);
    const guardian = fieldsOf(beneficiary.guardian);
    // A minor's number is the guardian's: the guardian, not the child, is the one who files.
    const person = textOf(guardian, "firstName") ? guardian : beneficiary;
    return {
      role: person === guardian ? ("guardian" as const) : ("beneficiary" as const),
      firstName: textOf(person, "firstName"),
      fullName: fullNameOf(person),
      phone: textOf(person, "phoneNumber"),
    };
  });
}

/**
 * Whom the messages of a submitted claim go to and greet. Every claim's messages go to the verified
 * mobile number (the payload's on channels without an OTP) and the e-mail given with it on Step 1.
 * A living claim greets the insured, who filed it. A death claim never greets the insured: it greets
 * the beneficiary (or a minor's guardian) whose number is the verified one, when exactly one person
 * has it, and otherwise no one by name.
 */
export function claimAddressee(payload: unknown, verifiedMobile: string | null): ClaimAddressee {
  const claim = fieldsOf(payload);
  const insured = fieldsOf(claim.insuredInformation);
  const mobile = tenDigitMobile(verifiedMobile?.trim() || textOf(insured, "phoneNumber")) || null;
  const email = textOf(insured, "emailAddress") || null;
  if (textOf(fieldsOf(claim.basicInformation), "claimType") !== "Death") {
    return {
      role: "insured",
      firstName: textOf(insured, "firstName"),
      fullName: fullNameOf(insured) || null,
      mobile,
      email,
      lateInsured: null,
    };
  }
  const lateInsured = fullNameOf(insured) || null;
  const matches = peopleWhoMayFile(claim.beneficiaryList).filter(
    (person) => mobile !== null && person.phone !== "" && tenDigitMobile(person.phone) === mobile,
  );
  // Two people on one number (a parent's number given for two) leave the reader unknown.
  const names = new Set(matches.map((person) => person.fullName.toLowerCase()));
  const filer = names.size === 1 ? matches[0] : undefined;
  if (filer?.firstName) {
    return {
      role: filer.role,
      firstName: filer.firstName,
      fullName: filer.fullName,
      mobile,
      email,
      lateInsured,
    };
  }
  return { role: "filer", firstName: "", fullName: null, mobile, email, lateInsured };
}

/** The longest reason an insurer may give the claimant for a decision other than approved. */
export const DECISION_REASON_LIMIT = 500;

export const DECISION_MESSAGES = {
  reasonRequired:
    "Say why the claim is not fully approved, in words the claimant reads: it is sent to them with the decision.",
} as const;

/** A decision other than a full approval is told with the insurer's reason. */
export function decisionNeedsReason(outcome: DecisionOutcome): boolean {
  return outcome !== "approved";
}

/** How a living claim's benefit is paid, with the account masked to its last 4 characters. */
export type ClaimantPayout = { method: "bank" | "e-wallet"; provider: string; account: string };

/** The decision as the claimant reads it: the outcome, the reason, and where the money goes. */
export type ClaimantDecision = {
  outcome: DecisionOutcome;
  /** The insurer's reason as entered, for an outcome other than approved. */
  reason: string | null;
  /** A living claim's payout for what was approved; null on a death claim or a denial. */
  payout: ClaimantPayout | null;
};

/** The decision of a claim as its claimant is told it; null before there is one. */
export function claimantDecision(decision: unknown, payload: unknown): ClaimantDecision | null {
  const recorded = fieldsOf(decision);
  const outcome = DECISION_OUTCOMES.find((known) => known === recorded.outcome);
  if (!outcome) return null;
  const reason = decisionNeedsReason(outcome) ? textOf(recorded, "reason") || null : null;
  const payout = fieldsOf(fieldsOf(payload).payoutInformation);
  const method = textOf(payout, "payoutMethod");
  const account = textOf(payout, "accountNumber");
  return {
    outcome,
    reason,
    payout:
      outcome !== "denied" && method !== "" && account !== ""
        ? {
            method: method === PAYOUT_METHOD_E_WALLET ? "e-wallet" : "bank",
            provider: textOf(payout, "bankName"),
            account: maskLast4(account),
          }
        : null,
  };
}
