import { COUNTRY_CODE, MOBILE_NUMBER_DIGITS } from "./constants.ts";

// What a mobile number input keeps of what is typed, apart from the OTP schemas (otp.ts), so the
// widget's start step carries no validation library.

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
