import { defineTexts } from "@kalinga/domain/localized-texts";

// The OTP SMS, keyed (decision 0089): plain characters (the GSM alphabet), one part, no name.

export const OTP_SMS_TEXTS = defineTexts("sms-otp", {
  code: "Your {company} claim code is {code}. It expires in {minutes} minutes. Never share this code.",
  codeOneMinute:
    "Your {company} claim code is {code}. It expires in 1 minute. Never share this code.",
});
