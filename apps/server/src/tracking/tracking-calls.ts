import { RETURN_CODES, type UploadedDocument } from "@kalinga/domain/claim-api";
import {
  CLOSED_INCOMPLETE,
  type ClaimStatus,
  claimantSeesChange,
  claimClocks,
  expectedDecision,
  PENDING_REQUIREMENTS,
} from "@kalinga/domain/claim-lifecycle";
import {
  TRACKING_MESSAGES as M,
  type SentDocument,
  type TrackedRequirement,
} from "@kalinga/domain/claim-tracking";
import { todayInManila } from "@kalinga/domain/dates";
import { formatFileSize } from "@kalinga/domain/document-files";
import { slotLabel } from "@kalinga/domain/upload-slots";
import { findClaim, startClaim } from "../claims/claim-repository.ts";
import type { ClaimAccess } from "../claims/claim-token.ts";
import type { ServerConfig } from "../config.ts";
import type { Database, Queryable } from "../db/database.ts";
import { toUploadedDocument } from "../documents/document-calls.ts";
import {
  type DocumentChangeRefusal,
  deleteDocument,
  isDocumentChangeRefusal,
  listDocuments,
  storeDocument,
} from "../documents/document-repository.ts";
import type { DocumentStore } from "../documents/document-store.ts";
import { isDocumentRefusal, prepareDocument } from "../documents/prepare-document.ts";
import { openDraftsForClaim } from "../drafts/draft-calls.ts";
import type { ClaimCallHandlers } from "../http/claim-call-routes.ts";
import {
  CLAIMANT,
  listEvents,
  listRequirements,
  type Requirement,
} from "../lifecycle/lifecycle-repository.ts";
import type { LifecycleService } from "../lifecycle/lifecycle-service.ts";
import { otpCallerOf } from "../otp/otp-calls.ts";
import type { OtpService } from "../otp/otp-service.ts";
import type { PortalIdentity } from "../portal/portal-assertion.ts";
import type { Refusal } from "../refusal.ts";
import {
  beneficiaryNames,
  claimFiledWith,
  claimsFiledWith,
  lockRequirement,
  type RequirementDocumentRow,
  requirementDocuments,
  type TrackedClaim,
  type TrackingScope,
  verifiedNumberOf,
} from "./tracking-repository.ts";

// The tracking calls (docs/decisions/0055): a tracking check starts like a claim, proves its number
// with the same OTP service, and its token then reads the claims filed with that number and adds,
// removes and sends files only for the open requests of those claims. Any other claim is "not
// found", whatever the reason, so a reference number reveals nothing.

const notFound: Refusal = { refused: "tracked-claim-not-found", message: M.claimNotFound };
const closedItem: DocumentChangeRefusal = {
  refused: "requirement-closed",
  message: M.requirementClosed,
};
const overdueItem: DocumentChangeRefusal = {
  refused: "requirement-overdue",
  message: M.requirementOverdue,
};

/** The slot a requested document is filed under: the request it answers. */
export const requirementSlotKey = (requirementId: string) => `REQ-${requirementId}`;

const DAY_MS = 86_400_000;

type FiledDocument = { slotKey: string; name: string; size: number };

/**
 * What the claimant sent, each under what it is (decision 0068): the claim's slots in the order
 * filed, the claim's own before each beneficiary's, then every request no longer open, with the
 * insurer's review and, for one not accepted, the open request that asks for it again.
 */
export function sentDocuments(input: {
  filed: readonly FiledDocument[];
  submittedAt: string;
  requirements: readonly Requirement[];
  requested: readonly RequirementDocumentRow[];
  beneficiaries: ReadonlyMap<number, string>;
}): SentDocument[] {
  const fileOf = (name: string, size: number) => ({ name, sizeText: formatFileSize(size) });
  const bySlot = new Map<string, SentDocument & { position: number }>();
  for (const document of input.filed) {
    const known = bySlot.get(document.slotKey);
    if (known) {
      known.files.push(fileOf(document.name, document.size));
      continue;
    }
    const slot = slotLabel(document.slotKey);
    const position = slot?.beneficiaryIndex;
    bySlot.set(document.slotKey, {
      title: slot?.label ?? document.name,
      beneficiary:
        position === undefined ? null : { position, name: input.beneficiaries.get(position) ?? "" },
      requirementId: null,
      state: "received",
      rejectionReason: null,
      replacement: null,
      receivedAt: input.submittedAt,
      files: [fileOf(document.name, document.size)],
      position: position ?? 0,
    });
  }
  const filed = [...bySlot.values()]
    .sort((a, b) => a.position - b.position)
    .map(({ position: _, ...document }) => document);
  const requested = input.requirements
    .filter((item) => item.state !== "open")
    .map((item): SentDocument => {
      const again = input.requirements.find(
        (other) => other.replaces === item.id && other.state === "open",
      );
      return {
        title: item.description,
        beneficiary: null,
        requirementId: item.id,
        state: item.state === "accepted" || item.state === "rejected" ? item.state : "received",
        rejectionReason: item.state === "rejected" ? item.rejectionReason : null,
        replacement:
          item.state === "rejected" && again ? { id: again.id, dueDate: again.dueDate } : null,
        receivedAt: (item.receivedAt ?? item.askedAt).toISOString(),
        files: input.requested
          .filter((document) => document.requirementId === item.id && document.sent)
          .map((document) => fileOf(document.displayName, document.sizeBytes)),
      };
    });
  return [...filed, ...requested];
}

export function trackingCalls(deps: {
  db: Database;
  config: ServerConfig;
  store: DocumentStore;
  otpService: OtpService;
  lifecycle: LifecycleService;
}): Pick<
  ClaimCallHandlers,
  | "initClaimTracking"
  | "requestTrackingOneTimePIN"
  | "listTrackedClaims"
  | "readTrackedClaim"
  | "uploadRequirementDocument"
  | "deleteRequirementDocument"
  | "sendRequirementDocuments"
> {
  const { db, config, store, otpService, lifecycle } = deps;

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
      const { rows } = await tx.query<{ status: ClaimStatus }>(
        "SELECT status FROM claims WHERE id = $1",
        [claimId],
      );
      if (rows[0]?.status !== CLOSED_INCOMPLETE) return overdueItem;
      const closedAt = (await listEvents(tx, claimId))
        .filter((e) => e.to === CLOSED_INCOMPLETE)
        .at(-1)?.at;
      const reopenable =
        closedAt && now.getTime() - closedAt.getTime() <= config.insurer.reopenDays * DAY_MS;
      return reopenable ? null : overdueItem;
    };
  }

  return {
    async initClaimTracking({ request, body, now, portal }) {
      const { claim, token } = await startClaim(db, {
        companyName: body.basicInformation.companyName,
        channelName: body.basicInformation.channelName,
        now,
        tokenExpiresAt: new Date(now.getTime() + config.token.maxAgeSeconds * 1000),
        purpose: "tracking",
        // On the logged-in channels the portal's sign-in proves the user: no OTP (decision 0059).
        tokenRights: portal ? "otp-verified" : "unverified",
      });
      request.log.info({ trackingReference: claim.webReferenceNumber }, "tracking started");
      const { webReferenceNumber } = claim;
      return portal
        ? { returnCode: RETURN_CODES.ok, webReferenceNumber, token, verified: true as const }
        : { returnCode: RETURN_CODES.ok, webReferenceNumber, token };
    },

    requestTrackingOneTimePIN: ({ claim, body, request }) =>
      otpService.sendCode(claim, "request", body.mobileNumber, otpCallerOf(request)),

    async listTrackedClaims({ claim, now, portal }) {
      const scope = await scopeOf(claim, portal);
      const claims = scope ? await claimsFiledWith(db, scope) : [];
      return {
        returnCode: RETURN_CODES.ok,
        claims: claims.map((tracked) => tracked.record),
        drafts: await openDraftsForClaim(db, claim.claimId, now),
      };
    },

    async readTrackedClaim({ claim, body, now, portal }) {
      const tracked = await trackedClaim(claim, portal, body.webReferenceNumber);
      if (!tracked) return notFound;
      const { claimId, record } = tracked;
      const [events, requirements, filed, added, beneficiaries] = await Promise.all([
        listEvents(db, claimId),
        listRequirements(db, claimId),
        listDocuments(db, claimId),
        requirementDocuments(db, claimId),
        beneficiaryNames(db, claimId),
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
      const documentsOf = (id: string): UploadedDocument[] =>
        added
          .filter((document) => document.requirementId === id)
          .map((document) => ({
            id: document.id,
            slotKey: document.slotKey,
            name: document.displayName,
            sizeBytes: document.sizeBytes,
            sizeText: formatFileSize(document.sizeBytes),
          }));
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
          beneficiaries,
        }),
        requirements: requirements.map(
          (item): TrackedRequirement => ({
            id: item.id,
            documentCd: item.documentCd,
            description: item.description,
            dueDate: item.dueDate,
            state: item.state,
            rejectionReason: item.rejectionReason,
            replaces: item.replaces,
            documents: documentsOf(item.id),
          }),
        ),
        // The 60 days run on the insurer's side once nothing is awaited from the claimant.
        deathClaimDaysLeft:
          record.claimInfo.type === "Death" && !waiting ? clocks.deathClaimDaysLeft : null,
        expectedDecision: expectedDecision(clockInput),
      };
    },

    async uploadRequirementDocument({ request, claim, body, file, now, complete, portal }) {
      const tracked = await trackedClaim(claim, portal, body.webReferenceNumber);
      if (!tracked) return notFound;
      const check = openItemCheck(tracked.claimId, body.requirementId, now);
      // Refused before the file is converted when already closed; decided again under the lock.
      const early = await db.transaction((tx) => check(tx));
      if (early) return early;
      const prepared = await prepareDocument(file.bytes, file.filename, config.documents.file);
      if (isDocumentRefusal(prepared)) return prepared;
      let response: {
        returnCode: typeof RETURN_CODES.ok;
        requirementId: string;
        document: UploadedDocument;
      } | null = null;
      const result = await storeDocument(db, store, {
        claimId: tracked.claimId,
        slotKey: requirementSlotKey(body.requirementId),
        prepared,
        now,
        limits: config.documents.claim,
        requirement: { id: body.requirementId, lockOpen: check },
        inSameTransaction: async (tx, document) => {
          response = {
            returnCode: RETURN_CODES.ok,
            requirementId: body.requirementId,
            document: toUploadedDocument(document),
          };
          await complete?.(tx, response);
        },
      });
      if (isDocumentChangeRefusal(result)) return result;
      request.log.info(
        {
          webReferenceNumber: body.webReferenceNumber,
          requirementId: body.requirementId,
          documentId: result.id,
        },
        "requested document stored",
      );
      return (
        response ?? {
          returnCode: RETURN_CODES.ok,
          requirementId: body.requirementId,
          document: toUploadedDocument(result),
        }
      );
    },

    async deleteRequirementDocument({ claim, body, now, portal }) {
      const tracked = await trackedClaim(claim, portal, body.webReferenceNumber);
      if (!tracked) return notFound;
      const document = (await requirementDocuments(db, tracked.claimId)).find(
        (d) => d.id === body.documentId,
      );
      // A sent file is the insurer's to keep; only a file not sent yet can be removed.
      if (!document || document.sent) return { refused: "not-found", message: M.claimNotFound };
      const result = await deleteDocument(db, store, {
        claimId: tracked.claimId,
        documentId: document.id,
        now,
        lockOpen: openItemCheck(tracked.claimId, document.requirementId, now),
      });
      if (isDocumentChangeRefusal(result)) return result;
      return { returnCode: RETURN_CODES.ok, documentId: result.id };
    },

    async sendRequirementDocuments({ request, claim, body, complete, portal }) {
      const tracked = await trackedClaim(claim, portal, body.webReferenceNumber);
      if (!tracked) return notFound;
      const open = new Set(
        (await listRequirements(db, tracked.claimId))
          .filter((i) => i.state === "open")
          .map((i) => i.id),
      );
      const withFiles = [
        ...new Set(
          (await requirementDocuments(db, tracked.claimId))
            .filter((document) => !document.sent && open.has(document.requirementId))
            .map((document) => document.requirementId),
        ),
      ];
      if (withFiles.length === 0) return { refused: "nothing-to-send", message: M.nothingToSend };
      const result = await lifecycle.receiveRequirementDocuments(
        tracked.record.webReferenceNumber,
        withFiles,
        CLAIMANT,
        {
          acknowledge: true,
          inSameTransaction: async (tx, answer) => {
            await complete?.(tx, {
              returnCode: RETURN_CODES.ok,
              status: answer.status,
              sent: answer.received,
            });
          },
        },
      );
      if ("refused" in result) {
        return result.refused === "reopen-period-over"
          ? { refused: "requirement-overdue", message: M.requirementOverdue }
          : { refused: "requirement-closed", message: M.requirementClosed };
      }
      request.log.info(
        {
          webReferenceNumber: body.webReferenceNumber,
          sent: result.received.length,
          status: result.status,
        },
        "requested documents sent",
      );
      return { returnCode: RETURN_CODES.ok, status: result.status, sent: result.received };
    },
  };
}
