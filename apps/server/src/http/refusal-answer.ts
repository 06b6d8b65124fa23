import { SYSTEM_ERROR } from "@kalinga/domain/messages";
import { REFUSALS, type RefusalCode } from "@kalinga/domain/refusals";
import type { Refusal } from "../refusal.ts";
import { ApiError, tooManyRequests } from "./api-error.ts";

// The one place a claim service's refusal becomes an answer: the status and returnCode of the
// domain's refusal vocabulary (417 for the widget's refusals, 413 for a file over the size limit,
// 429 with Retry-After, 502 when the SMS provider failed).

/**
 * The vocabulary's code of a claim service's refusal (a kind the vocabulary lacks fails typecheck):
 * a claim service's "not-found" is a document of the claim, so the vocabulary names it so.
 */
function claimRefusalCode(refused: Refusal["refused"]): RefusalCode {
  return refused === "not-found" ? "document-not-found" : refused;
}

const DOCUMENT_REFUSED = REFUSALS.type.returnCode;

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
    case "sms-provider-failed": {
      const { status } = REFUSALS["sms-provider-failed"];
      return new ApiError(status, { returnCode: String(status), message: SYSTEM_ERROR });
    }
    case "missing-documents":
      return new ApiError(REFUSALS["missing-documents"].status, {
        returnCode: REFUSALS["missing-documents"].returnCode,
        message: refusal.message,
        missing: refusal.missing,
      });
    case "wrong-otp":
      return new ApiError(REFUSALS["wrong-otp"].status, {
        returnCode: REFUSALS["wrong-otp"].returnCode,
        message: refusal.message,
        guessesLeft: refusal.guessesLeft,
      });
    case "otp-sends-exhausted":
      return new ApiError(REFUSALS["otp-sends-exhausted"].status, {
        returnCode: REFUSALS["otp-sends-exhausted"].returnCode,
        message: refusal.message,
        sendsLeft: 0,
      });
    default: {
      const { status, returnCode } = REFUSALS[claimRefusalCode(refusal.refused)] as {
        status: number;
        returnCode: string;
      };
      // An upload's refusal says why, so the widget can tell the claimant what to change.
      const why = returnCode === DOCUMENT_REFUSED ? { refused: refusal.refused } : {};
      return new ApiError(status, { returnCode, message: refusal.message, ...why });
    }
  }
}
