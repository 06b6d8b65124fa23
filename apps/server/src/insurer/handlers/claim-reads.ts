import { isClaimStatus } from "@kalinga/domain/claim-lifecycle";
import { CLAIM_PAGE_SIZE, LIFECYCLE_REQUEST_MESSAGES } from "@kalinga/domain/lifecycle-requests";
import type { DocumentStore } from "../../documents/document-store.ts";
import type { LifecycleService } from "../../lifecycle/lifecycle-service.ts";
import { claimSummary, claimView, decodeCursor, encodeCursor } from "../claim-views.ts";
import type { InsurerAudit } from "../insurer-audit.ts";
import type { InsurerCallHandler } from "../insurer-call.ts";
import { INSURER_MESSAGES } from "../insurer-texts.ts";

// The insurer's reads: the list of submitted claims page by page, one claim whole, a stored
// document's bytes. Each read, and each refused one, is an audit row naming the key.

type ReadContext = {
  lifecycle: LifecycleService;
  documentStore: DocumentStore;
  record: InsurerAudit;
};

export function listClaims({ lifecycle, record }: ReadContext): InsurerCallHandler<"listClaims"> {
  return async ({ actor, query }) => {
    const { status, updatedSince, cursor } = query;
    const limit = query.limit ?? CLAIM_PAGE_SIZE;
    const after = cursor === undefined ? null : decodeCursor(cursor);
    if (cursor !== undefined && !after) {
      const message = LIFECYCLE_REQUEST_MESSAGES.badCursor;
      return {
        refused: "invalid-request",
        problems: [{ field: "cursor", rule: "format", message }],
      };
    }
    const rows = await lifecycle.listClaims({
      status: status !== undefined && isClaimStatus(status) ? status : null,
      updatedSince: updatedSince === undefined ? null : new Date(updatedSince),
      after,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    await record(actor, "claims.list", null, {
      count: page.length,
      filters: { status: status ?? null, updatedSince: updatedSince ?? null, limit },
    });
    return {
      claims: page.map(claimSummary),
      nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
    };
  };
}

export function readClaim({ lifecycle, record }: ReadContext): InsurerCallHandler<"readClaim"> {
  return async ({ request, actor, params }) => {
    const ref = params.webReferenceNumber;
    const read = await lifecycle.readClaim(ref);
    if (!read) {
      await record(actor, "claim.refused", ref, {
        reason: "not-found",
        route: request.routeOptions.url,
      });
      return { refused: "not-found" };
    }
    await record(actor, "claim.view", ref);
    return claimView(read);
  };
}

export function downloadDocument(context: ReadContext): InsurerCallHandler<"downloadDocument"> {
  const { lifecycle, documentStore, record } = context;
  return async ({ reply, actor, params }) => {
    const ref = params.webReferenceNumber;
    const document = await lifecycle.findDocument(ref, params.id);
    if (!document) {
      await record(actor, "claim.document.refused", ref, {
        documentId: params.id,
        reason: "not-found",
      });
      const message = INSURER_MESSAGES.documentNotFound;
      return { refused: "not-found", problems: [{ field: "id", rule: "exists", message }] };
    }
    await record(actor, "claim.document.download", ref, {
      documentId: document.id,
      slot: document.slotKey,
    });
    const bytes = await documentStore.get(document.storageKey);
    const name = document.name.replace(/[^\w. -]/g, "_");
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="${name}"`)
      .header("x-content-type-options", "nosniff")
      .send(Buffer.from(bytes));
  };
}
