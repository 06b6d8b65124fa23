import * as z from "zod/mini";
import {
  COUNTRY_CODE,
  MOBILE_NUMBER_DIGITS,
  OTP_LENGTH,
  PHILIPPINE_MOBILE_NUMBER,
} from "./constants.ts";
import { FIELD_MESSAGES as M } from "./messages.ts";

// The mobile number pane and the six code boxes of the OTP modal (section 5).

export const otpMobileNumberSchema = z
  .string({ error: M.otpMobileRequired })
  .check(
    z.minLength(1, { message: M.otpMobileRequired, abort: true }),
    z.regex(PHILIPPINE_MOBILE_NUMBER, M.otpMobileInvalid),
  );

export const otpCodeSchema = z.string().check(z.regex(new RegExp(`^\\d{${OTP_LENGTH}}$`)));

/** What a mobile input or an OTP box keeps of what was typed: digits only, up to the limit. */
export function keepDigits(text: string, max: number): string {
  return text.replace(/\D/g, "").slice(0, max);
}

/**
 * What a mobile input keeps of what was typed or pasted: digits only, at most 10, without the
 * country code or trunk 0 people often include ("+63 917 123 4567", "0917-123-4567").
 */
export function keepMobileDigits(text: string): string {
  let digits = text.replace(/\D/g, "");
  if (
    digits.startsWith(COUNTRY_CODE) &&
    digits.length >= MOBILE_NUMBER_DIGITS + COUNTRY_CODE.length
  ) {
    digits = digits.slice(COUNTRY_CODE.length);
  } else if (digits.startsWith("0") && digits.length > MOBILE_NUMBER_DIGITS) {
    digits = digits.slice(1);
  }
  return digits.slice(0, MOBILE_NUMBER_DIGITS);
}

/** "9171234567" → "639171234567", the form SMS gateways and the outbox use. */
export function toInternationalMobile(mobileNumber: string): string {
  return `${COUNTRY_CODE}${mobileNumber}`;
}
