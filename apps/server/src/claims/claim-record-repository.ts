import type { FinalSubmitClaim } from "@kalinga/domain/claim-payload-schema";
import type { Declarations } from "@kalinga/domain/declarations";
import type { SlotFacts } from "@kalinga/domain/upload-slots";
import type { Queryable } from "../db/database.ts";

// Everything the database holds for one claim, read for the development route that lets browser
// journeys check what the widget sent (dev-claim-routes.ts).

/** Stored documents are always PDFs (docs/decisions/0022). */
const STORED_CONTENT_TYPE = "application/pdf";

/** What the development route answers; the browser journeys read it with this type too. */
export type DevClaimRecord = {
  webReferenceNumber: string;
  status: string;
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
  const claims = await db.query<{
    id: string;
    web_reference_number: string;
    status: string;
    channel_name: string;
    agent_code: string | null;
  }>(
    "SELECT id, web_reference_number, status, channel_name, agent_code FROM claims WHERE web_reference_number = $1",
    [webReferenceNumber],
  );
  const claim = claims.rows[0];
  if (!claim) return null;
  const [submissions, documents, ratings] = await Promise.all([
    // The JSON columns hold what the submit wrote from the parsed body, so they have its types.
    db.query<{
      payload: Omit<FinalSubmitClaim, "declarations">;
      declarations: Declarations;
      slot_facts: SlotFacts;
      submitted_at: Date | string;
    }>(
      "SELECT payload, declarations, slot_facts, submitted_at FROM claim_submissions WHERE claim_id = $1",
      [claim.id],
    ),
    db.query<{
      id: string;
      slot_key: string;
      display_name: string;
      size_bytes: number | string;
      sha256: string;
      slot_required: boolean | null;
    }>(
      `SELECT id, slot_key, display_name, size_bytes, sha256, slot_required FROM claim_documents
       WHERE claim_id = $1 AND status = 'stored' ORDER BY seq`,
      [claim.id],
    ),
    db.query<{ rating: number | string; comment: string; rated_at: Date | string }>(
      "SELECT rating, comment, rated_at FROM claim_ratings WHERE claim_id = $1",
      [claim.id],
    ),
  ]);
  const submission = submissions.rows[0];
  const rating = ratings.rows[0];
  return {
    webReferenceNumber: claim.web_reference_number,
    status: claim.status,
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
    documents: documents.rows.map((row) => ({
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
