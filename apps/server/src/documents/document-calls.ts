import { RETURN_CODES, type UploadedDocument } from "@kalinga/domain/claim-api";
import { CLAIM_RECORD_STATUS } from "@kalinga/domain/claim-record-status";
import { parseSlotKey } from "@kalinga/domain/upload-slots";
import { findClaim } from "../claims/claim-repository.ts";
import type { ServerConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import type { ClaimCallHandlers } from "../http/claim-call-routes.ts";
import { DOCUMENT_MESSAGES } from "../http/upload-messages.ts";
import { listDocuments, storedInSlot } from "./document-repository.ts";
import { deleteDocument, isDocumentChangeRefusal, storeDocument } from "./document-service.ts";
import type { DocumentStore } from "./document-store.ts";
import { isDocumentRefusal, prepareDocument } from "./prepare-document.ts";
import { toUploadedDocument } from "./uploaded-document.ts";

// uploadDocument, deleteDocument and listDocuments (docs/decisions/0025): the file is checked and
// converted (prepare-document.ts), then stored with the claim's and the slot's limits decided
// under the claim's lock (document-service.ts).

export function documentCalls(
  db: Database,
  config: ServerConfig,
  store: DocumentStore,
): Pick<ClaimCallHandlers, "uploadDocument" | "deleteDocument" | "listDocuments"> {
  return {
    async uploadDocument({ request, claim, body, file, now, complete }) {
      // The schema let only known slot keys through.
      const slot = parseSlotKey(body.slotKey);
      if (!slot) throw new Error("uploadDocument reached its handler with an unknown slot.");
      const { replace } = body;
      const current = await findClaim(db, claim.claimId);
      if (current?.status !== CLAIM_RECORD_STATUS.draft) {
        return { refused: "claim-closed", message: DOCUMENT_MESSAGES.claimClosed };
      }
      const prepared = await prepareDocument(file, file.filename, config.documents.file);
      if (isDocumentRefusal(prepared)) return prepared;
      // Refused before the disk write when already full; decided again under the claim lock.
      const existing = await storedInSlot(db, claim.claimId, slot.key);
      if (slot.max !== undefined && existing.length >= slot.max && !replace) {
        return { refused: "slot-full", message: DOCUMENT_MESSAGES.slotFull };
      }
      let response: { returnCode: typeof RETURN_CODES.ok; document: UploadedDocument } | null =
        null;
      const result = await storeDocument(db, store, {
        claimId: claim.claimId,
        slotKey: slot.key,
        prepared,
        now,
        limits: config.documents.claim,
        ...(slot.max === undefined ? {} : { slot: { max: slot.max, replace } }),
        inSameTransaction: async (tx, document) => {
          response = { returnCode: RETURN_CODES.ok, document: toUploadedDocument(document) };
          await complete?.(tx, response);
        },
      });
      if (isDocumentChangeRefusal(result)) return result;
      request.log.info(
        {
          webReferenceNumber: claim.webReferenceNumber,
          slotKey: slot.key,
          documentId: result.id,
          replace,
        },
        "document stored",
      );
      return response ?? { returnCode: RETURN_CODES.ok, document: toUploadedDocument(result) };
    },

    async deleteDocument({ request, claim, body, now }) {
      const result = await deleteDocument(db, store, {
        claimId: claim.claimId,
        documentId: body.documentId,
        now,
      });
      if (isDocumentChangeRefusal(result)) return result;
      request.log.info(
        { webReferenceNumber: claim.webReferenceNumber, documentId: result.id },
        "document deleted",
      );
      return { returnCode: RETURN_CODES.ok, documentId: result.id };
    },

    async listDocuments({ claim }) {
      const documents = await listDocuments(db, claim.claimId);
      return { returnCode: RETURN_CODES.ok, documents: documents.map(toUploadedDocument) };
    },
  };
}
