import { WITH_DECISION } from "@kalinga/domain/claim-lifecycle";
import { CLOSED_CLAIM_STATUSES, CLOSING_OUTCOME } from "@kalinga/domain/retention";
import type { Queryable } from "../db/database.ts";
import type { ClaimPurpose } from "./claim-repository.ts";

// The claims table's reads and deletes for retention and a data subject's requests (decision 0106).

/** What the retention rules read of a claim (docs/decisions/0106), and what an export names. */
export type RetentionRow = {
  id: string;
  web_reference_number: string;
  purpose: ClaimPurpose;
  status: string;
  company_name: string;
  channel_name: string;
  mobile_number: string | null;
  verified_mobile_number: string | null;
  policy_number: string | null;
  portal_policy_number: string | null;
  locale: string;
  created_at: Date;
  submitted_at: Date | null;
  updated_at: Date;
  decision_outcome: string | null;
  has_draft: boolean;
};

const RETENTION_COLUMNS = `c.id, c.web_reference_number, c.purpose, c.status, c.company_name,
  c.channel_name, c.mobile_number, c.verified_mobile_number, c.policy_number,
  c.portal_policy_number, c.locale, c.created_at, c.submitted_at, c.updated_at,
  c.decision->>'outcome' AS decision_outcome, d.claim_id IS NOT NULL AS has_draft`;

/** A claim with its draft, if any. */
const CLAIMS_WITH_DRAFTS = "claims c LEFT JOIN claim_drafts d ON d.claim_id = c.id";

/**
 * Claims being filed whose last change is before the cut-off of their kind, oldest first: closed
 * submitted ones, and ones never submitted whose draft is gone. The retention job's candidates,
 * which the domain's rules judge again.
 */
export async function retentionCandidates(
  q: Queryable,
  cutoffs: { submitted: Date; unsubmitted: Date },
  limit: number,
): Promise<RetentionRow[]> {
  const { rows } = await q.query<RetentionRow>(
    `SELECT ${RETENTION_COLUMNS} FROM ${CLAIMS_WITH_DRAFTS}
     WHERE c.purpose = 'filing' AND CASE WHEN c.submitted_at IS NULL
       THEN c.updated_at <= $2 AND d.claim_id IS NULL
       ELSE c.updated_at <= $1 AND (c.status = ANY($4::text[])
         OR (c.status = $5 AND c.decision->>'outcome' = $6)) END
     ORDER BY c.updated_at, c.id LIMIT $3`,
    [
      cutoffs.submitted,
      cutoffs.unsubmitted,
      limit,
      CLOSED_CLAIM_STATUSES,
      WITH_DECISION,
      CLOSING_OUTCOME,
    ],
  );
  return rows;
}

/**
 * Every claim and tracking check of a data subject: those the number was given or proven on, the
 * one the reference names, and those of the ids given (found by e-mail address); oldest first.
 */
export async function claimsOfSubject(
  q: Queryable,
  subject: {
    mobileNumber: string | null;
    webReferenceNumber: string | null;
    claimIds: readonly string[];
  },
): Promise<RetentionRow[]> {
  const { rows } = await q.query<RetentionRow>(
    `SELECT ${RETENTION_COLUMNS} FROM ${CLAIMS_WITH_DRAFTS}
     WHERE c.verified_mobile_number = $1 OR c.mobile_number = $1 OR c.web_reference_number = $2
       OR c.id = ANY($3::uuid[])
     ORDER BY c.created_at, c.id`,
    [subject.mobileNumber, subject.webReferenceNumber, subject.claimIds],
  );
  return rows;
}

/** The number a claim was proven with, else the one it was given; null for an unknown reference. */
export async function subjectNumberOf(q: Queryable, webReferenceNumber: string) {
  const { rows } = await q.query<{ n: string | null }>(
    "SELECT coalesce(verified_mobile_number, mobile_number) AS n FROM claims WHERE web_reference_number = $1",
    [webReferenceNumber],
  );
  return rows.length === 0 ? undefined : (rows[0]?.n ?? null);
}

/** Deletes the claims with every row that hangs on them (the schema cascades); the audit log stays. */
export async function deleteClaims(q: Queryable, claimIds: readonly string[]): Promise<number> {
  if (claimIds.length === 0) return 0;
  const { rows } = await q.query<{ id: string }>(
    "DELETE FROM claims WHERE id = ANY($1::uuid[]) RETURNING id",
    [claimIds],
  );
  return rows.length;
}
