import { deleteTrackingChecksWithoutTokens } from "../claims/claim-repository.ts";
import type { Queryable } from "../db/database.ts";

// Rows that no rule reads any more: past rate-limit windows, tokens past their absolute expiry,
// spent proof-of-work challenges past their expiry, devices' proofs of a number past their days, and
// development outbox messages. Any server may run it; deleting twice is harmless.

const DAY_MS = 24 * 3600 * 1000;

export async function sweepExpiredRows(db: Queryable, now: Date, provenDeviceDays = 365) {
  const twoDaysAgo = new Date(now.getTime() - 2 * DAY_MS);
  await db.query("DELETE FROM rate_limit_hits WHERE window_start < $1", [twoDaysAgo]);
  await db.query("DELETE FROM claim_tokens WHERE expires_at < $1", [twoDaysAgo]);
  // A device's proof of a number is read only this long (decision 0062).
  await db.query("DELETE FROM otp_devices WHERE verified_at < $1", [
    new Date(now.getTime() - provenDeviceDays * DAY_MS),
  ]);
  // A spent solution's challenge has expired: it cannot be answered again anyway.
  await db.query("DELETE FROM spent_challenges WHERE expires_at < $1", [now]);
  await db.query("DELETE FROM sms_outbox WHERE created_at < $1", [
    new Date(now.getTime() - 7 * DAY_MS),
  ]);
  // Tracking checks whose tokens are gone; kept past the longest OTP number lock (7 days), since
  // their OTP sends count towards it (decision 0055).
  await deleteTrackingChecksWithoutTokens(db, new Date(now.getTime() - 8 * DAY_MS));
}
