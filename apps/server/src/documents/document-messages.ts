// The claimant's texts for files live in the domain, so the widget shows the same ones.
export {
  DOCUMENT_MESSAGES,
  formatSizeLimit as formatFileSize,
} from "@kalinga/domain/document-messages";

/** Texts of the document calls' HTTP layer (400/409/422); the widget shows its system error. */
export const DOCUMENT_ROUTE_MESSAGES = {
  notMultipart: "Send the file as multipart/form-data.",
  malformedMultipart:
    "The multipart/form-data body cannot be read: it needs a boundary and must end with the closing boundary.",
  oneFile: "Send exactly one file, in the part named file.",
  unexpectedField: "An upload has only the fields webReferenceNumber, slotKey, replace and file.",
  repeatedField: "Send each field once.",
  fileMissing: "Choose a file to upload.",
  badReference: "Not a web reference number.",
  unknownSlot: "This document slot does not exist.",
  badReplace: 'replace is "true" or "false".',
  badIdempotencyKey: "The Idempotency-Key header must be 1 to 255 printable characters.",
  idempotencyMismatch: "This Idempotency-Key was used for another request.",
  idempotencyInFlight: "A request with this Idempotency-Key is still running.",
} as const;
