import { OTP_COUNTDOWN_SECONDS, OTP_SEND_ATTEMPTS } from "@kalinga/domain/constants";
import { ConfigError, type Env, integer } from "./config-values.ts";

// How much one claimant, number, address or token may do, and how long things last.

export type OtpConfig = {
  ttlSeconds: number;
  resendWaitSeconds: number;
  sendsPerClaim: number;
  wrongGuessesPerCode: number;
  /** Sends to one number per Manila day from devices that have not proven it (decision 0062). */
  mobileDailyLimit: number;
  /** Sends to one number per Manila day from one device that entered a right code for it. */
  provenDeviceDailyLimit: number;
  /** Every send to one number per Manila day, whoever asks: the most SMS a number can receive. */
  mobileDailyCeiling: number;
  /** How long a device's right code keeps it proven for that number. */
  provenDeviceDays: number;
  /** How long a number whose sends ran out on a claim, unverified, gets no OTP from that device. */
  exhaustedNumberLockHours: number;
  /** OTP sends one client address makes per window before each further send needs a challenge. */
  sendAddressLimit: number;
  sendAddressWindowSeconds: number;
  /** Past this many sends per window from one address, the challenge's work grows without a cap. */
  sendAddressCeiling: number;
  /** SMS sent from all addresses together per hour: bounds the SMS bill whatever the addresses. */
  sendHourlyLimit: number;
};

export type AddressLimit = { addressLimit: number; addressWindowSeconds: number };

/** The proof-of-work challenge asked above an address's normal rate (docs/decisions/0061). */
export type ChallengeConfig = {
  /** Expected SHA-256 derivations just above the normal rate; doubles every normal rate more. */
  startWork: number;
  /** The most an honest claimant is asked, below the SMS ceiling. */
  maxWork: number;
  ttlSeconds: number;
};

export type TokenConfig = { idleSeconds: number; maxAgeSeconds: number };

/** A draft is deleted expiryDays after its last save; one SMS reminder reminderDaysBefore that. */
export type DraftConfig = { expiryDays: number; reminderDaysBefore: number };

// The per-address limits are sized for many claimants behind one carrier-grade NAT address
// (docs/decisions/0030-limits-behind-carrier-nat.md); above the normal rates of starts and sends a
// proof-of-work challenge is asked instead of a refusal (docs/decisions/0061).
const ADDRESS_WINDOW_SECONDS = 600;
const DAY_SECONDS = 24 * 3600;

/** A count per client address and its window, from NAME_ADDRESS_LIMIT and NAME_ADDRESS_WINDOW_SECONDS. */
function addressLimit(
  env: Env,
  prefix: string,
  defaults: { limit: number; windowSeconds: number },
): AddressLimit {
  return {
    addressLimit: integer(env, `${prefix}_ADDRESS_LIMIT`, defaults.limit, 1, 1_000_000),
    addressWindowSeconds: integer(
      env,
      `${prefix}_ADDRESS_WINDOW_SECONDS`,
      defaults.windowSeconds,
      1,
      DAY_SECONDS,
    ),
  };
}

export function otpConfig(env: Env): OtpConfig {
  // The ceiling must leave a proven device its whole allowance after strangers used theirs (decision 0062).
  const mobileDailyLimit = integer(env, "OTP_MOBILE_DAILY_LIMIT", 10, 1, 1000);
  const provenDeviceDailyLimit = integer(env, "OTP_PROVEN_DEVICE_DAILY_LIMIT", 10, 1, 1000);
  const mobileDailyCeiling = integer(
    env,
    "OTP_MOBILE_DAILY_CEILING",
    mobileDailyLimit + 2 * provenDeviceDailyLimit,
    1,
    10_000,
  );
  if (mobileDailyCeiling < mobileDailyLimit + provenDeviceDailyLimit) {
    throw new ConfigError(
      `OTP_MOBILE_DAILY_CEILING must be at least OTP_MOBILE_DAILY_LIMIT + OTP_PROVEN_DEVICE_DAILY_LIMIT (${mobileDailyLimit + provenDeviceDailyLimit}), so strangers' sends cannot use up the number owner's allowance.`,
    );
  }
  return {
    ttlSeconds: integer(env, "OTP_TTL_SECONDS", 300, 1, 600),
    resendWaitSeconds: integer(env, "OTP_RESEND_WAIT_SECONDS", OTP_COUNTDOWN_SECONDS, 0, 3600),
    sendsPerClaim: OTP_SEND_ATTEMPTS,
    wrongGuessesPerCode: 5,
    mobileDailyLimit,
    provenDeviceDailyLimit,
    mobileDailyCeiling,
    provenDeviceDays: integer(env, "OTP_PROVEN_DEVICE_DAYS", 365, 1, 3660),
    exhaustedNumberLockHours: integer(env, "OTP_EXHAUSTED_NUMBER_LOCK_HOURS", 24, 0, 168),
    sendAddressLimit: integer(env, "OTP_SEND_ADDRESS_LIMIT", 30, 1, 1_000_000),
    sendAddressWindowSeconds: integer(
      env,
      "OTP_SEND_ADDRESS_WINDOW_SECONDS",
      ADDRESS_WINDOW_SECONDS,
      1,
      DAY_SECONDS,
    ),
    sendAddressCeiling: integer(env, "OTP_SEND_ADDRESS_CEILING", 300, 1, 1_000_000),
    sendHourlyLimit: integer(env, "OTP_SEND_HOURLY_LIMIT", 2_000, 1, 10_000_000),
  };
}

/** The per-address limits of starting claims, failed tokens and console passwords. */
export function addressLimits(env: Env) {
  return {
    claimStart: addressLimit(env, "CLAIM_START", {
      limit: 30,
      windowSeconds: ADDRESS_WINDOW_SECONDS,
    }),
    failedToken: addressLimit(env, "FAILED_TOKEN", {
      limit: 100,
      windowSeconds: ADDRESS_WINDOW_SECONDS,
    }),
    staffSignIn: addressLimit(env, "STAFF_SIGN_IN", { limit: 300, windowSeconds: 900 }),
  };
}

export function challengeConfig(env: Env): ChallengeConfig {
  const startWork = integer(env, "CHALLENGE_START_WORK", 2_000, 1, 1_000_000_000);
  return {
    startWork,
    // Below the start the work would shrink as the rate grows.
    maxWork: integer(
      env,
      "CHALLENGE_MAX_WORK",
      Math.max(50_000, startWork),
      startWork,
      1_000_000_000,
    ),
    ttlSeconds: integer(env, "CHALLENGE_TTL_SECONDS", 300, 10, 3600),
  };
}

export function tokenConfig(env: Env): TokenConfig {
  const idleSeconds = integer(env, "TOKEN_IDLE_SECONDS", 30 * 60, 60, DAY_SECONDS);
  const maxAgeSeconds = integer(env, "TOKEN_MAX_AGE_SECONDS", 12 * 3600, 60, 7 * DAY_SECONDS);
  if (idleSeconds > maxAgeSeconds) {
    throw new ConfigError("TOKEN_IDLE_SECONDS cannot be longer than TOKEN_MAX_AGE_SECONDS.");
  }
  return { idleSeconds, maxAgeSeconds };
}

export function draftConfig(env: Env): DraftConfig {
  const expiryDays = integer(env, "DRAFT_EXPIRY_DAYS", 30, 1, 365);
  const reminderDaysBefore = integer(env, "DRAFT_REMINDER_DAYS_BEFORE", 7, 0, 364);
  if (reminderDaysBefore >= expiryDays) {
    throw new ConfigError(
      `DRAFT_REMINDER_DAYS_BEFORE must be less than DRAFT_EXPIRY_DAYS (${expiryDays}), got ${reminderDaysBefore}.`,
    );
  }
  return { expiryDays, reminderDaysBefore };
}
