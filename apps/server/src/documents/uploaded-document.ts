import type { UploadedDocument } from "@kalinga/domain/claim-api";
import { formatFileSize } from "@kalinga/domain/document-files";
import type { ClaimDocument } from "./document-repository.ts";

/** A stored file as every claimant call answers it: its name, slot and readable size. */
export function toUploadedDocument(
  document: Pick<ClaimDocument, "id" | "slotKey" | "displayName" | "sizeBytes">,
): UploadedDocument {
  return {
    id: document.id,
    slotKey: document.slotKey,
    name: document.displayName,
    sizeBytes: document.sizeBytes,
    sizeText: formatFileSize(document.sizeBytes),
  };
}
