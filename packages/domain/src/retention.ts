import { CLOSED_INCOMPLETE, WITH_DECISION } from "./claim-lifecycle.ts";

// How long Kalinga keeps a claim, and when a data subject's erasure is allowed (docs/decisions/0106).
// The privacy notice keeps electronic records 10 years after the policy's termination; Kalinga
// does not learn the termination, so the years count from the claim's closing (its last change
// once closed), a setting the insurer may lengthen. Claims never submitted are kept only days.
// Kalinga keeps no paper, so the notice's 7 years for paper are the insurer's.

export type RetentionSettings = {
  /** Years a closed, submitted claim is kept after its closing. */
  claimYears: number;
  /** Days a claim never submitted (its draft gone) is kept after its last change. */
  unsubmittedDays: number;
};

export const RETENTION_DEFAULTS: RetentionSettings = { claimYears: 10, unsubmittedDays: 90 };

/** What the rules read of one claim. */
export type RetentionFacts = {
  purpose: "filing" | "tracking";
  status: string;
  submittedAt: Date | null;
  /** The claim row's last change: its closing once closed. */
  lastChangeAt: Date;
  /** The insurer's decision outcome, when recorded. */
  decisionOutcome: string | null;
  /** An unexpired draft still waits for the claimant. */
  hasOpenDraft: boolean;
};

/** Statuses after which nothing more happens to a claim but a reopening within its period. */
export const CLOSED_CLAIM_STATUSES: readonly string[] = ["CLAIM COMPLETED", CLOSED_INCOMPLETE];
/** With a decision, a claim is closed once the decision is this outcome. */
export const CLOSING_OUTCOME = "denied";

/** A submitted claim is closed when completed, closed for missing documents, or denied. */
export function isClosedClaim(facts: Pick<RetentionFacts, "status" | "decisionOutcome">): boolean {
  return (
    CLOSED_CLAIM_STATUSES.includes(facts.status) ||
    (facts.status === WITH_DECISION && facts.decisionOutcome === CLOSING_OUTCOME)
  );
}

const DAY_MS = 24 * 3600 * 1000;

function addYears(date: Date, years: number): Date {
  const end = new Date(date.getTime());
  end.setUTCFullYear(end.getUTCFullYear() + years);
  return end;
}

/** When the claim may be erased; null while it is open (or its draft waits): kept for now. */
export function retentionEnd(facts: RetentionFacts, settings: RetentionSettings): Date | null {
  if (facts.purpose === "tracking") return facts.lastChangeAt;
  if (facts.submittedAt === null) {
    if (facts.hasOpenDraft) return null;
    return new Date(facts.lastChangeAt.getTime() + settings.unsubmittedDays * DAY_MS);
  }
  return isClosedClaim(facts) ? addYears(facts.lastChangeAt, settings.claimYears) : null;
}

/** The retention job erases a claim once its end has come. */
export function isPastRetention(
  facts: RetentionFacts,
  now: Date,
  settings: RetentionSettings,
): boolean {
  const end = retentionEnd(facts, settings);
  return end !== null && end.getTime() <= now.getTime();
}

/**
 * Why a data subject's erasure of one claim is allowed or refused. Allowed: a tracking check, a
 * claim never submitted (its draft with it), a closed claim past its retention. Refused: a
 * submitted claim still open (the insurer must decide it), or closed but within the retention the
 * law asks of claims records.
 */
export type ErasureVerdict =
  | { erasable: true; reason: "tracking" | "unsubmitted" | "past-retention" }
  | { erasable: false; reason: "open"; keptUntil: null }
  | { erasable: false; reason: "within-retention"; keptUntil: Date };

export function erasureVerdict(
  facts: RetentionFacts,
  now: Date,
  settings: RetentionSettings,
): ErasureVerdict {
  if (facts.purpose === "tracking") return { erasable: true, reason: "tracking" };
  if (facts.submittedAt === null) return { erasable: true, reason: "unsubmitted" };
  if (!isClosedClaim(facts)) return { erasable: false, reason: "open", keptUntil: null };
  const end = addYears(facts.lastChangeAt, settings.claimYears);
  return end.getTime() <= now.getTime()
    ? { erasable: true, reason: "past-retention" }
    : { erasable: false, reason: "within-retention", keptUntil: end };
}
