import { DECIDED_MESSAGES, OTP_ATTEMPTS_EXHAUSTED } from "@kalinga/domain/messages";
import type { ServerConfig } from "../config.ts";
import { keyedHash } from "../http/keyed-hash.ts";
import {
  decisionOfHits,
  MANILA_OFFSET_SECONDS,
  type RateWindow,
  windowStart,
} from "../http/rate-limit.ts";
import type { Refusal } from "../refusal.ts";
import type { ReservedSend, SendBucket } from "./otp-code-repository.ts";

// The limits an OTP send passes before its code is stored (decisions 0012, 0061, 0062): the
// claim's sends and resend wait, a number locked after a claim used up its sends, and the rate
// buckets of the number, of a device that proved it, and of every address together. The send's
// statement (otp_reserve_send) applies them; here are its buckets and its refusals' answers.

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
  deps: SendLimitDeps,
  mobile: string,
  device: string,
  proven: boolean,
): SendHit[] {
  return taggedHits(deps, mobile, device)
    .filter(([set]) => set === "any" || set === (proven ? "proven" : "stranger"))
    .map(([, hit]) => hit);
}

type HitSet = SendBucket["set"];

/** Every bucket a send to the number may take, in the order a refusal is judged, with its set. */
function taggedHits({ secret, config }: SendLimitDeps, mobile: string, device: string) {
  const otp = config.otp;
  const provenBucket = `otp-mobile-device:${keyedHash(secret, "mobile-device", mobile, device)}`;
  const hits: [HitSet, SendHit][] = [
    [
      "any",
      [
        `otp-mobile-all:${keyedHash(secret, "mobile-all", mobile)}`,
        dayWindow(otp.mobileDailyCeiling),
      ],
    ],
    ["proven", [provenBucket, dayWindow(otp.provenDeviceDailyLimit)]],
    [
      "stranger",
      [`otp-mobile:${keyedHash(secret, "mobile", mobile)}`, dayWindow(otp.mobileDailyLimit)],
    ],
    ["stranger", [HOURLY_BUCKET, { limit: otp.sendHourlyLimit, seconds: 3600 }]],
  ];
  return hits;
}

/** The buckets as the send's statement takes them: those of its set, once it knows whether the device proved the number. */
export function sendBuckets(
  deps: SendLimitDeps,
  mobile: string,
  device: string,
  now: Date,
): SendBucket[] {
  return taggedHits(deps, mobile, device).map(([set, [bucket, window]]) => ({
    bucket,
    windowStart: windowStart(now, window),
    limit: window.limit,
    set,
  }));
}

/** What the send's statement judged by (the exhausted sends and the lock before the resend wait, the buckets last). */
export function sendRefusal(
  deps: SendLimitDeps,
  judged: ReservedSend,
  send: { mobile: string; device: string; now: Date },
): Refusal | null {
  const { otp } = deps.config;
  const sendsLeft = otp.sendsPerClaim - judged.sendsUsed;
  if (judged.outcome === "exhausted") {
    return { refused: "otp-sends-exhausted", message: OTP_ATTEMPTS_EXHAUSTED };
  }
  if (judged.outcome === "wait" && judged.lastSentAt) {
    const waitLeft =
      judged.lastSentAt.getTime() + otp.resendWaitSeconds * 1000 - send.now.getTime();
    return {
      refused: "too-many-requests",
      message: DECIDED_MESSAGES.tooManyRequests,
      retryAfterSeconds: waitLeft / 1000,
      sendsLeft,
    };
  }
  if (judged.outcome !== "limited") return null;
  const hits = sendHits(deps, send.mobile, send.device, judged.proven);
  const decision = decisionOfHits(hits, judged.allowedBuckets, send.now);
  return {
    refused: "too-many-requests",
    message: DECIDED_MESSAGES.tooManyRequests,
    retryAfterSeconds: decision.allowed ? 1 : decision.retryAfterSeconds,
    sendsLeft,
  };
}

/** The windows a send's judgement looks back over: its exhausted-number lock and its device's proof. */
export function sendLookback({ config }: Pick<SendLimitDeps, "config">, now: Date) {
  const { otp } = config;
  return {
    exhaustedSince: new Date(now.getTime() - otp.exhaustedNumberLockHours * 3600 * 1000),
    provenSince: new Date(now.getTime() - otp.provenDeviceDays * DAY_SECONDS * 1000),
  };
}
