import { DECIDED_MESSAGES, OTP_ATTEMPTS_EXHAUSTED } from "@kalinga/domain/messages";
import type { ServerConfig } from "../config.ts";
import type { Queryable } from "../db/database.ts";
import { keyedHash } from "../http/keyed-hash.ts";
import { MANILA_OFFSET_SECONDS, type RateWindow, takeHitsTogether } from "../http/rate-limit.ts";
import type { Refusal } from "../refusal.ts";
import { sendHistory } from "./otp-code-repository.ts";

// The limits an OTP send passes before its code is stored (decisions 0012, 0061, 0062): the
// claim's sends and resend wait, a number locked after a claim used up its sends, and the rate
// buckets of the number, of a device that proved it, and of every address together.

type SendLimitDeps = { secret: string; config: ServerConfig };

const DAY_SECONDS = 24 * 3600;

export type SendHit = [bucket: string, window: RateWindow];

/** A day's allowance, counted in Manila days. */
function dayWindow(limit: number): RateWindow {
  return { limit, seconds: DAY_SECONDS, offsetSeconds: MANILA_OFFSET_SECONDS };
}

// Every address together: the SMS bill stays bounded whatever addresses a flood comes from.
const HOURLY_BUCKET = "otp-send-hourly";

/** The stored device: a keyed hash of the widget's key, or the claim itself without one. */
export function deviceHashOf(secret: string, deviceKey: string | null, claimId: string): string {
  return deviceKey ? `device:${keyedHash(secret, "device", deviceKey)}` : `claim:${claimId}`;
}

/**
 * The rate buckets a send to the number takes. Strangers' sends to a number share one allowance; a
 * device that proved the number has its own, and the ceiling bounds them all (decision 0062). A
 * flood from many addresses can fill the hourly ceiling: a device that proved the number still gets
 * its code, bounded by its own allowance (decisions 0061, 0062).
 */
export function sendHits(
  { secret, config }: SendLimitDeps,
  mobile: string,
  device: string,
  proven: boolean,
): SendHit[] {
  const otp = config.otp;
  const ceiling: SendHit = [
    `otp-mobile-all:${keyedHash(secret, "mobile-all", mobile)}`,
    dayWindow(otp.mobileDailyCeiling),
  ];
  if (proven) {
    const provenBucket = `otp-mobile-device:${keyedHash(secret, "mobile-device", mobile, device)}`;
    return [ceiling, [provenBucket, dayWindow(otp.provenDeviceDailyLimit)]];
  }
  return [
    ceiling,
    [`otp-mobile:${keyedHash(secret, "mobile", mobile)}`, dayWindow(otp.mobileDailyLimit)],
    [HOURLY_BUCKET, { limit: otp.sendHourlyLimit, seconds: 3600 }],
  ];
}

/**
 * The limits of the claim and the number that refuse a send before any bucket is taken; else the
 * sends left and whether the device proved the number (a device key sent, and a right code entered
 * within the proven-device days).
 */
export async function claimSendRefusal(
  { config }: Pick<SendLimitDeps, "config">,
  tx: Queryable,
  send: { claimId: string; mobile: string; device: string; deviceKeySent: boolean; now: Date },
): Promise<Refusal | { sendsLeft: number; proven: boolean }> {
  const { otp } = config;
  const { claimId, mobile, device, now } = send;
  const history = await sendHistory(tx, {
    claimId,
    mobileNumber: mobile,
    deviceHash: device,
    exhaustedSince: new Date(now.getTime() - otp.exhaustedNumberLockHours * 3600 * 1000),
    sendsPerClaim: otp.sendsPerClaim,
    provenSince: new Date(now.getTime() - otp.provenDeviceDays * DAY_SECONDS * 1000),
  });
  const sendsLeft = otp.sendsPerClaim - history.used;
  if (sendsLeft <= 0) return { refused: "otp-sends-exhausted", message: OTP_ATTEMPTS_EXHAUSTED };
  if (history.exhausted) {
    return { refused: "otp-sends-exhausted", message: OTP_ATTEMPTS_EXHAUSTED };
  }
  if (history.lastSentAt) {
    const waitLeft = history.lastSentAt.getTime() + otp.resendWaitSeconds * 1000 - now.getTime();
    if (waitLeft > 0) {
      return {
        refused: "too-many-requests",
        message: DECIDED_MESSAGES.tooManyRequests,
        retryAfterSeconds: waitLeft / 1000,
        sendsLeft,
      };
    }
  }
  return { sendsLeft, proven: send.deviceKeySent && history.proven };
}

/** Takes every hit of the send; a refusal rolls back the ones taken with the transaction. */
export async function takeSendHits(
  tx: Queryable,
  hits: SendHit[],
  now: Date,
  sendsLeft: number,
): Promise<Refusal | null> {
  const decision = await takeHitsTogether(tx, hits, now);
  if (decision.allowed) return null;
  return {
    refused: "too-many-requests",
    message: DECIDED_MESSAGES.tooManyRequests,
    retryAfterSeconds: decision.retryAfterSeconds,
    sendsLeft,
  };
}
