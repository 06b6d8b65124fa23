import { defineTexts } from "@kalinga/domain/localized-texts";

// Every text of the one-time-PIN modal, keyed, with its English default. Messages the server shares
// (wrong or expired code, attempts) are the domain's (DECIDED_MESSAGES and messages).

export const OTP_TEXTS = defineTexts("otp", {
  title: "Verify your mobile number",
  exhaustedTitle: "Unable to verify your mobile number",
  sendIntro: "We will send a 6-digit one-time PIN (OTP) by SMS to this number.",
  mobileNumber: "Mobile number",
  send: "Send OTP",
  /** "Enter the 6-digit code we sent to +63 9171234567." */
  codeIntro: "Enter the 6-digit code we sent to {prefix} {mobileNumber}.",
  codeLegend: "One-time PIN",
  /** Each box of the code: "Digit 1 of 6". */
  digit: "Digit {position} of {of}",
  submit: "Submit",
  /** "in 0:42": the time left before another code can be asked for. */
  resendIn: "Didn\u2019t get the code? You can ask for a new one in {countdown}.",
  resendNow: "Didn\u2019t get the code? You can ask for a new one now.",
  /** "Resend code (2)": the codes that can still be sent. */
  resend: "Resend code ({sendsLeft})",
  trackingTip:
    "Tip: use the mobile number you gave when you filed the claim. The SMS can take a minute in places with weak signal.",
  tip: "Tip: the SMS can take a minute in places with weak signal. Stay where your phone has coverage and keep this page open.",
});
