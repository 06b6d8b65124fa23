import { defineTexts } from "./localized-texts.ts";

// How a claim's status, type and policy number are shown to the claimant (section 4).

/** The claimant's names of the statuses and claim types, keyed so the widget can localize them. */
export const CLAIM_STATUS_TEXTS = defineTexts("claimStatus", {
  submitted: "Claim application submitted",
  underReview: "Under review",
  pending: "Pending Due to Incomplete Requirements",
  closed: "Closed - Due to Incomplete Requirements",
  decided: "With claim decision",
  completed: "Claim completed",
  paymentUnsuccessful: "Payment unsuccessful",
  typeDeath: "Death claim",
  typeAccident: "Accident claim",
  typeIllness: "Illness claim",
  /** In place of the policy number (section 4): not matched yet, or matchCode 4, 5 or 9. */
  policyUnavailable: "Unavailable at this time",
  /** In place of the policy number for matchCode 1, 2 or 3. */
  policyToVerify: "For further verification",
});

type StatusTexts = typeof CLAIM_STATUS_TEXTS;

const STATUS_LABELS: Record<string, keyof StatusTexts> = {
  "CLAIM APPLICATION SUBMITTED": "submitted",
  "UNDER REVIEW": "underReview",
  "PENDING DUE TO INCOMPLETE REQUIREMENTS": "pending",
  "UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS": "underReview",
  "CLOSED - DUE TO INCOMPLETE REQUIREMENTS": "closed",
  "WITH CLAIM DECISION": "decided",
  "CLAIM COMPLETED": "completed",
  "PAYMENT UNSUCCESSFUL": "paymentUnsuccessful",
};

/** Active, Cancelled, Resolved and anything unknown keep their own text. */
export function claimStatusLabel(status: string, texts: StatusTexts = CLAIM_STATUS_TEXTS): string {
  const key = STATUS_LABELS[status];
  return key ? texts[key] : status;
}

/**
 * A status as the insurer names it, for claims staff: unlike the claimant's labels, no two
 * statuses share one ("UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS" → "Under review due to
 * incomplete requirements").
 */
export function claimStatusName(status: string): string {
  const lower = status.toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

export function claimStatusLabels<T extends { status: string }>(
  records: T[],
): (T & { label: string })[] {
  return records.map((record) => ({ ...record, label: claimStatusLabel(record.status) }));
}

export function claimTypeLabel(
  type: string,
  subType: string,
  texts: StatusTexts = CLAIM_STATUS_TEXTS,
): string {
  if (type === "Death") return texts.typeDeath;
  return subType === "AC" ? texts.typeAccident : texts.typeIllness;
}

const HIDDEN_NUMBER_MATCH_CODES = new Set(["4", "5", "9"]);
const VERIFY_MATCH_CODES = new Set(["1", "2", "3"]);

export function policyNumberDisplay(
  policyNumber: string | null | undefined,
  matchCode: string | number,
  texts: StatusTexts = CLAIM_STATUS_TEXTS,
): string {
  const code = String(matchCode);
  if (!policyNumber || HIDDEN_NUMBER_MATCH_CODES.has(code)) return texts.policyUnavailable;
  return VERIFY_MATCH_CODES.has(code) ? texts.policyToVerify : policyNumber;
}

/** A status as a link's path segment: "PENDING DUE TO INCOMPLETE REQUIREMENTS" → "pending-due-to-incomplete-requirements". */
export function statusSlug(status: string): string {
  return status
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The server status a link's segment names; null for a segment no status has. */
export function statusOfSlug(slug: string): string | null {
  return Object.keys(STATUS_LABELS).find((status) => statusSlug(status) === slug) ?? null;
}

/** A status record's policy number as shown: a claim not matched yet (null matchCode) shows none. */
export function recordPolicyNumberDisplay(
  record: { claimInfo: { policyNumber: string }; matchCode: number | null },
  texts: StatusTexts = CLAIM_STATUS_TEXTS,
): string {
  if (record.matchCode === null) return policyNumberDisplay(null, "", texts);
  return policyNumberDisplay(record.claimInfo.policyNumber, record.matchCode, texts);
}
