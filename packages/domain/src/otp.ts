import * as z from "zod/mini";
import { COUNTRY_CODE, OTP_LENGTH, PHILIPPINE_MOBILE_NUMBER } from "./constants.ts";
import { FIELD_MESSAGES as M } from "./messages.ts";

// The mobile number pane and the six code boxes of the OTP modal (section 5).

// What the inputs keep of what is typed is in mobile-digits.ts, without zod, for the start step.
export { keepDigits, keepMobileDigits } from "./mobile-digits.ts";

export const otpMobileNumberSchema = z
  .string({ error: M.otpMobileRequired })
  .check(
    z.minLength(1, { message: M.otpMobileRequired, abort: true }),
    z.regex(PHILIPPINE_MOBILE_NUMBER, M.otpMobileInvalid),
  );

export const otpCodeSchema = z.string().check(z.regex(new RegExp(`^\\d{${OTP_LENGTH}}$`)));

/** "9171234567" → "639171234567", the form SMS gateways and the outbox use. */
export function toInternationalMobile(mobileNumber: string): string {
  return `${COUNTRY_CODE}${mobileNumber}`;
}
