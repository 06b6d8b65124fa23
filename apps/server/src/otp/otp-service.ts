import { randomUUID } from "node:crypto";
import {
  type OtpSentResponse,
  type OtpValidatedResponse,
  RETURN_CODES,
} from "@kalinga/domain/claim-api";
import { CLAIM_RECORD_STATUS } from "@kalinga/domain/claim-record-status";
import { maskLast4 } from "@kalinga/domain/mask";
import {
  DECIDED_MESSAGES,
  EXPIRED_OTP,
  OTP_ATTEMPTS_EXHAUSTED,
  WRONG_OTP,
} from "@kalinga/domain/messages";
import { toInternationalMobile } from "@kalinga/domain/otp";
import type { FastifyBaseLogger } from "fastify";
import {
  type Claim,
  findClaim,
  recordMobileNumber,
  recordVerifiedMobileNumber,
} from "../claims/claim-repository.ts";
import { type ClaimAccess, issueToken, revokeToken } from "../claims/claim-token.ts";
import type { ServerConfig } from "../config.ts";
import type { Database, Queryable } from "../db/database.ts";
import { API_MESSAGES } from "../http/api-error.ts";
import {
  giveBackHit,
  MANILA_OFFSET_SECONDS,
  type RateWindow,
  takeHit,
} from "../http/rate-limit.ts";
import { isRefusal, type Refusal, refusableTransaction } from "../refusal.ts";
import type { SmsSender } from "../sms/sms-sender.ts";
import { keyedHash } from "./keyed-hash.ts";
import { hashOtpCode, newOtpCode, otpCodeMatches, otpSmsText } from "./otp-code.ts";

// The OTP challenge of a claim (docs/decisions/0012-otp-storage-and-limits.md): sends are reserved
// in a transaction that locks the claim (so two parallel sends cannot both pass the limits), the SMS
// goes out after the commit, and a failed SMS hands the send back. Guesses count atomically.
// A submitted claim takes no OTP call: its verified number went out with it. Refusals are answered
// as values; one inside a transaction rolls it back (refusableTransaction).

export const OTP_SERVICE_MESSAGES = {
  /** An OTP call on a submitted claim: its verified number is part of what was submitted. */
  claimClosed: "This claim has been submitted, so its mobile number can no longer be changed.",
} as const;

export type OtpServiceDeps = {
  db: Database;
  config: ServerConfig;
  secret: string;
  sms: SmsSender;
};

type SendKind = "request" | "reset";

/** Who asked: the client address counts the SMS it causes; the request's logger. */
export type OtpCaller = { ip: string; log: FastifyBaseLogger };

function closedClaim(claim: Pick<Claim, "status"> | null): Refusal | null {
  return claim && claim.status !== CLAIM_RECORD_STATUS.draft
    ? { refused: "claim-closed", message: OTP_SERVICE_MESSAGES.claimClosed }
    : null;
}

const noActiveOtp: Refusal = { refused: "no-active-otp", message: API_MESSAGES.noActiveOtp };
const otpLocked: Refusal = { refused: "otp-locked", message: DECIDED_MESSAGES.otpCodeLocked };

type LiveCode = {
  id: string;
  code_hash: string;
  mobile_number: string;
  expires_at: Date;
  wrong_guesses: number;
  used_at: Date | null;
};

const DAY_SECONDS = 24 * 3600;

/** A send counted and its code stored, before its SMS leaves. */
type Reserved = {
  id: string;
  code: string;
  mobile: string;
  companyName: string;
  sendsLeft: number;
};

export function createOtpService({ db, config, secret, sms }: OtpServiceDeps) {
  const otp = config.otp;
  const mobileWindow: RateWindow = {
    limit: otp.mobileDailyLimit,
    seconds: DAY_SECONDS,
    offsetSeconds: MANILA_OFFSET_SECONDS,
  };
  const mobileBucket = (mobile: string) => `otp-mobile:${keyedHash(secret, "mobile", mobile)}`;
  const addressWindow: RateWindow = {
    limit: otp.sendAddressLimit,
    seconds: otp.sendAddressWindowSeconds,
  };
  const addressBucket = (address: string) =>
    `otp-send-address:${keyedHash(secret, "address", address)}`;

  async function latestSentCode(q: Queryable, claimId: string): Promise<LiveCode | null> {
    const { rows } = await q.query<LiveCode>(
      `SELECT id, code_hash, mobile_number, expires_at, wrong_guesses, used_at FROM otp_codes
       WHERE claim_id = $1 AND status = 'sent' ORDER BY seq DESC LIMIT 1`,
      [claimId],
    );
    return rows[0] ?? null;
  }

  /** requestOneTimePIN (mobile given) and resetOneTimePIN (the number of the last send). */
  async function sendCode(
    access: ClaimAccess,
    kind: SendKind,
    mobileNumber: string | null,
    { ip, log }: OtpCaller,
  ): Promise<OtpSentResponse | Refusal> {
    const now = config.now();
    const reserved = await refusableTransaction(db, async (tx): Promise<Reserved | Refusal> => {
      const claim = await findClaim(tx, access.claimId, true);
      if (!claim) return noActiveOtp;
      const closed = closedClaim(claim);
      if (closed) return closed;
      const mobile = kind === "request" ? mobileNumber : claim.mobileNumber;
      if (!mobile) return noActiveOtp;

      const { rows } = await tx.query<{ used: number; last_sent_at: Date | null }>(
        `SELECT count(*)::int AS used, max(created_at) AS last_sent_at FROM otp_codes
         WHERE claim_id = $1 AND status IN ('sending', 'sent')`,
        [claim.id],
      );
      const used = Number(rows[0]?.used ?? 0);
      const lastSentAt = rows[0]?.last_sent_at ? new Date(rows[0].last_sent_at) : null;
      const sendsLeft = otp.sendsPerClaim - used;
      if (sendsLeft <= 0)
        return { refused: "otp-sends-exhausted", message: OTP_ATTEMPTS_EXHAUSTED };
      if (lastSentAt) {
        const waitLeft = lastSentAt.getTime() + otp.resendWaitSeconds * 1000 - now.getTime();
        if (waitLeft > 0) {
          return {
            refused: "too-many-requests",
            message: DECIDED_MESSAGES.tooManyRequests,
            retryAfterSeconds: waitLeft / 1000,
            sendsLeft,
          };
        }
      }
      // Both hits are rolled back with the transaction when either refuses.
      for (const [bucket, window] of [
        [mobileBucket(mobile), mobileWindow],
        [addressBucket(ip), addressWindow],
      ] as const) {
        const decision = await takeHit(tx, bucket, window, now);
        if (!decision.allowed) {
          return {
            refused: "too-many-requests",
            message: DECIDED_MESSAGES.tooManyRequests,
            retryAfterSeconds: decision.retryAfterSeconds,
            sendsLeft,
          };
        }
      }

      const id = randomUUID();
      const code = newOtpCode();
      await tx.query(
        `INSERT INTO otp_codes (id, claim_id, code_hash, mobile_number, status, created_at, expires_at)
         VALUES ($1, $2, $3, $4, 'sending', $5, $6)`,
        [
          id,
          claim.id,
          hashOtpCode(secret, id, code),
          mobile,
          now,
          new Date(now.getTime() + otp.ttlSeconds * 1000),
        ],
      );
      return { id, code, mobile, companyName: claim.companyName, sendsLeft: sendsLeft - 1 };
    });
    if (isRefusal(reserved)) return reserved;

    try {
      await sms.send({
        to: toInternationalMobile(reserved.mobile),
        text: otpSmsText(reserved.companyName, reserved.code, otp.ttlSeconds),
      });
    } catch (error) {
      await db.transaction(async (tx) => {
        await tx.query("UPDATE otp_codes SET status = 'failed' WHERE id = $1", [reserved.id]);
        await giveBackHit(tx, mobileBucket(reserved.mobile), mobileWindow, now);
        await giveBackHit(tx, addressBucket(ip), addressWindow, now);
      });
      log.warn(
        {
          provider: sms.provider,
          reason: error instanceof Error ? error.message : "unknown",
          mobile: maskLast4(reserved.mobile),
        },
        "OTP SMS not sent",
      );
      return { refused: "sms-provider-failed" };
    }

    await db.transaction(async (tx) => {
      await tx.query("UPDATE otp_codes SET status = 'sent' WHERE id = $1", [reserved.id]);
      await recordMobileNumber(tx, access.claimId, reserved.mobile, now);
    });
    log.info(
      {
        webReferenceNumber: access.webReferenceNumber,
        mobile: maskLast4(reserved.mobile),
        sendsLeft: reserved.sendsLeft,
        kind,
      },
      "OTP sent",
    );
    return {
      returnCode: RETURN_CODES.ok,
      sendsLeft: reserved.sendsLeft,
      resendAvailableInSeconds: otp.resendWaitSeconds,
    };
  }

  /** validateOneTimePIN: on success the token is replaced by an otp-verified one. */
  async function validateCode(
    access: ClaimAccess,
    code: string,
    { log }: OtpCaller,
  ): Promise<OtpValidatedResponse | Refusal> {
    const now = config.now();
    // Before any guess is counted; checked again under the claim's lock below.
    const closed = closedClaim(await findClaim(db, access.claimId));
    if (closed) return closed;
    const live = await latestSentCode(db, access.claimId);
    if (!live || live.used_at) return noActiveOtp;
    if (live.wrong_guesses >= otp.wrongGuessesPerCode) return otpLocked;
    if (new Date(live.expires_at).getTime() <= now.getTime()) {
      return { refused: "expired-otp", message: EXPIRED_OTP };
    }

    if (!otpCodeMatches(secret, live.id, code, live.code_hash)) {
      // Counted only while below the limit, so parallel guesses cannot add more than the limit.
      const { rows } = await db.query<{ wrong_guesses: number }>(
        `UPDATE otp_codes SET wrong_guesses = wrong_guesses + 1
         WHERE id = $1 AND wrong_guesses < $2 AND used_at IS NULL
         RETURNING wrong_guesses`,
        [live.id, otp.wrongGuessesPerCode],
      );
      if (rows.length === 0) return otpLocked;
      log.info(
        { webReferenceNumber: access.webReferenceNumber, wrongGuesses: rows[0]?.wrong_guesses },
        "OTP wrong",
      );
      return { refused: "wrong-otp", message: WRONG_OTP };
    }

    const token = await refusableTransaction(db, async (tx): Promise<string | Refusal> => {
      // The submit locks the claim too, so a code cannot be used on a claim being submitted.
      const closedNow = closedClaim(await findClaim(tx, access.claimId, true));
      if (closedNow) return closedNow;
      const { rows } = await tx.query(
        `UPDATE otp_codes SET used_at = $2
         WHERE id = $1 AND used_at IS NULL AND wrong_guesses < $3 AND expires_at > $2
         RETURNING id`,
        [live.id, now, otp.wrongGuessesPerCode],
      );
      // Another call used or locked the code between the read and now.
      if (rows.length === 0) return noActiveOtp;
      await revokeToken(tx, access.tokenHash, now);
      await recordVerifiedMobileNumber(tx, access.claimId, live.mobile_number, now);
      return issueToken(tx, {
        claimId: access.claimId,
        rights: "otp-verified",
        now,
        // The verified token keeps the absolute end of the token it replaces.
        expiresAt: access.expiresAt,
      });
    });
    if (isRefusal(token)) return token;
    log.info(
      { webReferenceNumber: access.webReferenceNumber, mobile: maskLast4(live.mobile_number) },
      "OTP verified",
    );
    return { returnCode: RETURN_CODES.ok, token };
  }

  return { sendCode, validateCode };
}

export type OtpService = ReturnType<typeof createOtpService>;
