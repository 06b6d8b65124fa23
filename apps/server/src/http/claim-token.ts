import { createHash, randomBytes } from "node:crypto";
import type { TokenEndReason } from "@kalinga/domain/claim-api";
import { CLAIM_RECORD_STATUS } from "@kalinga/domain/claim-record-status";
import { type Database, preparedStatement, type Queryable } from "../db/database.ts";

// Claim tokens: 256 random bits, handed out once and kept only as a SHA-256 hash. Each is bound to
// one claim, expires after an idle time and at an absolute time, and is replaced (the old one
// revoked) when the OTP is verified. docs/decisions/0011-claim-token.md.

export type TokenRights = "unverified" | "otp-verified";

export type ClaimAccess = {
  tokenHash: string;
  claimId: string;
  webReferenceNumber: string;
  rights: TokenRights;
  expiresAt: Date;
  /** A claim being filed, or a tracking check of a verified number (docs/decisions/0055). */
  purpose: "filing" | "tracking";
  /** The channel the claim or check started on: the logged-in ones need the portal's assertion. */
  channelName: string;
  /** The company the claim or check started with: a portal's assertion must name it (decision 0060). */
  companyName: string;
  /**
   * The draft's recorded language (decision 0089), read with the token, so a call naming the same
   * one writes nothing; null once the claim is submitted, whose language is kept.
   */
  draftLocale: string | null;
};

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export async function issueToken(
  q: Queryable,
  input: { claimId: string; rights: TokenRights; now: Date; expiresAt: Date },
): Promise<string> {
  const token = newToken();
  await q.query(
    `INSERT INTO claim_tokens (token_hash, claim_id, rights, created_at, last_used_at, expires_at)
     VALUES ($1, $2, $3, $4, $4, $5)`,
    [hashToken(token), input.claimId, input.rights, input.now, input.expiresAt],
  );
  return token;
}

const USE_TOKEN = preparedStatement(
  "claim-token-use",
  `WITH used AS (
       UPDATE claim_tokens SET last_used_at = $2
       WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > $2 AND last_used_at > $3
       RETURNING claim_id, rights, expires_at
     )
     SELECT t.claim_id, t.rights, t.expires_at, c.web_reference_number, c.purpose, c.channel_name, c.company_name,
       CASE WHEN c.status = $4 THEN c.locale END AS draft_locale
     FROM used t JOIN claims c ON c.id = t.claim_id
       CROSS JOIN (SELECT set_config('synchronous_commit', 'off', true)) relaxed`,
);

/**
 * What a live token gives access to, its idle clock restarted; null for anything else. The restart
 * is committed without waiting for its disk flush (decision 0108): a crash can only lose a restart,
 * which ends the token sooner, never later, and the call's own writes flush it with theirs. Its own
 * statement, never inside a transaction, whose commit it would relax too.
 */
export async function useToken(
  q: Database,
  token: string,
  now: Date,
  idleSeconds: number,
): Promise<ClaimAccess | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const idleSince = new Date(now.getTime() - idleSeconds * 1000);
  const { rows } = await q.query<{
    claim_id: string;
    rights: TokenRights;
    expires_at: Date;
    web_reference_number: string;
    purpose: "filing" | "tracking";
    channel_name: string;
    company_name: string;
    draft_locale: string | null;
  }>(USE_TOKEN, [hashToken(token), now, idleSince, CLAIM_RECORD_STATUS.draft]);
  const row = rows[0];
  if (!row) return null;
  return {
    tokenHash: hashToken(token),
    claimId: row.claim_id,
    webReferenceNumber: row.web_reference_number,
    rights: row.rights,
    expiresAt: new Date(row.expires_at),
    purpose: row.purpose,
    channelName: row.channel_name,
    companyName: row.company_name,
    draftLocale: row.draft_locale,
  };
}

/** Why a token that is no longer live ended, when that was recorded (decision 0069); else null. */
export async function tokenEndReason(q: Queryable, token: string): Promise<TokenEndReason | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const { rows } = await q.query<{ revoked_reason: TokenEndReason | null }>(
    "SELECT revoked_reason FROM claim_tokens WHERE token_hash = $1 AND revoked_at IS NOT NULL",
    [hashToken(token)],
  );
  return rows[0]?.revoked_reason ?? null;
}

export async function revokeToken(q: Queryable, tokenHash: string, now: Date) {
  await q.query(
    "UPDATE claim_tokens SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL",
    [tokenHash, now],
  );
}

/** Deletes tokens whose absolute expiry passed before `expiredBefore`. */
export async function deleteTokensExpiredBefore(q: Queryable, expiredBefore: Date) {
  await q.query("DELETE FROM claim_tokens WHERE expires_at < $1", [expiredBefore]);
}

/** Every live token of a claim ends, with why when that is known (decision 0069). */
export async function revokeClaimTokens(
  q: Queryable,
  claimId: string,
  now: Date,
  reason: TokenEndReason | null,
) {
  await q.query(
    `UPDATE claim_tokens SET revoked_at = $2, revoked_reason = $3
     WHERE claim_id = $1 AND revoked_at IS NULL`,
    [claimId, now, reason],
  );
}

/**
 * The insert of a new claim's first token, for the statement that starts the claim (one round
 * trip, atomic): `claim` names the rows the claim's insert returns, `at` its parameters.
 */
export function firstTokenInsert(
  claim: string,
  at: { tokenHash: string; rights: string; now: string; expiresAt: string },
): string {
  return `INSERT INTO claim_tokens (token_hash, claim_id, rights, created_at, last_used_at, expires_at)
         SELECT ${at.tokenHash}, id, ${at.rights}, ${at.now}, ${at.now}, ${at.expiresAt} FROM ${claim}`;
}

/** A condition true of a claim (`claimId`, a column) that has no token left at all. */
export function hasNoTokens(claimId: string): string {
  return `NOT EXISTS (SELECT 1 FROM claim_tokens t WHERE t.claim_id = ${claimId})`;
}
