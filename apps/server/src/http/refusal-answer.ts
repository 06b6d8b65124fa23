import { RETURN_CODES, type ReturnCode } from "@kalinga/domain/claim-api";
import { SYSTEM_ERROR } from "@kalinga/domain/messages";
import type { Refusal } from "../refusal.ts";
import { ApiError, tooManyRequests } from "./api-error.ts";

// The one place a service's refusal becomes an answer: 417 with the returnCode the widget acts on,
// 413 for a file over the size limit, 429 with Retry-After, 502 when the SMS provider failed.

const RETURN_CODE_OF: Record<
  Exclude<Refusal["refused"], "too-many-requests" | "sms-provider-failed">,
  ReturnCode
> = {
  "claim-closed": RETURN_CODES.claimClosed,
  "not-found": RETURN_CODES.documentNotFound,
  "missing-documents": RETURN_CODES.missingDocuments,
  "claim-not-submitted": RETURN_CODES.claimNotSubmitted,
  "draft-not-found": RETURN_CODES.draftNotFound,
  "no-active-otp": RETURN_CODES.noActiveOtp,
  "wrong-otp": RETURN_CODES.wrongOtp,
  "expired-otp": RETURN_CODES.expiredOtp,
  "otp-locked": RETURN_CODES.otpLocked,
  "otp-sends-exhausted": RETURN_CODES.otpSendsExhausted,
  type: RETURN_CODES.documentRefused,
  "too-large": RETURN_CODES.documentRefused,
  "too-many-pixels": RETURN_CODES.documentRefused,
  "too-many-pages": RETURN_CODES.documentRefused,
  unreadable: RETURN_CODES.documentRefused,
  "claim-file-count": RETURN_CODES.documentRefused,
  "claim-too-large": RETURN_CODES.documentRefused,
  "slot-full": RETURN_CODES.documentRefused,
  "tracked-claim-not-found": RETURN_CODES.trackedClaimNotFound,
  "requirement-closed": RETURN_CODES.requirementClosed,
  "requirement-overdue": RETURN_CODES.requirementOverdue,
  "nothing-to-send": RETURN_CODES.nothingToSend,
  "policy-not-found": RETURN_CODES.policyNotFound,
};

export function refusalAnswer(refusal: Refusal): ApiError {
  switch (refusal.refused) {
    case "too-many-requests": {
      const { retryAfterSeconds, message, sendsLeft } = refusal;
      return tooManyRequests(
        retryAfterSeconds,
        message,
        sendsLeft === undefined ? {} : { sendsLeft },
      );
    }
    case "sms-provider-failed":
      return new ApiError(502, { returnCode: "502", message: SYSTEM_ERROR });
    case "missing-documents":
      return new ApiError(417, {
        returnCode: RETURN_CODES.missingDocuments,
        message: refusal.message,
        missing: refusal.missing,
      });
    case "wrong-otp":
      return new ApiError(417, {
        returnCode: RETURN_CODES.wrongOtp,
        message: refusal.message,
        guessesLeft: refusal.guessesLeft,
      });
    case "otp-sends-exhausted":
      return new ApiError(417, {
        returnCode: RETURN_CODES.otpSendsExhausted,
        message: refusal.message,
        sendsLeft: 0,
      });
    default: {
      const returnCode = RETURN_CODE_OF[refusal.refused];
      if (returnCode !== RETURN_CODES.documentRefused) {
        return new ApiError(417, { returnCode, message: refusal.message });
      }
      // The transport's size limit and the file's are one refusal, told apart by status alone.
      const status = refusal.refused === "too-large" ? 413 : 417;
      return new ApiError(status, {
        returnCode,
        message: refusal.message,
        refused: refusal.refused,
      });
    }
  }
}
