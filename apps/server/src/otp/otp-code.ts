import { randomInt } from "node:crypto";
import { OTP_LENGTH } from "@kalinga/domain/constants";
import { fill } from "@kalinga/domain/localized-texts";
import { keyedHash, sameHash } from "../http/keyed-hash.ts";
import { type MessageWords, messageTexts } from "../notifications/message-locale.ts";
import { OTP_SMS_TEXTS } from "./otp-texts.ts";

// A code is 6 digits from the CSPRNG (leading zeros allowed). Only its HMAC is stored, keyed by the
// server secret and bound to the row it belongs to, so a hash cannot be replayed on another code.

export function newOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, "0");
}

export function hashOtpCode(secret: string, codeId: string, code: string): string {
  return keyedHash(secret, "otp", codeId, code);
}

export function otpCodeMatches(secret: string, codeId: string, code: string, storedHash: string) {
  return sameHash(hashOtpCode(secret, codeId, code), storedHash);
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
