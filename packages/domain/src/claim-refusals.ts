import type {
  DocumentRefusedReason,
  MissingDocument,
  ProofOfWorkChallenge,
  TokenEndReason,
} from "./claim-api.ts";
import { RETURN_CODES } from "./claim-call-parts.ts";

// What a claim call answers when its service will not do what was asked: each refusal kind with
// its HTTP status and returnCode, and what its body carries. Each row of the call table lists the
// kinds it can answer (docs/decisions/0074); the server's refusal mapper answers them so.

const refusedAs = <Status extends number, Code extends string>(
  status: Status,
  returnCode: Code,
) => ({
  status,
  returnCode,
});
const refusedDocument = refusedAs(417, RETURN_CODES.documentRefused);

export const CLAIM_REFUSALS = {
  /** The claim is submitted: its documents, its mobile number and its payload are frozen. */
  "claim-closed": refusedAs(417, RETURN_CODES.claimClosed),
  "not-found": refusedAs(417, RETURN_CODES.documentNotFound),
  "missing-documents": refusedAs(417, RETURN_CODES.missingDocuments),
  "claim-not-submitted": refusedAs(417, RETURN_CODES.claimNotSubmitted),
  "draft-not-found": refusedAs(417, RETURN_CODES.draftNotFound),
  "no-active-otp": refusedAs(417, RETURN_CODES.noActiveOtp),
  "wrong-otp": refusedAs(417, RETURN_CODES.wrongOtp),
  "expired-otp": refusedAs(417, RETURN_CODES.expiredOtp),
  "otp-locked": refusedAs(417, RETURN_CODES.otpLocked),
  "otp-sends-exhausted": refusedAs(417, RETURN_CODES.otpSendsExhausted),
  type: refusedDocument,
  /** The transport's size limit and the file's are one refusal, told apart by status alone. */
  "too-large": refusedAs(413, RETURN_CODES.documentRefused),
  "too-many-pixels": refusedDocument,
  "too-many-pages": refusedDocument,
  unreadable: refusedDocument,
  "claim-file-count": refusedDocument,
  "claim-too-large": refusedDocument,
  "slot-full": refusedDocument,
  "too-many-requests": refusedAs(429, RETURN_CODES.resendTooSoon),
  /** Nothing was sent and nothing was counted. */
  "sms-provider-failed": refusedAs(502, "502"),
  "tracked-claim-not-found": refusedAs(417, RETURN_CODES.trackedClaimNotFound),
  "requirement-closed": refusedAs(417, RETURN_CODES.requirementClosed),
  "requirement-overdue": refusedAs(417, RETURN_CODES.requirementOverdue),
  "nothing-to-send": refusedAs(417, RETURN_CODES.nothingToSend),
  "policy-not-found": refusedAs(417, RETURN_CODES.policyNotFound),
} as const satisfies Record<string, { status: number; returnCode: string }>;

export type ClaimRefusalKind = keyof typeof CLAIM_REFUSALS;

/** What a refusal's body carries besides its returnCode and message. */
type RefusalDetails = {
  /** The mandatory slots without a file. */
  "missing-documents": { missing: MissingDocument[] };
  /** How many more wrong codes this code takes before it locks. */
  "wrong-otp": { guessesLeft: number };
  "otp-sends-exhausted": { sendsLeft: 0 };
  "too-many-requests": { retryAfterSeconds: number; sendsLeft?: number };
} & { [Reason in DocumentRefusedReason]: { refused: Reason } };

/** The JSON body of a refusal of kind K. */
export type ClaimRefusalBody<K extends ClaimRefusalKind> = K extends ClaimRefusalKind
  ? {
      returnCode: (typeof CLAIM_REFUSALS)[K]["returnCode"];
      message: string;
    } & (K extends keyof RefusalDetails ? RefusalDetails[K] : unknown)
  : never;

/**
 * What the checks before any handler answer, on every call: the HTTP status as the returnCode
 * (400 with the fields in error, 401 with why a token ended), and 429 with the returnCode "6",
 * a challenge above the address's normal rate or a Retry-After (decision 0061).
 */
export type ClaimCallErrorBody =
  | { returnCode: "400"; message: string; errors: { field: string; message: string }[] }
  | { returnCode: "401"; message: string; reason?: TokenEndReason }
  | {
      returnCode: "403" | "404" | "405" | "409" | "413" | "415" | "422" | "500" | "502" | "503";
      message: string;
    }
  | {
      returnCode: typeof RETURN_CODES.resendTooSoon;
      message: string;
      retryAfterSeconds?: number;
      challenge?: ProofOfWorkChallenge;
      challengeRefused?: string;
    };
