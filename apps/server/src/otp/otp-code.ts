import { createHash, randomInt } from "node:crypto";
import { OTP_LENGTH } from "@kalinga/domain/constants";
import { fill } from "@kalinga/domain/localized-texts";
import { keyedHash, sameHash } from "../http/keyed-hash.ts";
import { type MessageWords, messageTexts } from "../notifications/message-locale.ts";
import { OTP_SMS_TEXTS } from "./otp-texts.ts";

// A code is 6 digits from the CSPRNG (leading zeros allowed). Only a hash of its HMAC is stored,
// keyed by the server secret and bound to its claim and its row, so a hash cannot be replayed on
// another code.

export function newOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, "0");
}

/**
 * A code as the database compares it (decision 0108): keyed by the server secret and bound to its
 * claim, so the database can judge a guess in the statement that counts it, without the secret.
 */
export function claimCodeHash(secret: string, claimId: string, code: string): string {
  return keyedHash(secret, "otp-claim", claimId, code);
}

/** The stored hash of a code: bound to its row too, so it cannot be replayed on another code. */
export function storedCodeHash(codeId: string, claimHash: string): string {
  return createHash("sha256").update(`${codeId}:${claimHash}`).digest("hex");
}

/** Whether a code stored before decision 0108 (the keyed hash of its row and code) is this one. */
export function legacyCodeMatches(
  secret: string,
  codeId: string,
  code: string,
  storedHash: string,
) {
  return sameHash(keyedHash(secret, "otp", codeId, code), storedHash);
}

/** "Your Kalinga Life claim code is 123456. It expires in 5 minutes. Never share this code." */
export function otpSmsText(
  companyName: string,
  code: string,
  ttlSeconds: number,
  words: MessageWords,
): string {
  const minutes = Math.max(1, Math.ceil(ttlSeconds / 60));
  const T = messageTexts(OTP_SMS_TEXTS, words);
  return fill(minutes === 1 ? T.codeOneMinute : T.code, { company: companyName, code, minutes });
}
