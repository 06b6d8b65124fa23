import {
  type ClaimStatus,
  type StatusChange,
  transitionRefusal,
} from "@kalinga/domain/claim-lifecycle";
import { setClaimStatus } from "../claims/claim-repository.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { ClaimantNotifier } from "../notifications/notify-claimant.ts";
import { findSubmittedClaim } from "../submission/submission-repository.ts";
import type { SubmittedClaim } from "../submission/submitted-claim.ts";
import { type Actor, type EventRow, recordClaimEvent } from "./lifecycle-repository.ts";

// What every change of a submitted claim's life shares: its settings, its refusals, and the move
// of its status, which writes the event and tells the claimant when their label changes.

export type LifecycleConfig = {
  /** Due date of a requirement asked without one: this many days after it is asked. */
  requirementDueDays: number;
  /** A claim closed for incomplete requirements reopens when they arrive within this many days. */
  reopenDays: number;
  serviceLevelDays: { Death: number; Living: number };
  /**
   * The insurer's claims pages where the widget runs (https://www.insurer.ph/help-support/claims);
   * messages link to its /link-status/{status} (SMS) and /claims-link-status/{status} (e-mail).
   * Null: the messages say to use Check claim status.
   */
  statusPageUrl: string | null;
};

export type LifecycleRefusal =
  | { refused: "not-found" }
  | { refused: "unknown-status" }
  | { refused: "not-allowed"; status: ClaimStatus; allowed: readonly ClaimStatus[] }
  | { refused: "needs-requirements" }
  | { refused: "needs-decision" }
  | { refused: "requirements-not-overdue" }
  | { refused: "requirement-not-found" }
  | { refused: "reopen-period-over" };

/** What the lifecycle's parts are built from. */
export type LifecycleContext = {
  db: Database;
  config: LifecycleConfig;
  clock: () => Date;
  notifier: ClaimantNotifier;
};

const DAY_MS = 86_400_000;

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return new Date(date.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** The domain's refusal of a move, with the claim's status when the move is not allowed from it. */
export function moveRefusal(
  claim: SubmittedClaim,
  to: string,
  facts: Parameters<typeof transitionRefusal>[2],
): LifecycleRefusal | null {
  const refusal = transitionRefusal(claim.status, to, facts);
  if (refusal?.refused === "not-allowed") {
    return { refused: "not-allowed", status: claim.status, allowed: refusal.allowed };
  }
  return refusal;
}

/** Whether a claim closed for incomplete requirements is past the period it may reopen in. */
export function reopenPeriodOver(
  events: readonly EventRow[],
  status: ClaimStatus,
  now: Date,
  reopenDays: number,
) {
  const closedAt = events.filter((event) => event.to === status).at(-1)?.at;
  return closedAt !== undefined && now.getTime() - closedAt.getTime() > reopenDays * DAY_MS;
}

/** The status changes of a claim's events, oldest first. */
export function statusChanges(events: readonly EventRow[]): StatusChange[] {
  return events
    .filter((event) => event.kind === "status" && event.to)
    .map((event) => ({ to: event.to as ClaimStatus, at: event.at }));
}

/**
 * Runs one change of a submitted claim in a transaction, with its row locked until the change
 * commits; "not-found" when there is no such claim.
 */
export function changeClaim<T>(
  context: LifecycleContext,
  webReferenceNumber: string,
  change: (tx: Queryable, claim: SubmittedClaim, now: Date) => Promise<T | LifecycleRefusal>,
): Promise<T | LifecycleRefusal> {
  return context.db.transaction(async (tx) => {
    const now = context.clock();
    const claim = await findSubmittedClaim(tx, webReferenceNumber, { lock: true });
    if (!claim) return { refused: "not-found" as const };
    return change(tx, claim, now);
  });
}

/** Moves the claim, writes the event and tells the claimant when their label changes. */
export async function moveClaim(
  context: LifecycleContext,
  tx: Queryable,
  claim: SubmittedClaim,
  change: { to: ClaimStatus; actor: Actor; reason: string | null; now: Date; notify?: boolean },
): Promise<void> {
  const { to, actor, reason, now } = change;
  await setClaimStatus(tx, claim.claimId, to, now);
  await recordClaimEvent(
    tx,
    claim.claimId,
    { kind: "status", from: claim.status, to, reason },
    actor,
    now,
  );
  if (change.notify ?? true) {
    await context.notifier.notifyClaimant(
      tx,
      { kind: "status-changed", claim, from: claim.status, to, decision: claim.decision },
      now,
    );
  }
  claim.status = to;
}
