import { randomUUID } from "node:crypto";
import { CLAIM_RECORD_STATUS, type ClaimRecordStatus } from "@kalinga/domain/claim-record-status";
import { type Database, preparedStatement, type Queryable } from "../db/database.ts";
import {
  firstTokenInsert,
  hashToken,
  hasNoTokens,
  newToken,
  type TokenRights,
} from "../http/claim-token.ts";
import { type BucketHit, takeHitStatement } from "../http/rate-limit.ts";
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

/** The start did not happen: its address has no free call left, so it goes through the challenge. */
export const ABOVE_FREE = "above-free";

/** What a claim starts with. */
export type ClaimStart = {
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
};

/** The start's one statement (decision 0108): the address's hit when it takes one, claim and token. */
function startStatement(takesHit: boolean) {
  const name = takesHit ? "claim-start-past-hit" : "claim-start";
  return preparedStatement(
    name,
    `WITH hit AS (
       ${takesHit ? takeHitStatement({ bucket: "$13", windowStart: "$14", limit: "$15" }) : "SELECT 1"}
     ), claim AS (
       INSERT INTO claims (id, web_reference_number, status, company_name, channel_name, created_at, updated_at, purpose, agent_code, locale)
       SELECT $1, $2, $8, $3, $4, $5, $5, $9, $10, $12 WHERE EXISTS (SELECT 1 FROM hit)
       ON CONFLICT (web_reference_number) DO NOTHING
       RETURNING ${COLUMNS}
     ), token AS (
       ${firstTokenInsert("claim", { tokenHash: "$6", rights: "$11", now: "$5", expiresAt: "$7" })}
     )
     SELECT ${COLUMNS}, EXISTS (SELECT 1 FROM hit) AS passed
     FROM (SELECT 1) one LEFT JOIN claim ON true`,
  );
}
const START_PAST_HIT = startStatement(true);
const START = startStatement(false);

type Started = { claim: Claim; token: string };

/**
 * Starts a draft claim and its first token in one statement: atomic without a transaction, and one
 * round trip on the hottest call of the service. With `hit`, that statement also takes the address's
 * free call, and starts nothing when there is none left (ABOVE_FREE).
 */
export function startClaim(q: Queryable, input: ClaimStart): Promise<Started>;
export function startClaim(
  q: Queryable,
  input: ClaimStart,
  hit: BucketHit | null,
): Promise<Started | typeof ABOVE_FREE>;
export async function startClaim(
  q: Queryable,
  input: ClaimStart,
  hit: BucketHit | null = null,
): Promise<Started | typeof ABOVE_FREE> {
  // A collision is rare (8.5 × 10^11 numbers); on one, draw again (the hit is taken by then).
  for (let attempt = 0; attempt < MAX_NUMBER_TRIES; attempt++) {
    const token = newToken();
    const taken = attempt === 0 ? hit : null;
    const { rows } = await q.query<ClaimRow & { passed: boolean }>(taken ? START_PAST_HIT : START, [
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
      ...(taken ? [taken.bucket, taken.windowStart, taken.limit] : []),
    ]);
    const row = rows[0];
    if (row && !row.passed) return ABOVE_FREE;
    if (row?.id) return { claim: toClaim(row), token };
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

/**
 * The number of the last code sent, for the statement that marks the code sent (one round trip): a
 * claim submitted while that SMS was on its way keeps its own. `at` names its parameters.
 */
export function recordMobileNumberStatement(at: { claimId: string; mobile: string; now: string }) {
  return `UPDATE claims SET mobile_number = ${at.mobile}, updated_at = ${at.now}
     WHERE id = ${at.claimId} AND status = '${CLAIM_RECORD_STATUS.draft}'`;
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

/** What the queue, its search, the agent's report and tracking filter on and show, from the payload. */
export type ClaimPayloadColumns = {
  claimType: string;
  /** The insured's first and last name, lowercased, one space apart. */
  insuredNameKey: string;
  insuredMobile: string | null;
  /** The policy number the claimant gave. */
  policyNumberGiven: string | null;
  /** As given: what the queue, the agent's report and tracking show (migration 031). */
  insuredFirstName: string | null;
  insuredLastName: string | null;
  causeOfLoss: string | null;
};

/** The claim is submitted: a draft no longer, its lifecycle starts, its search columns written. */
export async function markClaimSubmitted(
  q: Queryable,
  claimId: string,
  submittedAt: Date,
  copied: ClaimPayloadColumns,
) {
  await q.query(
    `UPDATE claims SET status = $2, submitted_at = $3, updated_at = $3, claim_type = $4,
       insured_name_key = $5, insured_mobile = $6, policy_number_given = $7,
       insured_first_name = $8, insured_last_name = $9, cause_of_loss = $10
     WHERE id = $1`,
    [
      claimId,
      CLAIM_RECORD_STATUS.submitted,
      submittedAt,
      copied.claimType,
      copied.insuredNameKey,
      copied.insuredMobile,
      copied.policyNumberGiven,
      copied.insuredFirstName,
      copied.insuredLastName,
      copied.causeOfLoss,
    ],
  );
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

/** A status held by this many claims or more (by the statistics) is given as their estimate. */
const ESTIMATED_FROM = 10_000;

/**
 * The statuses the claims hold, found one by one on the status index (a handful of probes), each
 * with its claims: as the statistics estimate when they say `estimatedFrom` or more (the planner's
 * own arithmetic: the status's share of the sample times the rows the table's pages hold now),
 * else counted exactly on the index. A million claims are never read; the scrape keeps its last
 * counts past the statement limit, and the metrics reuse the answer for a while.
 */
export async function countClaimsByStatus(
  db: Database,
  estimatedFrom = ESTIMATED_FROM,
): Promise<{ status: string; count: number }[]> {
  return db.transaction(async (tx) => {
    await tx.query("SET LOCAL statement_timeout = 5000");
    // The plan's cost counts every status's claims it will not read: compiling it took 25-75 ms.
    await tx.query("SET LOCAL jit = off");
    const { rows } = await tx.query<{ status: string; count: string }>(
      `WITH RECURSIVE held AS (
         (SELECT status FROM claims ORDER BY status LIMIT 1)
         UNION ALL
         SELECT (SELECT c.status FROM claims c WHERE c.status > held.status
                 ORDER BY c.status LIMIT 1)
         FROM held WHERE held.status IS NOT NULL
       ), estimated AS (
         SELECT share.status, round(share.freq * t.reltuples / t.relpages
           * (pg_relation_size(t.oid) / current_setting('block_size')::integer)) AS count
         FROM pg_class t
         JOIN pg_stats st ON st.schemaname = current_schema() AND st.tablename = 'claims'
           AND st.attname = 'status',
           unnest(st.most_common_vals::text::text[], st.most_common_freqs) AS share(status, freq)
         WHERE t.oid = to_regclass('claims') AND t.relpages > 0 AND t.reltuples > 0
       )
       SELECT held.status, CASE WHEN estimated.count >= $1 THEN estimated.count
         ELSE (SELECT count(*) FROM claims c WHERE c.status = held.status) END AS count
       FROM held LEFT JOIN estimated ON estimated.status = held.status
       WHERE held.status IS NOT NULL ORDER BY held.status`,
      [estimatedFrom],
    );
    return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
  });
}
