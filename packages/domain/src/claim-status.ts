// How a claim's status, type and policy number are shown to the claimant (section 4).

const STATUS_LABELS: Record<string, string> = {
  "CLAIM APPLICATION SUBMITTED": "Claim application submitted",
  "UNDER REVIEW": "Under review",
  "PENDING DUE TO INCOMPLETE REQUIREMENTS": "Pending Due to Incomplete Requirements",
  "UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS": "Under review",
  "CLOSED - DUE TO INCOMPLETE REQUIREMENTS": "Closed - Due to Incomplete Requirements",
  "WITH CLAIM DECISION": "With claim decision",
  "CLAIM COMPLETED": "Claim completed",
  "PAYMENT UNSUCCESSFUL": "Payment unsuccessful",
};

/** Active, Cancelled, Resolved and anything unknown keep their own text. */
export function claimStatusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
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

export function claimTypeLabel(type: string, subType: string): string {
  if (type === "Death") return "Death claim";
  return subType === "AC" ? "Accident claim" : "Illness claim";
}

const HIDDEN_NUMBER_MATCH_CODES = new Set(["4", "5", "9"]);
const VERIFY_MATCH_CODES = new Set(["1", "2", "3"]);

export function policyNumberDisplay(
  policyNumber: string | null | undefined,
  matchCode: string | number,
): string {
  const code = String(matchCode);
  if (!policyNumber || HIDDEN_NUMBER_MATCH_CODES.has(code)) return "Unavailable at this time";
  return VERIFY_MATCH_CODES.has(code) ? "For further verification" : policyNumber;
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
export function recordPolicyNumberDisplay(record: {
  claimInfo: { policyNumber: string };
  matchCode: number | null;
}): string {
  if (record.matchCode === null) return policyNumberDisplay(null, "");
  return policyNumberDisplay(record.claimInfo.policyNumber, record.matchCode);
}
