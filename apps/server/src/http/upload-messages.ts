// The claimant's texts for files live in the domain, so the widget shows the same ones.
import { UPLOAD_FIELD_MESSAGES } from "@kalinga/domain/document-messages";

export { DOCUMENT_MESSAGES } from "@kalinga/domain/document-messages";

/** Texts of the document calls' HTTP layer (400/409/422); the widget shows its system error. */
export const DOCUMENT_ROUTE_MESSAGES = {
  notMultipart: "Send the file as multipart/form-data.",
  malformedMultipart:
    "The multipart/form-data body cannot be read: it needs a boundary and must end with the closing boundary.",
  oneFile: "Send exactly one file, in the part named file.",
  unexpectedField: "An upload has only the fields webReferenceNumber, slotKey, replace and file.",
  unexpectedRequirementField:
    "An upload for a request has only the fields webReferenceNumber, requirementId and file.",
  repeatedField: "Send each field once.",
  fileMissing: "Choose a file to upload.",
  ...UPLOAD_FIELD_MESSAGES,
} as const;
