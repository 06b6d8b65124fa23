import { claimStatusLabel } from "./claim-status.ts";
import { addDays, type IsoDate, todayInManila } from "./dates.ts";

// A submitted claim's life at the insurer: the server statuses of section 4, the moves a claims
// department makes between them, the decision kept apart, and the clocks
// (docs/decisions/0050-claim-lifecycle.md).

export const CLAIM_STATUSES = [
  "CLAIM APPLICATION SUBMITTED",
  "UNDER REVIEW",
  "PENDING DUE TO INCOMPLETE REQUIREMENTS",
  "UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS",
  "CLOSED - DUE TO INCOMPLETE REQUIREMENTS",
  "WITH CLAIM DECISION",
  "CLAIM COMPLETED",
  "PAYMENT UNSUCCESSFUL",
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const SUBMITTED: ClaimStatus = "CLAIM APPLICATION SUBMITTED";
export const PENDING_REQUIREMENTS: ClaimStatus = "PENDING DUE TO INCOMPLETE REQUIREMENTS";
export const REVIEW_OF_REQUIREMENTS: ClaimStatus = "UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS";
export const CLOSED_INCOMPLETE: ClaimStatus = "CLOSED - DUE TO INCOMPLETE REQUIREMENTS";
export const WITH_DECISION: ClaimStatus = "WITH CLAIM DECISION";

/**
 * Where a claim may go next. Asking for requirements is the only way into PENDING (it needs the
 * items); the rest are set by the examiner, the core claims system or, where said, the system.
 */
export const CLAIM_TRANSITIONS: Readonly<Record<ClaimStatus, readonly ClaimStatus[]>> = {
  // The examiner opens the file, or asks at once for what is missing.
  "CLAIM APPLICATION SUBMITTED": ["UNDER REVIEW", "PENDING DUE TO INCOMPLETE REQUIREMENTS"],
  "UNDER REVIEW": ["PENDING DUE TO INCOMPLETE REQUIREMENTS", "WITH CLAIM DECISION"],
  // Every item received moves it on by itself; past the due date it may be closed.
  "PENDING DUE TO INCOMPLETE REQUIREMENTS": [
    "UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS",
    "CLOSED - DUE TO INCOMPLETE REQUIREMENTS",
  ],
  // A rejected item, or a new one, asks again; otherwise the claim is decided.
  "UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS": [
    "PENDING DUE TO INCOMPLETE REQUIREMENTS",
    "WITH CLAIM DECISION",
  ],
  // Reopened when the missing documents arrive within the reopen period.
  "CLOSED - DUE TO INCOMPLETE REQUIREMENTS": ["UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS"],
  // Paid (or a denial closed), or the payment bounced.
  "WITH CLAIM DECISION": ["CLAIM COMPLETED", "PAYMENT UNSUCCESSFUL"],
  // Paid again after the account was fixed, or a new proof of account is asked for.
  "PAYMENT UNSUCCESSFUL": ["CLAIM COMPLETED", "PENDING DUE TO INCOMPLETE REQUIREMENTS"],
  "CLAIM COMPLETED": [],
};

export function isClaimStatus(value: unknown): value is ClaimStatus {
  return typeof value === "string" && (CLAIM_STATUSES as readonly string[]).includes(value);
}

export function allowedNextStatuses(from: ClaimStatus): readonly ClaimStatus[] {
  return CLAIM_TRANSITIONS[from];
}

/** Documents may be asked for while the claim is pending, or may become pending by asking. */
export function mayAskForRequirements(status: string): boolean {
  return (
    isClaimStatus(status) &&
    (status === PENDING_REQUIREMENTS || CLAIM_TRANSITIONS[status].includes(PENDING_REQUIREMENTS))
  );
}

export type TransitionRefusal =
  | { refused: "unknown-status" }
  | { refused: "not-allowed"; allowed: readonly ClaimStatus[] }
  /** Into PENDING only by asking for requirements; into WITH CLAIM DECISION only with a decision. */
  | { refused: "needs-requirements" }
  | { refused: "needs-decision" }
  | { refused: "requirements-not-overdue" };

export type TransitionFacts = {
  /** A decision is recorded (needed to enter WITH CLAIM DECISION). */
  hasDecision: boolean;
  /**
   * Every open requirement item is past its due date, and there is one (needed to close for
   * incomplete requirements): see everyOpenItemOverdue.
   */
  hasOverdueRequirements: boolean;
  /** The move is made by asking for requirements. */
  askingForRequirements?: boolean;
};

/** Null when the claim may move from `from` to `to` with these facts; else why not. */
export function transitionRefusal(
  from: ClaimStatus,
  to: string,
  facts: TransitionFacts,
): TransitionRefusal | null {
  if (!isClaimStatus(to)) return { refused: "unknown-status" };
  const allowed = allowedNextStatuses(from);
  if (!allowed.includes(to)) return { refused: "not-allowed", allowed };
  if (to === PENDING_REQUIREMENTS && !facts.askingForRequirements) {
    return { refused: "needs-requirements" };
  }
  if (to === WITH_DECISION && !facts.hasDecision) return { refused: "needs-decision" };
  if (to === CLOSED_INCOMPLETE && !facts.hasOverdueRequirements) {
    return { refused: "requirements-not-overdue" };
  }
  return null;
}

/** An item is past due from the day after its due date: the due date itself is the last day to send. */
export function isPastDue(dueDate: string, today: string): boolean {
  return dueDate < today;
}

/**
 * A claim may be closed for incomplete requirements only once every open item is past its due
 * date (docs/decisions/0070): an item still within its date may yet arrive.
 */
export function everyOpenItemOverdue(
  items: readonly { state: string; dueDate: string }[],
  today: string,
): boolean {
  const open = items.filter((item) => item.state === "open");
  return open.length > 0 && open.every((item) => isPastDue(item.dueDate, today));
}

/** A claimant is told of a change only when the label they see changes. */
export function claimantSeesChange(from: ClaimStatus, to: ClaimStatus): boolean {
  return claimStatusLabel(from) !== claimStatusLabel(to);
}

/** The decision, kept apart from the status. */
export const DECISION_OUTCOMES = ["approved", "partly-approved", "denied"] as const;
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];

/** A requirement item's states; a rejected item is asked again as a new open item. */
export const REQUIREMENT_STATES = ["open", "received", "accepted", "rejected"] as const;
export type RequirementState = (typeof REQUIREMENT_STATES)[number];

/** Statuses in which the claim waits on the claimant; every other open status waits on the insurer. */
const WAITING_ON_CLAIMANT: ReadonlySet<ClaimStatus> = new Set([
  PENDING_REQUIREMENTS,
  CLOSED_INCOMPLETE,
]);

/** Insurance Code s.248: a death claim is paid within 60 days of the claim and proof of death. */
export const DEATH_CLAIM_PAYMENT_DAYS = 60;

export type StatusChange = { to: ClaimStatus; at: Date };

export type ClaimClocks = {
  daysOpen: number;
  daysWaitingOnClaimant: number;
  daysWaitingOnInsurer: number;
  /** Death claims: s.248's 60 days less the days the claim waited on the insurer. */
  deathClaimDaysLeft: number | null;
  /** The service level of the claim type less the days it waited on the insurer. */
  serviceLevelDaysLeft: number;
};

const DAY_MS = 86_400_000;

/**
 * Days counted from the status changes (the first is the submit). The clocks stop when the claim
 * is completed. Whole days, rounded down; days left may go below zero.
 */
export function claimClocks(input: {
  claimType: "Death" | "Living";
  changes: readonly StatusChange[];
  now: Date;
  serviceLevelDays: number;
}): ClaimClocks {
  const changes = [...input.changes].sort((a, b) => a.at.getTime() - b.at.getTime());
  let onClaimant = 0;
  let onInsurer = 0;
  const first = changes[0];
  let end = input.now;
  changes.forEach((change, index) => {
    if (change.to === "CLAIM COMPLETED") {
      end = change.at;
      return;
    }
    const until = changes[index + 1]?.at ?? input.now;
    const span = Math.max(0, until.getTime() - change.at.getTime());
    if (WAITING_ON_CLAIMANT.has(change.to)) onClaimant += span;
    else onInsurer += span;
  });
  const completed = changes.some((change) => change.to === "CLAIM COMPLETED");
  const openMs = first ? (completed ? end : input.now).getTime() - first.at.getTime() : 0;
  const days = (ms: number) => Math.floor(ms / DAY_MS);
  const insurerDays = days(onInsurer);
  return {
    daysOpen: days(Math.max(0, openMs)),
    daysWaitingOnClaimant: days(onClaimant),
    daysWaitingOnInsurer: insurerDays,
    deathClaimDaysLeft: input.claimType === "Death" ? DEATH_CLAIM_PAYMENT_DAYS - insurerDays : null,
    serviceLevelDaysLeft: input.serviceLevelDays - insurerDays,
  };
}

/** Statuses on or after the decision: the claimant is no longer told when to expect one. */
const DECIDED: ReadonlySet<ClaimStatus> = new Set<ClaimStatus>([
  WITH_DECISION,
  "CLAIM COMPLETED",
  "PAYMENT UNSUCCESSFUL",
]);

/** When the insurer expects to decide, as the claimant is told (docs/decisions/0068). */
export type ExpectedDecision = {
  /** Death claims count s.248's 60 days; living claims the insurer's service level. */
  basis: "death-claim-law" | "service-level";
  /** The days the basis gives: 60, or the claim type's service level. */
  limitDays: number;
  /** The insurer's days left, counted on its own days only; below zero once overdue. */
  daysLeft: number;
  /** yyyy-MM-dd in Manila, today plus the days left; null while the clock is paused. */
  by: IsoDate | null;
  /** The claim waits on documents from the claimant: the insurer's days do not run. */
  paused: boolean;
};

/**
 * The decision date a claimant is promised, from the same clocks the console shows; null before
 * the submit and once a decision is recorded (a later payment problem does not bring it back).
 */
export function expectedDecision(input: {
  claimType: "Death" | "Living";
  changes: readonly StatusChange[];
  now: Date;
  serviceLevelDays: number;
}): ExpectedDecision | null {
  const last = [...input.changes].sort((a, b) => a.at.getTime() - b.at.getTime()).at(-1);
  if (!last || input.changes.some((change) => DECIDED.has(change.to))) return null;
  const clocks = claimClocks(input);
  const death = input.claimType === "Death";
  const daysLeft = death ? (clocks.deathClaimDaysLeft ?? 0) : clocks.serviceLevelDaysLeft;
  const paused = WAITING_ON_CLAIMANT.has(last.to);
  return {
    basis: death ? "death-claim-law" : "service-level",
    limitDays: death ? DEATH_CLAIM_PAYMENT_DAYS : input.serviceLevelDays,
    daysLeft,
    by: paused ? null : addDays(todayInManila(input.now), daysLeft),
    paused,
  };
}
