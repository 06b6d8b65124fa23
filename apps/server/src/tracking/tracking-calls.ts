import { RETURN_CODES, type UploadedDocument } from "@kalinga/domain/claim-api";
import { TRACKING_MESSAGES as M } from "@kalinga/domain/claim-tracking";
import { startClaimPastGate } from "../claims/claim-start.ts";
import type { ServerConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import { requirementDocuments } from "../documents/document-repository.ts";
import {
  deleteDocument,
  isDocumentChangeRefusal,
  storeDocument,
} from "../documents/document-service.ts";
import type { DocumentStore } from "../documents/document-store.ts";
import { isDocumentRefusal, prepareDocument } from "../documents/prepare-document.ts";
import { toUploadedDocument } from "../documents/uploaded-document.ts";
import { openDraftsForClaim } from "../drafts/draft-service.ts";
import type {
  ClaimCallHandler,
  ClaimCallHandlers,
  ClaimCallInput,
} from "../http/claim-call-routes.ts";
import { CLAIMANT, listRequirements } from "../lifecycle/lifecycle-repository.ts";
import type { LifecycleService } from "../lifecycle/lifecycle-service.ts";
import { otpCallerOf } from "../otp/otp-caller.ts";
import type { OtpService } from "../otp/otp-service.ts";
import type { Refusal } from "../refusal.ts";
import { requirementSlotKey } from "./sent-documents.ts";
import { claimsFiledWith } from "./tracked-claims.ts";
import { createTrackingAccess, trackedClaimView } from "./tracking-service.ts";

// The tracking calls (docs/decisions/0055): a tracking check starts like a claim, proves its number
// with the same OTP service, and its token then reads the claims filed with that number and adds,
// removes and sends files only for the open requests of those claims. Any other claim is "not
// found", whatever the reason, so a reference number reveals nothing.

const notFound: Refusal = { refused: "tracked-claim-not-found", message: M.claimNotFound };

type TrackingCallDeps = {
  db: Database;
  config: ServerConfig;
  store: DocumentStore;
  otpService: OtpService;
  lifecycle: LifecycleService;
  tracking: ReturnType<typeof createTrackingAccess>;
};

/** Stores a file for an open request of a tracked claim. */
async function uploadRequirementDocument(
  { db, config, store, tracking }: TrackingCallDeps,
  {
    request,
    claim,
    body,
    file,
    now,
    complete,
    portal,
  }: ClaimCallInput<"uploadRequirementDocument">,
): ReturnType<ClaimCallHandler<"uploadRequirementDocument">> {
  const tracked = await tracking.trackedClaim(claim, portal, body.webReferenceNumber);
  if (!tracked) return notFound;
  const check = tracking.openItemCheck(tracked.claimId, body.requirementId, now);
  // Refused before the file is converted when already closed; decided again under the lock.
  const early = await db.transaction((tx) => check(tx));
  if (early) return early;
  const prepared = await prepareDocument(file, file.filename, config.documents.file);
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
}

/** Sends the unsent files of the open requests: the claim moves on and the claimant is told. */
async function sendRequirementDocuments(
  { db, tracking, lifecycle }: TrackingCallDeps,
  { request, claim, body, complete, portal }: ClaimCallInput<"sendRequirementDocuments">,
): ReturnType<ClaimCallHandler<"sendRequirementDocuments">> {
  const tracked = await tracking.trackedClaim(claim, portal, body.webReferenceNumber);
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
}

export function trackingCalls(
  deps: Omit<TrackingCallDeps, "tracking">,
): Pick<
  ClaimCallHandlers,
  | "initClaimTracking"
  | "requestTrackingOneTimePIN"
  | "listTrackedClaims"
  | "readTrackedClaim"
  | "uploadRequirementDocument"
  | "deleteRequirementDocument"
  | "sendRequirementDocuments"
> {
  const { db, config, store, otpService } = deps;

  const tracking = createTrackingAccess(db, config);
  const calls: TrackingCallDeps = { ...deps, tracking };

  return {
    async initClaimTracking({ request, body, now, portal, gate }) {
      const input = {
        companyName: body.basicInformation.companyName,
        channelName: body.basicInformation.channelName,
        now,
        tokenExpiresAt: new Date(now.getTime() + config.token.maxAgeSeconds * 1000),
        purpose: "tracking" as const,
        // On the logged-in channels the portal's sign-in proves the user: no OTP (decision 0059).
        tokenRights: portal ? ("otp-verified" as const) : ("unverified" as const),
      };
      const { claim, token } = await startClaimPastGate(db, input, gate);
      request.log.info({ trackingReference: claim.webReferenceNumber }, "tracking started");
      const { webReferenceNumber } = claim;
      return portal
        ? { returnCode: RETURN_CODES.ok, webReferenceNumber, token, verified: true as const }
        : { returnCode: RETURN_CODES.ok, webReferenceNumber, token };
    },

    requestTrackingOneTimePIN: ({ claim, body, request, gate }) =>
      otpService.sendCode(claim, "request", body.mobileNumber, otpCallerOf(request, gate)),

    async listTrackedClaims({ claim, now, portal }) {
      const scope = await tracking.scopeOf(claim, portal);
      const claims = scope ? await claimsFiledWith(db, scope) : [];
      return {
        returnCode: RETURN_CODES.ok,
        claims: claims.map((tracked) => tracked.record),
        drafts: await openDraftsForClaim(db, claim.claimId, now),
      };
    },

    async readTrackedClaim({ claim, body, now, portal }) {
      const tracked = await tracking.trackedClaim(claim, portal, body.webReferenceNumber);
      if (!tracked) return notFound;
      return trackedClaimView(db, config, tracked, now);
    },

    uploadRequirementDocument: (input) => uploadRequirementDocument(calls, input),
    async deleteRequirementDocument({ claim, body, now, portal }) {
      const tracked = await tracking.trackedClaim(claim, portal, body.webReferenceNumber);
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
        lockOpen: tracking.openItemCheck(tracked.claimId, document.requirementId, now),
      });
      if (isDocumentChangeRefusal(result)) return result;
      return { returnCode: RETURN_CODES.ok, documentId: result.id };
    },

    sendRequirementDocuments: (input) => sendRequirementDocuments(calls, input),
  };
}
