import type { UploadedDocument } from "@kalinga/domain/claim-api";
import { RETURN_CODES } from "@kalinga/domain/claim-api-names";
import type { ClaimCallResponse } from "@kalinga/domain/claim-calls";
import type { ReadTrackedClaimResponse } from "@kalinga/domain/claim-tracking";
import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import {
  type ClaimCallPayload,
  type ClaimResponse,
  callClaimApi,
  type JsonClaimCall,
} from "../api/claim-api-client.ts";
import { uploadDocument } from "../api/document-upload.ts";
import { systemError } from "../api/system-error.ts";
import type { DocumentStore } from "../documents/use-claim-documents.ts";
import * as trackingSession from "../session/tracking-session.ts";

// The tracking check's calls (decision 0055): every one carries the check's token, never the token
// of a claim being filed in the same tab. A check whose token has ended starts over.

const CHECK_ROUTE = "/claims-tracking";

/** An answer that means the check itself has ended (token expired, revoked or not verified). */
function checkHasEnded(response: ClaimResponse<unknown>): boolean {
  return !response.ok && (response.status === 401 || response.status === 403);
}

/** Ends a check the server no longer takes: it is forgotten, and the claimant starts a new one. */
export function useEndCheck(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    trackingSession.endCheck();
    navigate(CHECK_ROUTE, { replace: true });
  }, [navigate]);
}

/**
 * A tracking answer other than a success: an ended check starts over, the server's 417 gives the
 * claimant its own words, anything unforeseen raises the system-error popup.
 */
export function answerTrackingFailure(
  response: ClaimResponse<unknown>,
  endCheck: () => void,
  refuse: (message: string) => void,
): void {
  if (checkHasEnded(response)) endCheck();
  else if (!response.ok && response.status === 417 && typeof response.data?.message === "string") {
    refuse(response.data.message);
  } else systemError.show();
}

export function callTracking<K extends JsonClaimCall>(
  call: K,
  payload: ClaimCallPayload<K>,
  idempotencyKey?: string,
) {
  return callClaimApi(call, payload, idempotencyKey, { caller: "tracking" });
}

export type Loaded<T> =
  | { state: "loading" }
  | { state: "ready"; data: T }
  /** The server's 417 with the claimant's message (a reference this number did not file…). */
  | { state: "refused"; message: string };

/**
 * Runs a tracking call when the screen opens (and on reload()); an ended check goes back to the
 * check screen, anything unforeseen raises the system-error popup. A null payload waits.
 */
export function useTrackingCall<K extends JsonClaimCall>(
  call: K,
  payload: ClaimCallPayload<K> | null,
) {
  const endCheck = useEndCheck();
  const [loaded, setLoaded] = useState<Loaded<ClaimCallResponse<K>>>({ state: "loading" });
  const [round, setRound] = useState(0);
  // The payload is compared as its JSON text, so a new object with the same fields calls once.
  const body = payload === null ? null : JSON.stringify(payload);
  // biome-ignore lint/correctness/useExhaustiveDependencies: round asks for the same call again
  useEffect(() => {
    if (body === null) return;
    let current = true;
    void callTracking(call, JSON.parse(body) as ClaimCallPayload<K>).then((response) => {
      if (!current) return;
      if (response.ok) setLoaded({ state: "ready", data: response.data });
      else {
        answerTrackingFailure(response, endCheck, (message) =>
          setLoaded({ state: "refused", message }),
        );
      }
    });
    return () => {
      current = false;
    };
  }, [call, body, round, endCheck]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { loaded, reload };
}

/** The claim the check looks at (its reference, if one is chosen), as readTrackedClaim gives it. */
export function useTrackedClaim() {
  const webReferenceNumber = trackingSession.trackedClaim();
  const { loaded } = useTrackingCall(
    "readTrackedClaim",
    webReferenceNumber ? { webReferenceNumber } : null,
  );
  return { webReferenceNumber, loaded };
}

/** The requests a claimant can still answer with a file. */
export function openRequirements(claim: ReadTrackedClaimResponse) {
  return claim.requirements.filter((requirement) => requirement.state === "open");
}

/**
 * The abeyance upload's store: the open requests of one tracked claim, each a slot keyed by the
 * request's id, holding the files added and not sent yet.
 */
export function requirementStore(claim: ReadTrackedClaimResponse): DocumentStore {
  const { webReferenceNumber } = claim.claim;
  const waiting: UploadedDocument[] = openRequirements(claim).flatMap((requirement) =>
    requirement.documents.map((document) => ({ ...document, slotKey: requirement.id })),
  );
  return {
    list: async () => waiting,
    async upload(request) {
      const outcome = await uploadDocument({ ...request, requirementOf: { webReferenceNumber } });
      // The server files it under its own slot name for requests; the screen keys it by the request.
      return outcome.ok
        ? { ...outcome, document: { ...outcome.document, slotKey: request.slotKey } }
        : outcome;
    },
    async remove(documentId) {
      const response = await callTracking("deleteRequirementDocument", {
        webReferenceNumber,
        documentId,
      });
      return response.ok || response.returnCode === RETURN_CODES.documentNotFound;
    },
  };
}
