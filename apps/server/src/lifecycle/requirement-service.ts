import {
  CLOSED_INCOMPLETE,
  type ClaimStatus,
  PENDING_REQUIREMENTS,
  REVIEW_OF_REQUIREMENTS,
} from "@kalinga/domain/claim-lifecycle";
import { todayInManila } from "@kalinga/domain/dates";
import { touchClaim } from "../claims/claim-repository.ts";
import type { Queryable } from "../db/database.ts";
import { markRequirementDocumentsSent } from "../documents/document-repository.ts";
import type { MessagePreview } from "../notifications/notify-claimant.ts";
import { findSubmittedClaim } from "../submission/submission-repository.ts";
import type { SubmittedClaim } from "../submission/submitted-claim.ts";
import {
  addDays,
  changeClaim,
  type LifecycleContext,
  type LifecycleRefusal,
  moveClaim,
  moveRefusal,
  reopenPeriodOver,
} from "./claim-moves.ts";
import {
  type Actor,
  insertRequirements,
  listEvents,
  listRequirements,
  moveRequirement,
  recordClaimEvent,
  SYSTEM,
} from "./lifecycle-repository.ts";

// The requirement items of a submitted claim: asked for all at once, received from the claimant,
// accepted or not accepted by the insurer, each change in one transaction with its claimant's news
// (docs/decisions/0051, 0055).

export type NewRequirementRequest = {
  documentCd: string | null;
  description: string;
  dueDate: string | null;
};

type ReceiveOptions = {
  acknowledge?: boolean;
  inSameTransaction?: (
    tx: Queryable,
    answer: { status: ClaimStatus; received: string[] },
  ) => Promise<void>;
};

type RequirementAnswer = { accept: true } | { accept: false; reason: string };

type Answer<T> = Promise<T | LifecycleRefusal>;

/** The requested items with a due date each: the default when the request gave none. */
function withDueDates(
  { config }: LifecycleContext,
  items: readonly NewRequirementRequest[],
  now: Date,
) {
  const defaultDue = addDays(todayInManila(now), config.requirementDueDays);
  return items.map((item) => ({ ...item, dueDate: item.dueDate ?? defaultDue }));
}

/** Receives each open item, marks its files sent and writes its event; returns the received. */
async function receiveItems(
  tx: Queryable,
  claim: SubmittedClaim,
  requirementIds: readonly string[],
  actor: Actor,
  now: Date,
): Promise<string[]> {
  const received: string[] = [];
  for (const id of requirementIds) {
    if (!(await moveRequirement(tx, claim.claimId, id, "open", "received", now))) continue;
    received.push(id);
    await markRequirementDocumentsSent(tx, claim.claimId, id, now);
    await recordClaimEvent(
      tx,
      claim.claimId,
      { kind: "requirement", detail: { id, state: "received" } },
      actor,
      now,
    );
  }
  return received;
}

/** Asks for a not-accepted item again, due from today, and tells the claimant why. */
async function askAgain(
  context: LifecycleContext,
  tx: Queryable,
  claim: SubmittedClaim,
  change: {
    item: { id: string; documentCd: string | null; description: string };
    reason: string;
    actor: Actor;
    now: Date;
  },
): Promise<void> {
  const { item, reason, actor, now } = change;
  const dueDate = addDays(todayInManila(now), context.config.requirementDueDays);
  const again = await insertRequirements(
    tx,
    claim.claimId,
    [{ documentCd: item.documentCd, description: item.description, dueDate, replaces: item.id }],
    now,
  );
  await recordClaimEvent(
    tx,
    claim.claimId,
    { kind: "requirements", reason, detail: { ids: again } },
    actor,
    now,
  );
  // One message says what was not accepted, why and by when; not a second status one.
  if (claim.status === REVIEW_OF_REQUIREMENTS) {
    await moveClaim(context, tx, claim, {
      to: PENDING_REQUIREMENTS,
      actor,
      reason,
      now,
      notify: false,
    });
  }
  const notAccepted = { description: item.description, reason, dueDate };
  await context.notifier.notifyClaimant(
    tx,
    { kind: "document-not-accepted", claim, item: notAccepted },
    now,
  );
}

/** Asks for everything missing at once; the claim moves to PENDING and the claimant is told. */
async function askForRequirements(
  context: LifecycleContext,
  webReferenceNumber: string,
  items: readonly NewRequirementRequest[],
  actor: Actor,
): Answer<{ status: ClaimStatus; requirementIds: string[] }> {
  return changeClaim(context, webReferenceNumber, async (tx, claim, now) => {
    const alreadyPending = claim.status === PENDING_REQUIREMENTS;
    if (!alreadyPending) {
      const refusal = moveRefusal(claim, PENDING_REQUIREMENTS, {
        hasDecision: claim.decision !== null,
        hasOverdueRequirements: false,
        askingForRequirements: true,
      });
      if (refusal) return refusal;
    }
    const rows = withDueDates(context, items, now);
    const ids = await insertRequirements(tx, claim.claimId, rows, now);
    await recordClaimEvent(
      tx,
      claim.claimId,
      { kind: "requirements", detail: { ids } },
      actor,
      now,
    );
    if (alreadyPending) await touchClaim(tx, claim.claimId, now);
    else {
      const to = PENDING_REQUIREMENTS;
      await moveClaim(context, tx, claim, { to, actor, reason: null, now, notify: false });
    }
    await context.notifier.notifyClaimant(
      tx,
      { kind: "requirements-requested", claim, items: rows },
      now,
    );
    return { status: claim.status, requirementIds: ids };
  });
}

/**
 * The claimant sent documents for these open items, in one transaction: each is received, its
 * files are marked sent, and when none is left open a pending claim moves to UNDER REVIEW DUE
 * TO INCOMPLETE REQUIREMENTS by itself, and a closed one reopens there if it is still within
 * the reopen period. The claimant's acknowledgment is queued (naming the new status when it
 * changed). `inSameTransaction` runs last, so an Idempotency-Key completes with the change or
 * not at all.
 */
async function receiveRequirementDocuments(
  context: LifecycleContext,
  webReferenceNumber: string,
  requirementIds: readonly string[],
  actor: Actor,
  options: ReceiveOptions = {},
): Answer<{ status: ClaimStatus; received: string[] }> {
  return changeClaim(context, webReferenceNumber, async (tx, claim, now) => {
    if (
      claim.status === CLOSED_INCOMPLETE &&
      reopenPeriodOver(
        await listEvents(tx, claim.claimId),
        CLOSED_INCOMPLETE,
        now,
        context.config.reopenDays,
      )
    ) {
      return { refused: "reopen-period-over" as const };
    }
    const received = await receiveItems(tx, claim, requirementIds, actor, now);
    if (received.length === 0) return { refused: "requirement-not-found" as const };
    await touchClaim(tx, claim.claimId, now);
    const before = claim.status;
    const stillOpen = (await listRequirements(tx, claim.claimId)).some((i) => i.state === "open");
    if (!stillOpen && (before === PENDING_REQUIREMENTS || before === CLOSED_INCOMPLETE)) {
      // The acknowledgment names the new status; a second message would say it again.
      const notify = !options.acknowledge;
      const to = REVIEW_OF_REQUIREMENTS;
      await moveClaim(context, tx, claim, { to, actor: SYSTEM, reason: null, now, notify });
    }
    if (options.acknowledge) {
      const news = {
        kind: "documents-received" as const,
        claim,
        count: received.length,
        from: before,
        to: claim.status,
      };
      await context.notifier.notifyClaimant(tx, news, now);
    }
    const answer = { status: claim.status, received };
    await options.inSameTransaction?.(tx, answer);
    return answer;
  });
}

/** Accepts a received item, or rejects it with a reason and asks for it again. */
async function decideRequirement(
  context: LifecycleContext,
  webReferenceNumber: string,
  requirementId: string,
  answer: RequirementAnswer,
  actor: Actor,
): Answer<{ status: ClaimStatus }> {
  return changeClaim(context, webReferenceNumber, async (tx, claim, now) => {
    const item = (await listRequirements(tx, claim.claimId)).find((i) => i.id === requirementId);
    const to = answer.accept ? "accepted" : "rejected";
    const reason = answer.accept ? null : answer.reason;
    if (
      !item ||
      !(await moveRequirement(tx, claim.claimId, item.id, "received", to, now, reason))
    ) {
      return { refused: "requirement-not-found" as const };
    }
    await recordClaimEvent(
      tx,
      claim.claimId,
      { kind: "requirement", reason, detail: { id: item.id, state: to } },
      actor,
      now,
    );
    await touchClaim(tx, claim.claimId, now);
    if (!answer.accept) {
      await askAgain(context, tx, claim, { item, reason: answer.reason, actor, now });
    }
    return { status: claim.status };
  });
}

/** The SMS and e-mail a request for these items would send, and to whom, without asking. */
async function previewRequirements(
  context: LifecycleContext,
  webReferenceNumber: string,
  items: readonly NewRequirementRequest[],
): Promise<MessagePreview | null> {
  const claim = await findSubmittedClaim(context.db, webReferenceNumber);
  if (!claim) return null;
  const rows = withDueDates(context, items, context.clock());
  return context.notifier.previewNews(context.db, {
    kind: "requirements-requested",
    claim,
    items: rows,
  });
}

/** The requirement calls bound to their lifecycle context. */
export function createRequirementService(context: LifecycleContext) {
  return {
    askForRequirements: (
      webReferenceNumber: string,
      items: readonly NewRequirementRequest[],
      actor: Actor,
    ) => askForRequirements(context, webReferenceNumber, items, actor),
    receiveRequirementDocuments: (
      webReferenceNumber: string,
      requirementIds: readonly string[],
      actor: Actor,
      options: ReceiveOptions = {},
    ) => receiveRequirementDocuments(context, webReferenceNumber, requirementIds, actor, options),
    decideRequirement: (
      webReferenceNumber: string,
      requirementId: string,
      answer: RequirementAnswer,
      actor: Actor,
    ) => decideRequirement(context, webReferenceNumber, requirementId, answer, actor),
    previewRequirements: (webReferenceNumber: string, items: readonly NewRequirementRequest[]) =>
      previewRequirements(context, webReferenceNumber, items),
  };
}
