import { randomUUID } from "node:crypto";
import {
  type OtpSentResponse,
  type OtpValidatedResponse,
  RETURN_CODES,
} from "@kalinga/domain/claim-api";
import type { CompanyConfig } from "@kalinga/domain/company-config";
import { maskLast4 } from "@kalinga/domain/mask";
import { DECIDED_MESSAGES, EXPIRED_OTP, WRONG_OTP } from "@kalinga/domain/messages";
import { toInternationalMobile } from "@kalinga/domain/otp";
import type { FastifyBaseLogger } from "fastify";
import { sendersOf } from "../companies/company-senders.ts";
import type { ServerConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import { toOpenDraft } from "../drafts/draft-service.ts";
import { API_MESSAGES } from "../http/api-error.ts";
import type { CallGate } from "../http/claim-call-routes.ts";
import { type ClaimAccess, hashToken, newToken } from "../http/claim-token.ts";
import { giveBackHit } from "../http/rate-limit.ts";
import type { ServerMetrics } from "../metrics/server-metrics.ts";
import type { MessageWordsOf } from "../notifications/message-locale.ts";
import { isRefusal, type Refusal } from "../refusal.ts";
import type { SmsSender } from "../sms/sms-sender.ts";
import {
  claimCodeHash,
  legacyCodeMatches,
  newOtpCode,
  otpSmsText,
  storedCodeHash,
} from "./otp-code.ts";
import {
  type JudgedGuess,
  judgeGuess,
  markCodeFailed,
  markCodeSentTo,
  reserveCodeSend,
  type SendOutcome,
} from "./otp-code-repository.ts";
import {
  deviceHashOf,
  type SendHit,
  sendBuckets,
  sendHits,
  sendLookback,
  sendRefusal,
} from "./otp-send-limits.ts";

// The OTP challenge of a claim (docs/decisions/0012-otp-storage-and-limits.md): sends are reserved
// in one statement that locks the claim (so two parallel sends cannot both pass the limits), the SMS
// goes out after its commit, and a failed SMS hands the send back. Guesses count atomically, in one
// statement each too (decision 0108).
// A submitted claim takes no OTP call: its verified number went out with it. Refusals are answered
// as values; the statement that finds one has written nothing but the address's call and the
// claim's language, as before. The limits a send passes are in otp-send-limits.ts.

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
  /** The companies every call reads (decision 0083): whom the code's SMS is from. */
  companies: () => Promise<readonly CompanyConfig[]>;
};

type SendKind = "request" | "reset";

/**
 * Who asked: the client address (its sends are counted by the challenge gate, decision 0061); the
 * widget's device key (null when the caller sent none) binds the number's limits to the device
 * (decision 0062); the request's logger.
 */
export type OtpCaller = {
  ip: string;
  deviceKey: string | null;
  log: FastifyBaseLogger;
  /** The address's free send and the claim's language, for the send's statement (decision 0108). */
  gate: CallGate | null;
};

const claimClosed: Refusal = { refused: "claim-closed", message: OTP_SERVICE_MESSAGES.claimClosed };

const noActiveOtp: Refusal = { refused: "no-active-otp", message: API_MESSAGES.noActiveOtp };
const otpLocked: Refusal = { refused: "otp-locked", message: DECIDED_MESSAGES.otpCodeLocked };

/** A send counted and its code stored, before its SMS leaves. */
type Reserved = {
  id: string;
  code: string;
  mobile: string;
  /** The claim's company, channel and language, as the send read them under the claim's lock. */
  companyName: string;
  channelName: string;
  locale: string;
  sendsLeft: number;
  hits: SendHit[];
};

/** The send's statement's refusals that are not its limits'. */
const REFUSED: Partial<Record<SendOutcome, Refusal>> = {
  "no-claim": noActiveOtp,
  closed: claimClosed,
  "no-mobile": noActiveOtp,
};

/**
 * Counts the send and stores its code in one statement (otp_reserve_send), or refuses it. Above
 * its address's free rate the send is challenged first; a reset learns its number from the claim
 * (a second statement, as does a send whose claim changed number between).
 */
async function reserveSend(
  deps: OtpServiceDeps,
  send: {
    access: ClaimAccess;
    kind: SendKind;
    mobileNumber: string | null;
    caller: OtpCaller;
    now: Date;
  },
): Promise<Reserved | Refusal> {
  const { secret, config, db } = deps;
  const { access, kind, caller, now } = send;
  const device = deviceHashOf(secret, caller.deviceKey, access.claimId);
  let mobile = kind === "request" ? send.mobileNumber : null;
  let gate = caller.gate?.ticket ?? null;
  let locale = caller.gate?.locale ?? null;
  for (let attempt = 0; attempt < 4; attempt++) {
    const id = randomUUID();
    const code = newOtpCode();
    const judged = await reserveCodeSend(db, {
      claimId: access.claimId,
      kind,
      mobileNumber: mobile,
      deviceHash: device,
      deviceKeySent: caller.deviceKey !== null,
      now,
      ...sendLookback(deps, now),
      sendsPerClaim: config.otp.sendsPerClaim,
      resendWaitSeconds: config.otp.resendWaitSeconds,
      code: {
        id,
        hash: storedCodeHash(id, claimCodeHash(secret, access.claimId, code)),
        expiresAt: new Date(now.getTime() + config.otp.ttlSeconds * 1000),
      },
      buckets: mobile ? sendBuckets(deps, mobile, device, now) : [],
      gate,
      locale,
    });
    const refused = REFUSED[judged.outcome];
    if (refused) return refused;
    if (judged.outcome === "above-free") {
      // Nothing was done: the challenge decides, and counts the call when it passes.
      await gate?.passAboveFree();
      gate = null;
      continue;
    }
    // The address's call and the language are recorded; the send is judged again on this number.
    gate = null;
    locale = null;
    if (judged.outcome === "moved") {
      mobile = judged.claimMobile;
      continue;
    }
    if (!mobile) return noActiveOtp;
    const limited = sendRefusal(deps, judged, { mobile, device, now });
    if (limited) return limited;
    return {
      id,
      code,
      mobile,
      companyName: judged.companyName ?? access.companyName,
      channelName: judged.channelName ?? access.channelName,
      locale: judged.locale ?? "en",
      sendsLeft: config.otp.sendsPerClaim - judged.sendsUsed - 1,
      hits: sendHits(deps, mobile, device, judged.proven),
    };
  }
  throw new Error("The send's claim kept changing its number.");
}

/** The SMS's text and sender: the claim's company's, from the companies every call reads (decision 0083). */
async function smsOf(deps: OtpServiceDeps, reserved: Reserved) {
  const name = reserved.companyName.toLowerCase();
  const company = (await deps.companies()).find((c) => c.companyName.toLowerCase() === name);
  const { companyId, smsSender } = sendersOf(company ?? null, reserved.locale);
  const { channelName, locale } = reserved;
  const words = await deps.wordsOf(deps.db, { companyId, channelName, locale });
  const { ttlSeconds } = deps.config.otp;
  return {
    to: toInternationalMobile(reserved.mobile),
    text: otpSmsText(reserved.companyName, reserved.code, ttlSeconds, words),
    ...(smsSender ? { from: smsSender } : {}),
  };
}

/** requestOneTimePIN (mobile given) and resetOneTimePIN (the number of the last send). */
async function sendCode(
  deps: OtpServiceDeps,
  access: ClaimAccess,
  kind: SendKind,
  mobileNumber: string | null,
  caller: OtpCaller,
): Promise<OtpSentResponse | Refusal> {
  const { db, config, sms } = deps;
  const { log } = caller;
  const now = config.now();
  const reserved = await reserveSend(deps, { access, kind, mobileNumber, caller, now });
  if (isRefusal(reserved)) return reserved;

  try {
    await sms.send(await smsOf(deps, reserved));
  } catch (error) {
    deps.metrics.otpSend("failed");
    await db.transaction(async (tx) => {
      await markCodeFailed(tx, reserved.id);
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

  const sent = { id: reserved.id, claimId: access.claimId, mobileNumber: reserved.mobile, now };
  await markCodeSentTo(db, sent);
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

/**
 * The guess judged, counted or used in one statement (otp_validate); a code stored before decision
 * 0108 is compared here, and judged again with the answer.
 */
async function judge(
  { db, secret, config }: OtpServiceDeps,
  access: ClaimAccess,
  code: string,
  deviceKey: string | null,
  now: Date,
): Promise<{ judged: JudgedGuess; token: string }> {
  const token = newToken();
  const guess = {
    claimId: access.claimId,
    claimHash: claimCodeHash(secret, access.claimId, code),
    legacyHash: null as string | null,
    wrongGuessLimit: config.otp.wrongGuessesPerCode,
    now,
    tokenHash: access.tokenHash,
    newTokenHash: hashToken(token),
    // The verified token keeps the absolute end of the token it replaces.
    tokenExpiresAt: access.expiresAt,
    // The device that enters the right code proves the number (decision 0062).
    deviceHash: deviceKey === null ? null : deviceHashOf(secret, deviceKey, access.claimId),
    companyName: access.companyName,
  };
  const judged = await judgeGuess(db, guess);
  if (judged.outcome !== "legacy" || !judged.codeId || !judged.codeHash) return { judged, token };
  const right = legacyCodeMatches(secret, judged.codeId, code, judged.codeHash);
  return {
    judged: await judgeGuess(db, { ...guess, legacyHash: right ? judged.codeHash : "" }),
    token,
  };
}

/** validateOneTimePIN: on success the token is replaced by an otp-verified one. */
async function validateCode(
  deps: OtpServiceDeps,
  access: ClaimAccess,
  code: string,
  { deviceKey, log }: OtpCaller,
): Promise<OtpValidatedResponse | Refusal> {
  const otp = deps.config.otp;
  const now = deps.config.now();
  // Before any guess is counted (the token's read says whether the claim is still a draft); checked
  // again under the claim's lock by the guess's statement.
  if (access.draftLocale === null) return claimClosed;
  const { judged, token } = await judge(deps, access, code, deviceKey, now);
  switch (judged.outcome) {
    case "no-active":
    case "legacy":
      return noActiveOtp;
    case "locked":
      return otpLocked;
    case "expired":
      return { refused: "expired-otp", message: EXPIRED_OTP };
    case "closed":
      return claimClosed;
    case "wrong": {
      const { wrongGuesses } = judged;
      log.info({ webReferenceNumber: access.webReferenceNumber, wrongGuesses }, "OTP wrong");
      return {
        refused: "wrong-otp",
        message: WRONG_OTP,
        guessesLeft: otp.wrongGuessesPerCode - wrongGuesses,
      };
    }
  }
  log.info(
    {
      webReferenceNumber: access.webReferenceNumber,
      mobile: maskLast4(judged.mobileNumber ?? ""),
    },
    "OTP verified",
  );
  // The number's other open drafts, so the widget can offer to continue one (decision 0044).
  return { returnCode: RETURN_CODES.ok, token, drafts: judged.drafts.map(toOpenDraft) };
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
