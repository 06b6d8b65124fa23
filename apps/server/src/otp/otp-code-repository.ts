import { recordMobileNumberStatement } from "../claims/claim-repository.ts";
import { preparedStatement, type Queryable } from "../db/database.ts";
import { type OpenDraftRow, openDraftsSelect } from "../drafts/draft-repository.ts";
import type { BucketHit } from "../http/rate-limit.ts";

// The OTP codes of a claim: only a hash of each code's keyed hash is stored. A send is reserved as
// 'sending' before its SMS leaves, then marked 'sent' or 'failed'; guesses count on the code's row.
// A send's and a guess's checks and writes are database functions (migration 030): one round trip
// each, holding the claim's and the hourly bucket's row locks only inside the database.

/** A rate bucket a send may take: `set` says whether every send takes it, or a stranger's or a proven device's. */
export type SendBucket = BucketHit & { set: "any" | "stranger" | "proven" };

export type SendOutcome =
  | "above-free"
  | "no-claim"
  | "closed"
  | "no-mobile"
  | "moved"
  | "exhausted"
  | "wait"
  | "limited"
  | "reserved";

export type ReservedSend = {
  outcome: SendOutcome;
  /** The claim's sends that counted before this one (those on their way count). */
  sendsUsed: number;
  lastSentAt: Date | null;
  proven: boolean;
  /** The buckets that had room, when all were tried. */
  allowedBuckets: string[];
  companyName: string | null;
  channelName: string | null;
  locale: string | null;
  /** The claim's number: the one a reset sends to. */
  claimMobile: string | null;
};

// The calls' statements, prepared once per connection (decision 0113).
const RESERVE_SEND = preparedStatement(
  "otp-reserve-send",
  `SELECT * FROM otp_reserve_send($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
     $14::text[], $15::timestamptz[], $16::int[], $17::text[], $18, $19, $20, $21)`,
);
const MARK_SENT = preparedStatement(
  "otp-code-sent",
  `WITH sent AS (UPDATE otp_codes SET status = 'sent' WHERE id = $1)
   ${recordMobileNumberStatement({ claimId: "$2", mobile: "$3", now: "$4" })}`,
);
const JUDGE_GUESS = preparedStatement(
  "otp-judge-guess",
  `SELECT v.*, CASE WHEN v.outcome = 'verified' THEN
     (SELECT json_agg(open_draft) FROM (${openDraftsSelect({
       now: "$5",
       mobileNumber: "v.mobile_number",
       companyName: "$10",
       exceptClaimId: "$1",
     })}) open_draft) END AS drafts
   FROM otp_validate($1, $2, $3, $4, $5, $6, $7, $8, $9) v`,
);

/**
 * A send's judgement and reservation in one statement, the database function otp_reserve_send
 * (migration 030): the address's free hit and the claim's language when given, then under the
 * claim's lock its refusals in order (decisions 0012, 0061, 0062), the code stored as 'sending',
 * and the rate buckets last. A send whose code leaves is marked sent (or failed) after its SMS.
 */
export async function reserveCodeSend(
  q: Queryable,
  send: {
    claimId: string;
    kind: "request" | "reset";
    mobileNumber: string | null;
    deviceHash: string;
    deviceKeySent: boolean;
    now: Date;
    /** The last send counted against the exhausted-number lock began after this. */
    exhaustedSince: Date;
    sendsPerClaim: number;
    provenSince: Date;
    resendWaitSeconds: number;
    code: { id: string; hash: string; expiresAt: Date };
    buckets: readonly SendBucket[];
    gate: BucketHit | null;
    locale: string | null;
  },
): Promise<ReservedSend> {
  const { code, buckets, gate } = send;
  const { rows } = await q.query<{
    outcome: SendOutcome;
    sends_used: number;
    last_sent_at: Date | null;
    proven: boolean;
    allowed_buckets: string[] | null;
    company_name: string | null;
    channel_name: string | null;
    locale: string | null;
    claim_mobile: string | null;
  }>(RESERVE_SEND, [
    send.claimId,
    send.mobileNumber,
    send.kind,
    send.deviceHash,
    send.deviceKeySent,
    send.now,
    send.exhaustedSince,
    send.sendsPerClaim,
    send.provenSince,
    send.resendWaitSeconds,
    code.id,
    code.hash,
    code.expiresAt,
    buckets.map((b) => b.bucket),
    buckets.map((b) => b.windowStart),
    buckets.map((b) => b.limit),
    buckets.map((b) => b.set),
    gate?.bucket ?? null,
    gate?.windowStart ?? null,
    gate?.limit ?? null,
    send.locale,
  ]);
  const row = rows[0];
  if (!row) throw new Error("otp_reserve_send answered no row.");
  return {
    outcome: row.outcome,
    sendsUsed: Number(row.sends_used),
    lastSentAt: row.last_sent_at ? new Date(row.last_sent_at) : null,
    proven: row.proven === true,
    allowedBuckets: row.allowed_buckets ?? [],
    companyName: row.company_name,
    channelName: row.channel_name,
    locale: row.locale,
    claimMobile: row.claim_mobile,
  };
}

/** The SMS left: the code is live, and the claim's number is the one it went to (one statement). */
export async function markCodeSentTo(
  q: Queryable,
  sent: { id: string; claimId: string; mobileNumber: string; now: Date },
): Promise<void> {
  await q.query(MARK_SENT, [sent.id, sent.claimId, sent.mobileNumber, sent.now]);
}

/** The SMS did not leave: the code never becomes live. */
export async function markCodeFailed(q: Queryable, id: string): Promise<void> {
  await q.query("UPDATE otp_codes SET status = 'failed' WHERE id = $1", [id]);
}

type GuessOutcome = "no-active" | "locked" | "expired" | "legacy" | "wrong" | "closed" | "verified";

export type JudgedGuess = {
  outcome: GuessOutcome;
  codeId: string | null;
  /** A legacy code's stored hash, for the server to compare ('legacy'). */
  codeHash: string | null;
  wrongGuesses: number;
  /** The number a right code proved ('verified'). */
  mobileNumber: string | null;
  /** That number's other open drafts of the claim's company ('verified'). */
  drafts: OpenDraftRow[];
};

/**
 * A guess judged, counted or used in one statement, the database function otp_validate (migration
 * 030), with the proved number's other open drafts listed by the same statement (decision 0044).
 */
export async function judgeGuess(
  q: Queryable,
  guess: {
    claimId: string;
    claimHash: string;
    /** A legacy code's stored hash when the server found the guess right; "" when wrong; else null. */
    legacyHash: string | null;
    wrongGuessLimit: number;
    now: Date;
    tokenHash: string;
    newTokenHash: string;
    tokenExpiresAt: Date;
    deviceHash: string | null;
    companyName: string;
  },
): Promise<JudgedGuess> {
  const { rows } = await q.query<{
    outcome: GuessOutcome;
    code_id: string | null;
    code_hash: string | null;
    wrong_guesses: number;
    mobile_number: string | null;
    drafts: OpenDraftRow[] | null;
  }>(JUDGE_GUESS, [
    guess.claimId,
    guess.claimHash,
    guess.legacyHash,
    guess.wrongGuessLimit,
    guess.now,
    guess.tokenHash,
    guess.newTokenHash,
    guess.tokenExpiresAt,
    guess.deviceHash,
    guess.companyName,
  ]);
  const row = rows[0];
  if (!row) throw new Error("otp_validate answered no row.");
  return {
    outcome: row.outcome,
    codeId: row.code_id,
    codeHash: row.code_hash,
    wrongGuesses: Number(row.wrong_guesses),
    mobileNumber: row.mobile_number,
    drafts: row.drafts ?? [],
  };
}

/** Deletes devices' proofs of a number made before `verifiedBefore`. */
export async function deleteProvenDevicesBefore(q: Queryable, verifiedBefore: Date) {
  await q.query("DELETE FROM otp_devices WHERE verified_at < $1", [verifiedBefore]);
}
