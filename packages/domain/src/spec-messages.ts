// The messages the specification states word for word, apart from their keyed groups in
// messages.ts, so a bundle that shows only these carries none of the groups.

export const SYSTEM_ERROR = "There\u2019s a system error, please try again.";
export const SYSTEM_ERROR_BUTTON = "Got it";
export const WRONG_OTP = "You have entered a wrong OTP";
export const EXPIRED_OTP =
  "The OTP you entered has expired. Please request a new OTP and try again.";
export const OTP_ATTEMPTS_EXHAUSTED =
  "Sorry, you have entered an invalid OTP. After 3 attempts, we will no longer be able to generate a new OTP for you. Kindly seek assistance from your financial advisor.";
export const OTP_ATTEMPTS_EXHAUSTED_BUTTON = "Exit";
export const UNEXPECTED_APPLICATION_ERROR = "Unexpected Application Error!";
