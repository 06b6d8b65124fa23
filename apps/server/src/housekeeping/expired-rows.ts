import { deleteTrackingChecksWithoutTokens } from "../claims/claim-repository.ts";
import type { Queryable } from "../db/database.ts";
import { deleteSpentChallengesBefore } from "../http/challenge.ts";
import { deleteTokensExpiredBefore } from "../http/claim-token.ts";
import { deleteWindowsBefore } from "../http/rate-limit.ts";
import { deleteProvenDevicesBefore } from "../otp/otp-code-repository.ts";
import { deleteOutboxBefore } from "../sms/outbox-sms-sender.ts";

// Rows that no rule reads any more: past rate-limit windows, tokens past their absolute expiry,
// spent proof-of-work challenges past their expiry, devices' proofs of a number past their days, and
// development outbox messages. Any server may run it; deleting twice is harmless.

const DAY_MS = 24 * 3600 * 1000;

export async function sweepExpiredRows(db: Queryable, now: Date, provenDeviceDays = 365) {
  const twoDaysAgo = new Date(now.getTime() - 2 * DAY_MS);
  await deleteWindowsBefore(db, twoDaysAgo);
  await deleteTokensExpiredBefore(db, twoDaysAgo);
  // A device's proof of a number is read only this long (decision 0062).
  await deleteProvenDevicesBefore(db, new Date(now.getTime() - provenDeviceDays * DAY_MS));
  // A spent solution's challenge has expired: it cannot be answered again anyway.
  await deleteSpentChallengesBefore(db, now);
  await deleteOutboxBefore(db, new Date(now.getTime() - 7 * DAY_MS));
  // Tracking checks whose tokens are gone; kept past the longest OTP number lock (7 days), since
  // their OTP sends count towards it (decision 0055).
  await deleteTrackingChecksWithoutTokens(db, new Date(now.getTime() - 8 * DAY_MS));
}
