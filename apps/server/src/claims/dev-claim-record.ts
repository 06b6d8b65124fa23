import type { FinalSubmitClaim } from "@kalinga/domain/claim-payload-schema";
import type { Declarations } from "@kalinga/domain/declarations";
import type { SlotFacts } from "@kalinga/domain/upload-slots";
import type { Queryable } from "../db/database.ts";
import { storedDocumentRecordRows } from "../documents/document-repository.ts";
import { ratingRow } from "../ratings/rating-repository.ts";
import { submissionRecordRow } from "../submission/submission-repository.ts";
import { claimRecordRow } from "./claim-repository.ts";

// Everything the database holds for one claim, read for the development route that lets browser
// journeys check what the widget sent (dev-claim-routes.ts).

/** Stored documents are always PDFs (docs/decisions/0022). */
const STORED_CONTENT_TYPE = "application/pdf";

/** What the development route answers; the browser journeys read it with this type too. */
export type DevClaimRecord = {
  webReferenceNumber: string;
  status: string;
  /** The configured company the claim was filed under (decision 0083). */
  companyName: string;
  channelName: string;
  /** Agent assist: the agent from the portal's assertion (decision 0059); null elsewhere. */
  agentCode: string | null;
  submission: {
    /** The finalSubmitClaim body as parsed, without the declarations kept beside it. */
    payload: Omit<FinalSubmitClaim, "declarations">;
    declarations: Declarations;
    slotFacts: SlotFacts;
    submittedAt: string;
  } | null;
  documents: {
    id: string;
    slotKey: string;
    name: string;
    sizeBytes: number;
    sha256: string;
    contentType?: string;
    /** Set by the submit: false for a file the final claim does not ask for; null before it. */
    slotRequired: boolean | null;
  }[];
  rating: { rating: number; comment: string; ratedAt: string } | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

export async function readClaimRecord(
  db: Queryable,
  webReferenceNumber: string,
): Promise<DevClaimRecord | null> {
  const claim = await claimRecordRow(db, webReferenceNumber);
  if (!claim) return null;
  const [submission, documents, rating] = await Promise.all([
    submissionRecordRow(db, claim.id),
    storedDocumentRecordRows(db, claim.id),
    ratingRow(db, claim.id),
  ]);
  return {
    webReferenceNumber: claim.web_reference_number,
    status: claim.status,
    companyName: claim.company_name,
    channelName: claim.channel_name,
    agentCode: claim.agent_code,
    submission: submission
      ? {
          payload: submission.payload,
          declarations: submission.declarations,
          slotFacts: submission.slot_facts,
          submittedAt: iso(submission.submitted_at),
        }
      : null,
    documents: documents.map((row) => ({
      id: row.id,
      slotKey: row.slot_key,
      name: row.display_name,
      sizeBytes: Number(row.size_bytes),
      sha256: row.sha256,
      contentType: STORED_CONTENT_TYPE,
      slotRequired: row.slot_required,
    })),
    rating: rating
      ? { rating: Number(rating.rating), comment: rating.comment, ratedAt: iso(rating.rated_at) }
      : null,
  };
}
