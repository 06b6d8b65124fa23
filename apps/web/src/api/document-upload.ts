import type { UploadedDocument } from "@kalinga/domain/claim-api";
import {
  CONTINUED_ELSEWHERE,
  UPLOAD_DOCUMENT_FIELDS as FIELDS,
  RETURN_CODES,
} from "@kalinga/domain/claim-api-names";
import { REQUEST_TIMEOUT_MS } from "@kalinga/domain/constants";
import { DOCUMENT_MESSAGES } from "@kalinga/domain/document-messages";
import { DECIDED_MESSAGES } from "@kalinga/domain/messages";
import {
  againWhileInFlight,
  type ClaimCallAnswer,
  claimCallHeaders,
  claimCallUrl,
  claimReference,
} from "./claim-api-client.ts";
import { systemError } from "./system-error.ts";

// uploadDocument (docs/decisions/0025), and uploadRequirementDocument for what the insurer asked
// after the submit (0055), over XMLHttpRequest: fetch cannot report upload progress, and a
// claimant on mobile data needs to see that a 900 KB photo is moving.

export type UploadOutcome =
  | { ok: true; document: UploadedDocument }
  /** `message` is what the claimant reads; `retry` says whether sending it again may help. */
  | { ok: false; message: string; retry: boolean };

export type UploadRequest = {
  slotKey: string;
  file: Blob;
  fileName: string;
  /** Swap the slot's one file for this one (one-file slots). */
  replace: boolean;
  /** The same key on every attempt of the same file, so a retry never stores it twice. */
  idempotencyKey: string;
  onProgress: (fraction: number) => void;
  /** The file is sent again while its first try's key is still held (409): the row says so. */
  onResend?: () => void;
  signal?: AbortSignal;
  /** A file for the insurer's request `slotKey` of this tracked claim, sent with the tracking check's token. */
  requirementOf?: { webReferenceNumber: string };
};

/** The connection failed or the answer was not the API's: the same file may go again. */
const INTERRUPTED: UploadOutcome = {
  ok: false,
  message: DOCUMENT_MESSAGES.uploadInterrupted,
  retry: true,
};

export function uploadDocument(request: UploadRequest): Promise<UploadOutcome> {
  const form = new FormData();
  const tracked = request.requirementOf;
  form.append(FIELDS.webReferenceNumber, tracked?.webReferenceNumber ?? claimReference());
  if (tracked) {
    form.append(FIELDS.requirementId, request.slotKey);
  } else {
    form.append(FIELDS.slotKey, request.slotKey);
    form.append(FIELDS.replace, String(request.replace));
  }
  form.append(FIELDS.file, request.file, request.fileName);
  // Its key held by an attempt whose server died: sent again once that attempt's lease runs out,
  // unless the claimant cancelled meanwhile.
  const send = () =>
    request.signal?.aborted
      ? Promise.resolve({ status: 0, outcome: INTERRUPTED })
      : sendForm(request, form);
  return againWhileInFlight(send, request.onResend).then(({ outcome }) => outcome);
}

/** One sending of the form; status 409 (its key in flight) is told apart for a repeat. */
function sendForm(
  request: UploadRequest,
  form: FormData,
): Promise<{ status: number; outcome: UploadOutcome }> {
  const tracked = request.requirementOf;
  const caller = tracked ? "tracking" : "claim";
  return new Promise((resolved) => {
    const xhr = new XMLHttpRequest();
    const resolve = (outcome: UploadOutcome) => resolved({ status: xhr.status, outcome });
    const interrupted = () => resolve(INTERRUPTED);
    xhr.open("POST", claimCallUrl(tracked ? "uploadRequirementDocument" : "uploadDocument"));
    for (const [name, value] of Object.entries(claimCallHeaders(request.idempotencyKey, caller))) {
      xhr.setRequestHeader(name, value);
    }
    xhr.responseType = "json";
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) request.onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as ClaimCallAnswer<
        "uploadDocument" | "uploadRequirementDocument"
      > | null;
      if (xhr.status === 200 && body?.returnCode === RETURN_CODES.ok && body.document) {
        resolve({ ok: true, document: body.document });
        return;
      }
      // The server's refusals (417, 413) carry the claimant's message; anything else is transient.
      if ((xhr.status === 417 || xhr.status === 413) && typeof body?.message === "string") {
        resolve({ ok: false, message: body.message, retry: false });
        return;
      }
      // The claim went on on another device: the tab says so (decision 0069).
      if (xhr.status === 401 && body?.reason === CONTINUED_ELSEWHERE && !tracked) {
        systemError.continuedElsewhere(claimReference());
      }
      // The upload limit: the same file may go again once the window has passed.
      if (xhr.status === 429) {
        resolve({ ok: false, message: DECIDED_MESSAGES.tooManyRequests, retry: true });
        return;
      }
      interrupted();
    };
    xhr.onerror = interrupted;
    xhr.ontimeout = interrupted;
    xhr.onabort = interrupted;
    request.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
