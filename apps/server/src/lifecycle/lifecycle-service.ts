import {
  allowedNextStatuses,
  type ClaimStatus,
  claimClocks,
  everyOpenItemOverdue,
  isClaimStatus,
} from "@kalinga/domain/claim-lifecycle";
import { todayInManila } from "@kalinga/domain/dates";
import { setDecision, setPolicyMatch, touchClaim } from "../claims/claim-repository.ts";
import type { Database } from "../db/database.ts";
import { listStoredDocuments } from "../documents/document-repository.ts";
import type { MessageWordsOf } from "../notifications/message-locale.ts";
import { createClaimantNotifier, type MessagePreview } from "../notifications/notify-claimant.ts";
import {
  type ClaimListQuery,
  findSubmittedClaim,
  listSubmittedClaims,
} from "../submission/submission-repository.ts";
import type { Decision } from "../submission/submitted-claim.ts";
import {
  changeClaim,
  type LifecycleConfig,
  type LifecycleContext,
  type LifecycleRefusal,
  moveClaim,
  moveRefusal,
  statusChanges,
} from "./claim-moves.ts";
import {
  type Actor,
  listEvents,
  listRequirements,
  recordClaimEvent,
} from "./lifecycle-repository.ts";
import { createRequirementService } from "./requirement-service.ts";

// The rules of a submitted claim's life, applied in one transaction per change: the status moves
// only as the domain's table allows, each change writes its event, and what a claimant can see is
// queued for them by SMS and e-mail in the same transaction (docs/decisions/0050, 0051). The
// messages themselves are the notifications feature's: this service says what happened.

export type { MessagePreview } from "../notifications/notify-claimant.ts";
export type { LifecycleConfig, LifecycleRefusal } from "./claim-moves.ts";

type Answer<T> = Promise<T | LifecycleRefusal>;

async function changeStatus(
  context: LifecycleContext,
  webReferenceNumber: string,
  request: { status: string; reason: string | null; decision?: Decision | null },
  actor: Actor,
): Answer<{ status: ClaimStatus }> {
  return changeClaim(context, webReferenceNumber, async (tx, claim, now) => {
    const decision = request.decision ?? claim.decision;
    const open = await listRequirements(tx, claim.claimId);
    const refusal = moveRefusal(claim, request.status, {
      hasDecision: decision !== null,
      hasOverdueRequirements: everyOpenItemOverdue(open, todayInManila(now)),
    });
    if (refusal) return refusal;
    if (request.decision) {
      await setDecision(tx, claim.claimId, request.decision);
      claim.decision = request.decision;
      await recordClaimEvent(
        tx,
        claim.claimId,
        { kind: "decision", detail: request.decision },
        actor,
        now,
      );
    }
    const to = request.status as ClaimStatus;
    await moveClaim(context, tx, claim, { to, actor, reason: request.reason, now });
    return { status: claim.status };
  });
}

async function changePolicyMatch(
  context: LifecycleContext,
  webReferenceNumber: string,
  match: { policyNumber: string; matchCode: number },
  actor: Actor,
): Answer<{ policyNumber: string; matchCode: number }> {
  return changeClaim(context, webReferenceNumber, async (tx, claim, now) => {
    await setPolicyMatch(tx, claim.claimId, match.policyNumber, match.matchCode);
    // The policy number is not written into the event: the event says that it changed.
    await recordClaimEvent(
      tx,
      claim.claimId,
      { kind: "policy-match", detail: { matchCode: match.matchCode } },
      actor,
      now,
    );
    await touchClaim(tx, claim.claimId, now);
    return match;
  });
}

/**
 * The SMS and e-mail a status change would send, and to whom, without making it; null
 * messages when the claimant would not be told (their label stays the same).
 */
async function previewStatusChange(
  { db, notifier }: LifecycleContext,
  webReferenceNumber: string,
  request: { status: string; decision?: Decision | null },
): Promise<MessagePreview | null> {
  const claim = await findSubmittedClaim(db, webReferenceNumber);
  if (!claim || !isClaimStatus(request.status)) return null;
  const decision = request.decision ?? claim.decision;
  const news = { kind: "status-changed" as const, claim, from: claim.status, decision };
  return notifier.previewNews(db, { ...news, to: request.status });
}

/** Everything the insurer reads of one claim. */
async function readClaim({ db, config, clock }: LifecycleContext, webReferenceNumber: string) {
  const claim = await findSubmittedClaim(db, webReferenceNumber);
  if (!claim) return null;
  const [events, requirementItems, documents] = await Promise.all([
    listEvents(db, claim.claimId),
    listRequirements(db, claim.claimId),
    listStoredDocuments(db, claim.claimId),
  ]);
  const clocks = claimClocks({
    claimType: claim.claimType,
    changes: statusChanges(events),
    now: clock(),
    serviceLevelDays: config.serviceLevelDays[claim.claimType],
  });
  return {
    claim,
    events,
    requirements: requirementItems,
    documents,
    clocks,
    allowedNextStatuses: allowedNextStatuses(claim.status),
  };
}

/** A stored document of a submitted claim, by id. */
async function findDocument(db: Database, webReferenceNumber: string, documentId: string) {
  const claim = await findSubmittedClaim(db, webReferenceNumber);
  if (!claim) return null;
  const documents = await listStoredDocuments(db, claim.claimId);
  return documents.find((document) => document.id === documentId) ?? null;
}

/** The lifecycle calls bound to one context: the requirement calls and the claim's own. */
export function createLifecycleService(
  db: Database,
  config: LifecycleConfig,
  clock: () => Date,
  /** The published words of the claimant's messages (decision 0096). */
  wordsOf: MessageWordsOf,
) {
  const notifier = createClaimantNotifier({ ...config, wordsOf });
  const context: LifecycleContext = { db, config, clock, notifier };
  const requirements = createRequirementService(context);

  return {
    ...requirements,
    changeStatus: (
      webReferenceNumber: string,
      request: { status: string; reason: string | null; decision?: Decision | null },
      actor: Actor,
    ) => changeStatus(context, webReferenceNumber, request, actor),
    /**
     * A document for an open item arrived: receiveRequirementDocuments for one item, without the
     * claimant's acknowledgment.
     */
    async receiveRequirementDocument(
      webReferenceNumber: string,
      requirementId: string,
      actor: Actor,
    ): Answer<{ status: ClaimStatus }> {
      const result = await requirements.receiveRequirementDocuments(
        webReferenceNumber,
        [requirementId],
        actor,
      );
      return "refused" in result ? result : { status: result.status };
    },
    setPolicyMatch: (
      webReferenceNumber: string,
      match: { policyNumber: string; matchCode: number },
      actor: Actor,
    ) => changePolicyMatch(context, webReferenceNumber, match, actor),
    previewStatusChange: (
      webReferenceNumber: string,
      request: { status: string; decision?: Decision | null },
    ) => previewStatusChange(context, webReferenceNumber, request),
    readClaim: (webReferenceNumber: string) => readClaim(context, webReferenceNumber),
    listClaims: (query: ClaimListQuery) => listSubmittedClaims(db, query),
    findDocument: (webReferenceNumber: string, documentId: string) =>
      findDocument(db, webReferenceNumber, documentId),
  };
}

export type LifecycleService = ReturnType<typeof createLifecycleService>;
