import type { Queryable } from "../db/database.ts";

// The OTP codes of a claim: only a keyed hash of each code is stored. A send is reserved as
// 'sending' before its SMS leaves, then marked 'sent' or 'failed'; guesses count on the code's row.

export type SentCode = {
  id: string;
  code_hash: string;
  mobile_number: string;
  expires_at: Date;
  wrong_guesses: number;
  used_at: Date | null;
};

/** The claim's last code whose SMS left, used or not. */
export async function latestSentCode(q: Queryable, claimId: string): Promise<SentCode | null> {
  const { rows } = await q.query<SentCode>(
    `SELECT id, code_hash, mobile_number, expires_at, wrong_guesses, used_at FROM otp_codes
     WHERE claim_id = $1 AND status = 'sent' ORDER BY seq DESC LIMIT 1`,
    [claimId],
  );
  return rows[0] ?? null;
}

/**
 * What a send to `mobileNumber` from `deviceHash` on a claim is judged by, read in one statement:
 * - how many sends the claim has used (those on their way count) and when the last one began;
 * - whether a claim sent this number, from this device, every OTP it may send (`sendsPerClaim`),
 *   the last since `exhaustedSince`, and none was used: the exhausted pop-up's promise that no new
 *   OTP is generated holds for the claimant who saw it, on any claim of that device, and binds no
 *   other device (0062);
 * - whether this device entered a right code for this number since `provenSince`.
 */
export async function sendHistory(
  q: Queryable,
  of: {
    claimId: string;
    mobileNumber: string;
    deviceHash: string;
    exhaustedSince: Date;
    sendsPerClaim: number;
    provenSince: Date;
  },
): Promise<{ used: number; lastSentAt: Date | null; exhausted: boolean; proven: boolean }> {
  const { rows } = await q.query<{
    used: number;
    last_sent_at: Date | null;
    exhausted: boolean;
    proven: boolean;
  }>(
    `SELECT sends.used, sends.last_sent_at,
       EXISTS (
         SELECT claim_id FROM otp_codes
         WHERE mobile_number = $2 AND device_hash = $3 AND status IN ('sending', 'sent')
         GROUP BY claim_id
         HAVING count(*) >= $5 AND bool_and(used_at IS NULL) AND max(created_at) > $4
       ) AS exhausted,
       EXISTS (
         SELECT 1 FROM otp_devices
         WHERE mobile_number = $2 AND device_hash = $3 AND verified_at > $6
       ) AS proven
     FROM (
       SELECT count(*)::int AS used, max(created_at) AS last_sent_at FROM otp_codes
       WHERE claim_id = $1 AND status IN ('sending', 'sent')
     ) sends`,
    [
      of.claimId,
      of.mobileNumber,
      of.deviceHash,
      of.exhaustedSince,
      of.sendsPerClaim,
      of.provenSince,
    ],
  );
  const row = rows[0];
  return {
    used: Number(row?.used ?? 0),
    lastSentAt: row?.last_sent_at ? new Date(row.last_sent_at) : null,
    exhausted: row?.exhausted === true,
    proven: row?.proven === true,
  };
}

/** Remembers that this device entered a right code for this number (the latest time counts). */
export async function recordProvenDevice(
  q: Queryable,
  mobileNumber: string,
  deviceHash: string,
  now: Date,
): Promise<void> {
  await q.query(
    `INSERT INTO otp_devices (mobile_number, device_hash, verified_at) VALUES ($1, $2, $3)
     ON CONFLICT (mobile_number, device_hash) DO UPDATE SET verified_at = EXCLUDED.verified_at`,
    [mobileNumber, deviceHash, now],
  );
}

export async function reserveCode(
  q: Queryable,
  code: {
    id: string;
    claimId: string;
    codeHash: string;
    mobileNumber: string;
    deviceHash: string;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO otp_codes
       (id, claim_id, code_hash, mobile_number, device_hash, status, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, 'sending', $6, $7)`,
    [
      code.id,
      code.claimId,
      code.codeHash,
      code.mobileNumber,
      code.deviceHash,
      code.now,
      code.expiresAt,
    ],
  );
}

export async function markCodeSent(q: Queryable, id: string, sent: boolean): Promise<void> {
  await q.query("UPDATE otp_codes SET status = $2 WHERE id = $1", [id, sent ? "sent" : "failed"]);
}

/** Counts a wrong guess while below the limit; null once the code is locked or used. */
export async function countWrongGuess(
  q: Queryable,
  id: string,
  limit: number,
): Promise<number | null> {
  // Counted only while below the limit, so parallel guesses cannot add more than the limit.
  const { rows } = await q.query<{ wrong_guesses: number }>(
    `UPDATE otp_codes SET wrong_guesses = wrong_guesses + 1
     WHERE id = $1 AND wrong_guesses < $2 AND used_at IS NULL
     RETURNING wrong_guesses`,
    [id, limit],
  );
  return rows[0] ? Number(rows[0].wrong_guesses) : null;
}

/** Uses the code if it is still live; false when another call used or locked it first. */
export async function useCode(
  q: Queryable,
  id: string,
  now: Date,
  wrongGuessLimit: number,
): Promise<boolean> {
  const { rows } = await q.query(
    `UPDATE otp_codes SET used_at = $2
     WHERE id = $1 AND used_at IS NULL AND wrong_guesses < $3 AND expires_at > $2
     RETURNING id`,
    [id, now, wrongGuessLimit],
  );
  return rows.length > 0;
}

/** Deletes devices' proofs of a number made before `verifiedBefore`. */
export async function deleteProvenDevicesBefore(q: Queryable, verifiedBefore: Date) {
  await q.query("DELETE FROM otp_devices WHERE verified_at < $1", [verifiedBefore]);
}
