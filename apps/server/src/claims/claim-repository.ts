import { randomUUID } from "node:crypto";
import { WITH_DECISION } from "@kalinga/domain/claim-lifecycle";
import { CLAIM_RECORD_STATUS, type ClaimRecordStatus } from "@kalinga/domain/claim-record-status";
import { CLOSED_CLAIM_STATUSES, CLOSING_OUTCOME } from "@kalinga/domain/retention";
import type { Queryable } from "../db/database.ts";
import {
  firstTokenInsert,
  hashToken,
  hasNoTokens,
  newToken,
  type TokenRights,
} from "../http/claim-token.ts";
import { newWebReferenceNumber } from "./web-reference-number.ts";

// Claims as the first slice knows them: started on a channel of a company, with the mobile number
// the OTP went to and, once verified, the number that proved itself.

/** A claim being filed, or a tracking check of a verified number (docs/decisions/0055). */
export type ClaimPurpose = "filing" | "tracking";

export type Claim = {
  id: string;
  purpose: ClaimPurpose;
  webReferenceNumber: string;
  status: ClaimRecordStatus;
  companyName: string;
  channelName: string;
  mobileNumber: string | null;
  verifiedMobileNumber: string | null;
  /** The language the claimant last chose before submitting: its messages go out in it. */
  locale: string;
};

type ClaimRow = {
  id: string;
  purpose: ClaimPurpose;
  web_reference_number: string;
  status: ClaimRecordStatus;
  company_name: string;
  channel_name: string;
  mobile_number: string | null;
  verified_mobile_number: string | null;
  locale: string;
};

const COLUMNS =
  "id, purpose, web_reference_number, status, company_name, channel_name, mobile_number, verified_mobile_number, locale";

function toClaim(row: ClaimRow): Claim {
  return {
    id: row.id,
    purpose: row.purpose,
    webReferenceNumber: row.web_reference_number,
    status: row.status,
    companyName: row.company_name,
    channelName: row.channel_name,
    mobileNumber: row.mobile_number,
    verifiedMobileNumber: row.verified_mobile_number,
    locale: row.locale,
  };
}

const MAX_NUMBER_TRIES = 8;

/**
 * Starts a draft claim and its first token in one statement: atomic without a transaction, and one
 * round trip on the hottest call of the service.
 */
export async function startClaim(
  q: Queryable,
  input: {
    companyName: string;
    channelName: string;
    now: Date;
    tokenExpiresAt: Date;
    purpose?: ClaimPurpose;
    /** The agent of agent assist, from the portal's verified assertion. */
    agentCode?: string | null;
    /** A tracking check the portal's sign-in verified starts verified (decision 0059). */
    tokenRights?: TokenRights;
    /** A known locale (claim-locale.ts); English when not given. */
    locale?: string;
  },
): Promise<{ claim: Claim; token: string }> {
  // A collision is rare (8.5 × 10^11 numbers); on one, draw again.
  for (let attempt = 0; attempt < MAX_NUMBER_TRIES; attempt++) {
    const token = newToken();
    const { rows } = await q.query<ClaimRow>(
      `WITH claim AS (
         INSERT INTO claims (id, web_reference_number, status, company_name, channel_name, created_at, updated_at, purpose, agent_code, locale)
         VALUES ($1, $2, $8, $3, $4, $5, $5, $9, $10, $12)
         ON CONFLICT (web_reference_number) DO NOTHING
         RETURNING ${COLUMNS}
       ), token AS (
         ${firstTokenInsert("claim", { tokenHash: "$6", rights: "$11", now: "$5", expiresAt: "$7" })}
       )
       SELECT ${COLUMNS} FROM claim`,
      [
        randomUUID(),
        newWebReferenceNumber(),
        input.companyName,
        input.channelName,
        input.now,
        hashToken(token),
        input.tokenExpiresAt,
        CLAIM_RECORD_STATUS.draft,
        input.purpose ?? "filing",
        input.agentCode ?? null,
        input.tokenRights ?? "unverified",
        input.locale ?? "en",
      ],
    );
    if (rows[0]) return { claim: toClaim(rows[0]), token };
  }
  throw new Error("Could not draw an unused web reference number.");
}

export async function findClaim(q: Queryable, id: string, lock = false): Promise<Claim | null> {
  const { rows } = await q.query<ClaimRow>(
    `SELECT ${COLUMNS} FROM claims WHERE id = $1${lock ? " FOR UPDATE" : ""}`,
    [id],
  );
  return rows[0] ? toClaim(rows[0]) : null;
}

/** A draft follows the language its claimant chooses; a submitted claim keeps the one it had. */
export async function recordDraftLocale(q: Queryable, claimId: string, locale: string) {
  await q.query(
    "UPDATE claims SET locale = $2 WHERE id = $1 AND status = $3 AND locale IS DISTINCT FROM $2",
    [claimId, locale, CLAIM_RECORD_STATUS.draft],
  );
}

/** The number of the last code sent; a claim submitted while that SMS was on its way keeps its own. */
export async function recordMobileNumber(q: Queryable, claimId: string, mobile: string, now: Date) {
  await q.query(
    "UPDATE claims SET mobile_number = $2, updated_at = $3 WHERE id = $1 AND status = $4",
    [claimId, mobile, now, CLAIM_RECORD_STATUS.draft],
  );
}

export async function recordVerifiedMobileNumber(
  q: Queryable,
  claimId: string,
  mobile: string,
  now: Date,
) {
  await q.query(
    "UPDATE claims SET verified_mobile_number = $2, verified_at = $3, updated_at = $3 WHERE id = $1",
    [claimId, mobile, now],
  );
}

/** The policy a portal's user chose for this claim (decision 0059): the submit must name it. */
export async function recordPortalPolicy(q: Queryable, claimId: string, policyNumber: string) {
  await q.query("UPDATE claims SET portal_policy_number = $2 WHERE id = $1", [
    claimId,
    policyNumber,
  ]);
}

/** The policy a portal's user chose, or null on the public channel. */
export async function portalPolicyOf(q: Queryable, claimId: string): Promise<string | null> {
  const { rows } = await q.query<{ portal_policy_number: string | null }>(
    "SELECT portal_policy_number FROM claims WHERE id = $1",
    [claimId],
  );
  return rows[0]?.portal_policy_number ?? null;
}

/** Locks the claim's row until the transaction ends; its status, or null when there is none. */
export async function lockClaimStatus(tx: Queryable, claimId: string): Promise<string | null> {
  const { rows } = await tx.query<{ status: string }>(
    "SELECT status FROM claims WHERE id = $1 FOR UPDATE",
    [claimId],
  );
  return rows[0]?.status ?? null;
}

// A submitted claim's columns beside its status: the lifecycle's writes.

export async function setClaimStatus(
  q: Queryable,
  claimId: string,
  status: string,
  now: Date,
): Promise<void> {
  await q.query("UPDATE claims SET status = $2, updated_at = $3 WHERE id = $1", [
    claimId,
    status,
    now,
  ]);
}

/** Marks a change that is not a status change (an item, the decision, the match). */
export async function touchClaim(q: Queryable, claimId: string, now: Date): Promise<void> {
  await q.query("UPDATE claims SET updated_at = $2 WHERE id = $1", [claimId, now]);
}

export async function setDecision(
  q: Queryable,
  claimId: string,
  decision: Record<string, unknown>,
): Promise<void> {
  await q.query("UPDATE claims SET decision = $2::jsonb WHERE id = $1", [
    claimId,
    JSON.stringify(decision),
  ]);
}

export async function setPolicyMatch(
  q: Queryable,
  claimId: string,
  policyNumber: string | null,
  matchCode: number,
): Promise<void> {
  await q.query("UPDATE claims SET policy_number = $2, match_code = $3 WHERE id = $1", [
    claimId,
    policyNumber,
    matchCode,
  ]);
}

/** The claim is submitted: a draft no longer, its lifecycle starts. */
export async function markClaimSubmitted(q: Queryable, claimId: string, submittedAt: Date) {
  await q.query("UPDATE claims SET status = $2, submitted_at = $3, updated_at = $3 WHERE id = $1", [
    claimId,
    CLAIM_RECORD_STATUS.submitted,
    submittedAt,
  ]);
}

/** The claimant gave this claim up for another (a resumed draft). */
export async function markClaimAbandoned(q: Queryable, claimId: string, now: Date) {
  await q.query("UPDATE claims SET abandoned_at = $2, updated_at = $2 WHERE id = $1", [
    claimId,
    now,
  ]);
}

export async function setAssignee(q: Queryable, claimId: string, to: string | null) {
  await q.query("UPDATE claims SET assigned_to = $2 WHERE id = $1", [claimId, to]);
}

export async function assigneeOf(q: Queryable, claimId: string): Promise<string | null> {
  const { rows } = await q.query<{ assigned_to: string | null }>(
    "SELECT assigned_to FROM claims WHERE id = $1",
    [claimId],
  );
  return rows[0]?.assigned_to ?? null;
}

/** The verified number of a tracking check; null when it has not passed the OTP. */
export async function verifiedNumberOf(
  q: Queryable,
  trackingClaimId: string,
): Promise<string | null> {
  const { rows } = await q.query<{ verified_mobile_number: string | null }>(
    "SELECT verified_mobile_number FROM claims WHERE id = $1 AND purpose = 'tracking'",
    [trackingClaimId],
  );
  return rows[0]?.verified_mobile_number ?? null;
}

/** Tracking checks started before `startedBefore` whose tokens are all gone. */
export async function deleteTrackingChecksWithoutTokens(q: Queryable, startedBefore: Date) {
  await q.query(
    `DELETE FROM claims c WHERE c.purpose = 'tracking' AND c.created_at < $1
       AND ${hasNoTokens("c.id")}`,
    [startedBefore],
  );
}

/** A claim's row as the development claim record shows it; null for an unknown reference. */
export async function claimRecordRow(q: Queryable, webReferenceNumber: string) {
  const { rows } = await q.query<{
    id: string;
    web_reference_number: string;
    status: string;
    company_name: string;
    channel_name: string;
    agent_code: string | null;
  }>(
    "SELECT id, web_reference_number, status, company_name, channel_name, agent_code FROM claims WHERE web_reference_number = $1",
    [webReferenceNumber],
  );
  return rows[0] ?? null;
}

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
 * Every claim and tracking check of a data subject: those the number was given or proven on, and
 * the one the reference names; oldest first.
 */
export async function claimsOfSubject(
  q: Queryable,
  subject: { mobileNumber: string | null; webReferenceNumber: string | null },
): Promise<RetentionRow[]> {
  const { rows } = await q.query<RetentionRow>(
    `SELECT ${RETENTION_COLUMNS} FROM ${CLAIMS_WITH_DRAFTS}
     WHERE c.verified_mobile_number = $1 OR c.mobile_number = $1 OR c.web_reference_number = $2
     ORDER BY c.created_at, c.id`,
    [subject.mobileNumber, subject.webReferenceNumber],
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
