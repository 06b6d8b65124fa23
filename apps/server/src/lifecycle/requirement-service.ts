import {
  CLOSED_INCOMPLETE,
  type ClaimStatus,
  PENDING_REQUIREMENTS,
  REVIEW_OF_REQUIREMENTS,
} from "@kalinga/domain/claim-lifecycle";
import { todayInManila } from "@kalinga/domain/dates";
import { findSubmittedClaim, type SubmittedClaim, touchClaim } from "../claims/claim-repository.ts";
import type { Queryable } from "../db/database.ts";
import { markRequirementDocumentsSent } from "../documents/document-repository.ts";
import type { MessagePreview } from "../notifications/notify-claimant.ts";
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

export function createRequirementService(context: LifecycleContext) {
  const { db, config, clock, notifier } = context;

  /** The requested items with a due date each: the default when the request gave none. */
  const withDueDates = (items: readonly NewRequirementRequest[], now: Date) => {
    const defaultDue = addDays(todayInManila(now), config.requirementDueDays);
    return items.map((item) => ({ ...item, dueDate: item.dueDate ?? defaultDue }));
  };

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
    tx: Queryable,
    claim: SubmittedClaim,
    item: { id: string; documentCd: string | null; description: string },
    reason: string,
    actor: Actor,
    now: Date,
  ): Promise<void> {
    const dueDate = addDays(todayInManila(now), config.requirementDueDays);
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
    await notifier.notifyClaimant(
      tx,
      { kind: "document-not-accepted", claim, item: notAccepted },
      now,
    );
  }

  return {
    /** Asks for everything missing at once; the claim moves to PENDING and the claimant is told. */
    async askForRequirements(
      webReferenceNumber: string,
      items: readonly NewRequirementRequest[],
      actor: Actor,
    ): Promise<{ status: ClaimStatus; requirementIds: string[] } | LifecycleRefusal> {
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
        const rows = withDueDates(items, now);
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
        await notifier.notifyClaimant(
          tx,
          { kind: "requirements-requested", claim, items: rows },
          now,
        );
        return { status: claim.status, requirementIds: ids };
      });
    },

    /**
     * The claimant sent documents for these open items, in one transaction: each is received, its
     * files are marked sent, and when none is left open a pending claim moves to UNDER REVIEW DUE
     * TO INCOMPLETE REQUIREMENTS by itself, and a closed one reopens there if it is still within
     * the reopen period. The claimant's acknowledgment is queued (naming the new status when it
     * changed). `inSameTransaction` runs last, so an Idempotency-Key completes with the change or
     * not at all.
     */
    async receiveRequirementDocuments(
      webReferenceNumber: string,
      requirementIds: readonly string[],
      actor: Actor,
      options: ReceiveOptions = {},
    ): Promise<{ status: ClaimStatus; received: string[] } | LifecycleRefusal> {
      return changeClaim(context, webReferenceNumber, async (tx, claim, now) => {
        if (
          claim.status === CLOSED_INCOMPLETE &&
          reopenPeriodOver(
            await listEvents(tx, claim.claimId),
            CLOSED_INCOMPLETE,
            now,
            config.reopenDays,
          )
        ) {
          return { refused: "reopen-period-over" as const };
        }
        const received = await receiveItems(tx, claim, requirementIds, actor, now);
        if (received.length === 0) return { refused: "requirement-not-found" as const };
        await touchClaim(tx, claim.claimId, now);
        const before = claim.status;
        const stillOpen = (await listRequirements(tx, claim.claimId)).some(
          (i) => i.state === "open",
        );
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
          await notifier.notifyClaimant(tx, news, now);
        }
        const answer = { status: claim.status, received };
        await options.inSameTransaction?.(tx, answer);
        return answer;
      });
    },

    /** Accepts a received item, or rejects it with a reason and asks for it again. */
    async decideRequirement(
      webReferenceNumber: string,
      requirementId: string,
      answer: RequirementAnswer,
      actor: Actor,
    ): Promise<{ status: ClaimStatus } | LifecycleRefusal> {
      return changeClaim(context, webReferenceNumber, async (tx, claim, now) => {
        const item = (await listRequirements(tx, claim.claimId)).find(
          (i) => i.id === requirementId,
        );
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
        if (!answer.accept) await askAgain(tx, claim, item, answer.reason, actor, now);
        return { status: claim.status };
      });
    },

    /** The SMS and e-mail a request for these items would send, and to whom, without asking. */
    async previewRequirements(
      webReferenceNumber: string,
      items: readonly NewRequirementRequest[],
    ): Promise<MessagePreview | null> {
      const claim = await findSubmittedClaim(db, webReferenceNumber);
      if (!claim) return null;
      const rows = withDueDates(items, clock());
      return notifier.previewNews({ kind: "requirements-requested", claim, items: rows });
    },
  };
}
