import { randomUUID } from "node:crypto";
import {
  type OtpSentResponse,
  type OtpValidatedResponse,
  RETURN_CODES,
} from "@kalinga/domain/claim-api";
import { CLAIM_RECORD_STATUS } from "@kalinga/domain/claim-record-status";
import { maskLast4 } from "@kalinga/domain/mask";
import { DECIDED_MESSAGES, EXPIRED_OTP, WRONG_OTP } from "@kalinga/domain/messages";
import { toInternationalMobile } from "@kalinga/domain/otp";
import type { FastifyBaseLogger } from "fastify";
import {
  type Claim,
  findClaim,
  recordDraftVerifiedNumber,
  recordMobileNumber,
} from "../claims/claim-repository.ts";
import { companySenders } from "../companies/company-senders.ts";
import type { ServerConfig } from "../config.ts";
import { commitWithoutWaitingForFlush, type Database, type Queryable } from "../db/database.ts";
import { openDraftsOfNumber } from "../drafts/draft-service.ts";
import { API_MESSAGES } from "../http/api-error.ts";
import { type ClaimAccess, issueToken, revokeToken } from "../http/claim-token.ts";
import { giveBackHit } from "../http/rate-limit.ts";
import type { ServerMetrics } from "../metrics/server-metrics.ts";
import type { MessageWords, MessageWordsOf } from "../notifications/message-locale.ts";
import { isRefusal, type Refusal, refusableTransaction } from "../refusal.ts";
import type { SmsSender } from "../sms/sms-sender.ts";
import { hashOtpCode, newOtpCode, otpCodeMatches, otpSmsText } from "./otp-code.ts";
import {
  countWrongGuess,
  latestSentCode,
  markCodeSent,
  recordProvenDevice,
  reserveCode,
  useCode,
} from "./otp-code-repository.ts";
import {
  claimSendRefusal,
  deviceHashOf,
  type SendHit,
  sendHits,
  takeSendHits,
} from "./otp-send-limits.ts";

// The OTP challenge of a claim (docs/decisions/0012-otp-storage-and-limits.md): sends are reserved
// in a transaction that locks the claim (so two parallel sends cannot both pass the limits), the SMS
// goes out after the commit, and a failed SMS hands the send back. Guesses count atomically.
// A submitted claim takes no OTP call: its verified number went out with it. Refusals are answered
// as values; one inside a transaction rolls it back (refusableTransaction). The limits a send
// passes are in otp-send-limits.ts.

export const OTP_SERVICE_MESSAGES = {
  /** An OTP call on a submitted claim: its verified number is part of what was submitted. */
  claimClosed: "This claim has been submitted, so its mobile number can no longer be changed.",
  /** A device key header the widget would never send. */
} as const;

export type OtpServiceDeps = {
  db: Database;
  config: ServerConfig;
  secret: string;
  sms: SmsSender;
  /** The published words of the code SMS (decision 0096). */
  wordsOf: MessageWordsOf;
  metrics: Pick<ServerMetrics, "otpSend">;
};

type SendKind = "request" | "reset";

/**
 * Who asked: the client address (its sends are counted by the challenge gate, decision 0061); the
 * widget's device key (null when the caller sent none) binds the number's limits to the device
 * (decision 0062); the request's logger.
 */
export type OtpCaller = { ip: string; deviceKey: string | null; log: FastifyBaseLogger };

const claimClosed: Refusal = { refused: "claim-closed", message: OTP_SERVICE_MESSAGES.claimClosed };

function closedClaim(claim: Pick<Claim, "status"> | null): Refusal | null {
  return claim && claim.status !== CLAIM_RECORD_STATUS.draft ? claimClosed : null;
}

const noActiveOtp: Refusal = { refused: "no-active-otp", message: API_MESSAGES.noActiveOtp };
const otpLocked: Refusal = { refused: "otp-locked", message: DECIDED_MESSAGES.otpCodeLocked };

/** A send counted and its code stored, before its SMS leaves. */
type Reserved = {
  id: string;
  code: string;
  mobile: string;
  companyName: string;
  /** The words of the claim's company, channel and language its code SMS is written in. */
  words: MessageWords;
  /** The claim's company's SMS sender name; null for the setting's. */
  smsSender: string | null;
  sendsLeft: number;
};

/** Counts the send and stores its code under the claim's lock, or refuses it. */
async function reserveSend(
  deps: OtpServiceDeps,
  tx: Queryable,
  send: {
    access: ClaimAccess;
    kind: SendKind;
    mobileNumber: string | null;
    deviceKey: string | null;
    now: Date;
  },
): Promise<(Reserved & { hits: SendHit[] }) | Refusal> {
  const { secret, config } = deps;
  const { access, kind, mobileNumber, deviceKey, now } = send;
  const claim = await findClaim(tx, access.claimId, true);
  if (!claim) return noActiveOtp;
  const closed = closedClaim(claim);
  if (closed) return closed;
  const mobile = kind === "request" ? mobileNumber : claim.mobileNumber;
  if (!mobile) return noActiveOtp;

  const device = deviceHashOf(secret, deviceKey, claim.id);
  const limits = await claimSendRefusal(deps, tx, {
    claimId: claim.id,
    mobile,
    device,
    deviceKeySent: deviceKey !== null,
    now,
  });
  if (isRefusal(limits)) return limits;
  const { sendsLeft, proven } = limits;

  const id = randomUUID();
  const code = newOtpCode();
  await reserveCode(tx, {
    id,
    claimId: claim.id,
    codeHash: hashOtpCode(secret, id, code),
    mobileNumber: mobile,
    deviceHash: device,
    now,
    expiresAt: new Date(now.getTime() + config.otp.ttlSeconds * 1000),
  });
  const { companyId, smsSender } = await companySenders(tx, claim.companyName, claim.locale);
  const { channelName, locale } = claim;
  const words = await deps.wordsOf(tx, { companyId, channelName, locale });
  // The rate buckets last: every send takes the hourly one, so its row stays locked only from this
  // statement to the commit, not through the reads and writes above. A refusal rolls back them all.
  // Nor through the commit's disk flush: the send's answer waits for the synchronous commit that
  // marks it sent (or gives it back), which flushes this one with it.
  await commitWithoutWaitingForFlush(tx);
  const hits = sendHits(deps, mobile, device, proven);
  const limited = await takeSendHits(tx, hits, now, sendsLeft);
  if (limited) return limited;
  return {
    id,
    code,
    mobile,
    companyName: claim.companyName,
    words,
    smsSender,
    sendsLeft: sendsLeft - 1,
    hits,
  };
}

/** requestOneTimePIN (mobile given) and resetOneTimePIN (the number of the last send). */
async function sendCode(
  deps: OtpServiceDeps,
  access: ClaimAccess,
  kind: SendKind,
  mobileNumber: string | null,
  { deviceKey, log }: OtpCaller,
): Promise<OtpSentResponse | Refusal> {
  const { db, config, sms } = deps;
  const now = config.now();
  const reserved = await refusableTransaction(db, (tx) =>
    reserveSend(deps, tx, { access, kind, mobileNumber, deviceKey, now }),
  );
  if (isRefusal(reserved)) return reserved;

  try {
    await sms.send({
      to: toInternationalMobile(reserved.mobile),
      text: otpSmsText(reserved.companyName, reserved.code, config.otp.ttlSeconds, reserved.words),
      ...(reserved.smsSender ? { from: reserved.smsSender } : {}),
    });
  } catch (error) {
    deps.metrics.otpSend("failed");
    await db.transaction(async (tx) => {
      await markCodeSent(tx, reserved.id, false);
      for (const [bucket, window] of reserved.hits) await giveBackHit(tx, bucket, window, now);
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
  deps.metrics.otpSend("sent");

  await db.transaction(async (tx) => {
    await markCodeSent(tx, reserved.id, true);
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
    resendAvailableInSeconds: config.otp.resendWaitSeconds,
  };
}

/** Uses the right code under the claim's lock and replaces the token with an otp-verified one. */
async function useRightCode(
  { db, secret, config }: OtpServiceDeps,
  access: ClaimAccess,
  live: { id: string; mobile_number: string },
  deviceKey: string | null,
  now: Date,
): Promise<string | Refusal> {
  return refusableTransaction(db, async (tx): Promise<string | Refusal> => {
    // The submit locks the claim too, so a code cannot be used on a claim being submitted: the
    // number is recorded first, under that lock, and a refusal below rolls it back.
    if (!(await recordDraftVerifiedNumber(tx, access.claimId, live.mobile_number, now))) {
      return claimClosed;
    }
    // Another call used or locked the code between the read and now.
    if (!(await useCode(tx, live.id, now, config.otp.wrongGuessesPerCode))) return noActiveOtp;
    await revokeToken(tx, access.tokenHash, now);
    // The device that entered the right code has proven the number: its sends no longer share
    // the allowance strangers can use up (decision 0062).
    if (deviceKey !== null) {
      await recordProvenDevice(
        tx,
        live.mobile_number,
        deviceHashOf(secret, deviceKey, access.claimId),
        now,
      );
    }
    return issueToken(tx, {
      claimId: access.claimId,
      rights: "otp-verified",
      now,
      // The verified token keeps the absolute end of the token it replaces.
      expiresAt: access.expiresAt,
    });
  });
}

/** validateOneTimePIN: on success the token is replaced by an otp-verified one. */
async function validateCode(
  deps: OtpServiceDeps,
  access: ClaimAccess,
  code: string,
  { deviceKey, log }: OtpCaller,
): Promise<OtpValidatedResponse | Refusal> {
  const { db, secret, config } = deps;
  const otp = config.otp;
  const now = config.now();
  // Before any guess is counted (the token's read says whether the claim is still a draft); checked
  // again under the claim's lock below.
  if (access.draftLocale === null) return claimClosed;
  const live = await latestSentCode(db, access.claimId);
  if (!live || live.used_at) return noActiveOtp;
  if (live.wrong_guesses >= otp.wrongGuessesPerCode) return otpLocked;
  if (new Date(live.expires_at).getTime() <= now.getTime()) {
    return { refused: "expired-otp", message: EXPIRED_OTP };
  }

  if (!otpCodeMatches(secret, live.id, code, live.code_hash)) {
    const wrongGuesses = await countWrongGuess(db, live.id, otp.wrongGuessesPerCode);
    if (wrongGuesses === null) return otpLocked;
    log.info({ webReferenceNumber: access.webReferenceNumber, wrongGuesses }, "OTP wrong");
    return {
      refused: "wrong-otp",
      message: WRONG_OTP,
      guessesLeft: otp.wrongGuessesPerCode - wrongGuesses,
    };
  }

  const token = await useRightCode(deps, access, live, deviceKey, now);
  if (isRefusal(token)) return token;
  log.info(
    { webReferenceNumber: access.webReferenceNumber, mobile: maskLast4(live.mobile_number) },
    "OTP verified",
  );
  // The number's other open drafts, so the widget can offer to continue one (decision 0044).
  const drafts = await openDraftsOfNumber(db, {
    mobileNumber: live.mobile_number,
    companyName: access.companyName,
    exceptClaimId: access.claimId,
    now,
  });
  return { returnCode: RETURN_CODES.ok, token, drafts };
}

/** The OTP calls bound to their dependencies. */
export function createOtpService(deps: OtpServiceDeps) {
  return {
    sendCode: (
      access: ClaimAccess,
      kind: SendKind,
      mobileNumber: string | null,
      caller: OtpCaller,
    ): Promise<OtpSentResponse | Refusal> => sendCode(deps, access, kind, mobileNumber, caller),
    validateCode: (
      access: ClaimAccess,
      code: string,
      caller: OtpCaller,
    ): Promise<OtpValidatedResponse | Refusal> => validateCode(deps, access, code, caller),
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
