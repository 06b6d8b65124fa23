import { RETURN_CODES } from "@kalinga/domain/claim-api";
import {
  CLOSED_INCOMPLETE,
  type ClaimStatus,
  claimantSeesChange,
  claimClocks,
  expectedDecision,
  PENDING_REQUIREMENTS,
} from "@kalinga/domain/claim-lifecycle";
import { claimantDecision } from "@kalinga/domain/claim-messages";
import { TRACKING_MESSAGES as M, type TrackedRequirement } from "@kalinga/domain/claim-tracking";
import { todayInManila } from "@kalinga/domain/dates";
import { requestNameKey } from "@kalinga/domain/document-catalogue";
import { findClaim, verifiedNumberOf } from "../claims/claim-repository.ts";
import type { ServerConfig } from "../config.ts";
import type { Database, Queryable } from "../db/database.ts";
import { listDocuments, requirementDocuments } from "../documents/document-repository.ts";
import type { DocumentChangeRefusal } from "../documents/document-service.ts";
import { toUploadedDocument } from "../documents/uploaded-document.ts";
import type { ClaimAccess } from "../http/claim-token.ts";
import type { PortalIdentity } from "../http/portal-assertion.ts";
import {
  listEvents,
  listRequirements,
  lockRequirement,
} from "../lifecycle/lifecycle-repository.ts";
import { findSubmittedClaim } from "../submission/submission-repository.ts";
import { sentDocuments } from "./sent-documents.ts";
import { claimFiledWith, type TrackedClaim, type TrackingScope } from "./tracked-claims.ts";

// Which claims a tracking check may read and change, and what it reads of one: the rules the
// tracking calls share, between the calls and the repositories (docs/decisions/0055).

const closedItem: DocumentChangeRefusal = {
  refused: "requirement-closed",
  message: M.requirementClosed,
};
const overdueItem: DocumentChangeRefusal = {
  refused: "requirement-overdue",
  message: M.requirementOverdue,
};

const DAY_MS = 86_400_000;

export function createTrackingAccess(db: Database, config: ServerConfig) {
  /** Whose claims the check reads: the portal's user on a logged-in channel, else its verified number. */
  async function scopeOf(
    access: ClaimAccess,
    portal: PortalIdentity | null,
  ): Promise<TrackingScope | null> {
    if (portal) {
      const companyName = (await findClaim(db, access.claimId))?.companyName ?? "";
      return portal.kind === "member"
        ? { kind: "member", companyName, policies: portal.policies }
        : { kind: "agent", companyName, agentCode: portal.agentCode };
    }
    const mobile = await verifiedNumberOf(db, access.claimId);
    return mobile ? { kind: "number", mobile } : null;
  }

  async function trackedClaim(
    access: ClaimAccess,
    portal: PortalIdentity | null,
    webReferenceNumber: string,
  ): Promise<TrackedClaim | null> {
    const scope = await scopeOf(access, portal);
    return scope ? claimFiledWith(db, scope, webReferenceNumber) : null;
  }

  /**
   * Under the claim's lock: the item may take files while it is open and not past its due date,
   * or past it while a claim closed for incomplete requirements may still reopen (decision 0051).
   */
  function openItemCheck(claimId: string, requirementId: string, now: Date) {
    return async (tx: Queryable): Promise<DocumentChangeRefusal | null> => {
      const item = await lockRequirement(tx, claimId, requirementId);
      if (item?.state !== "open") return closedItem;
      if (item.dueDate >= todayInManila(now)) return null;
      const current = await findClaim(tx, claimId);
      if ((current?.status as string | undefined) !== CLOSED_INCOMPLETE) return overdueItem;
      const closedAt = (await listEvents(tx, claimId))
        .filter((e) => e.to === CLOSED_INCOMPLETE)
        .at(-1)?.at;
      const reopenable =
        closedAt && now.getTime() - closedAt.getTime() <= config.insurer.reopenDays * DAY_MS;
      return reopenable ? null : overdueItem;
    };
  }

  return { scopeOf, trackedClaim, openItemCheck };
}

/** Everything the claimant's status page shows of one tracked claim. */
export async function trackedClaimView(
  db: Database,
  config: ServerConfig,
  tracked: TrackedClaim,
  now: Date,
) {
  const { claimId, record } = tracked;
  const [events, requirements, filed, added, submitted] = await Promise.all([
    listEvents(db, claimId),
    listRequirements(db, claimId),
    listDocuments(db, claimId),
    requirementDocuments(db, claimId),
    findSubmittedClaim(db, record.webReferenceNumber),
  ]);
  const changes = events
    .filter((event) => event.kind === "status" && event.to)
    .map((event) => ({ to: event.to as ClaimStatus, at: event.at }));
  // Only the changes the claimant's label shows: "Under review" twice in a row is one step.
  const seen = changes.filter(
    (change, index) =>
      index === 0 || claimantSeesChange(changes[index - 1]?.to as ClaimStatus, change.to),
  );
  const clockInput = {
    claimType: record.claimInfo.type,
    changes,
    now,
    serviceLevelDays: config.insurer.serviceLevelDays[record.claimInfo.type],
  };
  const clocks = claimClocks(clockInput);
  const waiting = record.status === PENDING_REQUIREMENTS || record.status === CLOSED_INCOMPLETE;
  return {
    returnCode: RETURN_CODES.ok,
    claim: record,
    events: seen.map((change) => ({ status: change.to, at: change.at.toISOString() })),
    documents: sentDocuments({
      filed: filed
        .filter((document) => !document.slotKey.startsWith("REQ-"))
        .map((document) => ({
          slotKey: document.slotKey,
          name: document.displayName,
          size: document.sizeBytes,
        })),
      submittedAt: record.submittedAt,
      requirements,
      requested: added,
      payload: submitted?.payload ?? {},
    }),
    requirements: requirements.map(
      (item): TrackedRequirement => ({
        id: item.id,
        documentCd: item.documentCd,
        description: item.description,
        nameKey: requestNameKey(item),
        dueDate: item.dueDate,
        state: item.state,
        rejectionReason: item.rejectionReason,
        replaces: item.replaces,
        documents: added
          .filter((document) => document.requirementId === item.id)
          .map(toUploadedDocument),
      }),
    ),
    // The decision in the claimant's words, the payout account masked (decision 0067).
    decision: submitted ? claimantDecision(submitted.decision, submitted.payload) : null,
    // The 60 days run on the insurer's side once nothing is awaited from the claimant.
    deathClaimDaysLeft:
      record.claimInfo.type === "Death" && !waiting ? clocks.deathClaimDaysLeft : null,
    expectedDecision: expectedDecision(clockInput),
  };
}
