import { RETURN_CODES, type ReturnCode } from "./claim-api.ts";

// Every refusal a service or an API family can answer, named once with its HTTP status
// (docs/decisions/0073). The claim API answers a refusal with its returnCode (the widget branches on
// it); the insurer API and the console name the field at fault and the rule it broke. Each family
// words the message in its own texts and answers in its own body shape, but none picks a status.

type RefusalMeaning = {
  status: number;
  /** The claim API's returnCode; the status as text when none is given. */
  returnCode?: ReturnCode;
  /** The field at fault, as the insurer API and the console name it. */
  field?: string;
  /** The rule the field broke (decision 0070). */
  rule?: string;
};

const filed = (returnCode: ReturnCode) => ({ status: 417, returnCode }) as const;
const documentRefused = filed(RETURN_CODES.documentRefused);

export const REFUSALS = {
  // The claim and tracking calls: 417 with the returnCode the widget acts on.
  "claim-closed": filed(RETURN_CODES.claimClosed),
  "document-not-found": filed(RETURN_CODES.documentNotFound),
  "missing-documents": filed(RETURN_CODES.missingDocuments),
  "claim-not-submitted": filed(RETURN_CODES.claimNotSubmitted),
  "draft-not-found": filed(RETURN_CODES.draftNotFound),
  "no-active-otp": filed(RETURN_CODES.noActiveOtp),
  "wrong-otp": filed(RETURN_CODES.wrongOtp),
  "expired-otp": filed(RETURN_CODES.expiredOtp),
  "otp-locked": filed(RETURN_CODES.otpLocked),
  "otp-sends-exhausted": filed(RETURN_CODES.otpSendsExhausted),
  "tracked-claim-not-found": filed(RETURN_CODES.trackedClaimNotFound),
  "requirement-closed": filed(RETURN_CODES.requirementClosed),
  "requirement-overdue": filed(RETURN_CODES.requirementOverdue),
  "nothing-to-send": filed(RETURN_CODES.nothingToSend),
  "policy-not-found": filed(RETURN_CODES.policyNotFound),
  // An upload the file or the claim's limits refused; the transport's size limit and the file's
  // are one refusal, told apart by status alone.
  type: documentRefused,
  "too-large": { status: 413, returnCode: RETURN_CODES.documentRefused },
  "too-many-pixels": documentRefused,
  "too-many-pages": documentRefused,
  unreadable: documentRefused,
  "claim-file-count": documentRefused,
  "claim-too-large": documentRefused,
  "slot-full": documentRefused,
  "too-many-requests": { status: 429, returnCode: RETURN_CODES.resendTooSoon },
  /** Nothing was sent and nothing was counted. */
  "sms-provider-failed": { status: 502 },

  // The claim's lifecycle, as the insurer API and the console answer it.
  "not-found": { status: 404, field: "webReferenceNumber", rule: "exists" },
  "requirement-not-found": { status: 404, field: "id", rule: "exists" },
  "unknown-status": { status: 400, field: "status", rule: "one-of" },
  "not-allowed": { status: 409, field: "status", rule: "allowed-next-status" },
  "needs-requirements": { status: 409, field: "status", rule: "ask-for-requirements" },
  "needs-decision": { status: 409, field: "decision", rule: "required-for-status" },
  "requirements-not-overdue": { status: 409, field: "status", rule: "every-open-item-past-due" },
  "reopen-period-over": { status: 409, field: "status", rule: "within-reopen-period" },

  // The console's own: who is signed in and what they may do (docs/decisions/0072).
  "signed-out": { status: 401 },
  csrf: { status: 403 },
  forbidden: { status: 403 },
  "not-yours": { status: 403 },
  self: { status: 409 },
  taken: { status: 409, field: "email", rule: "unique" },
  changed: { status: 409, field: "version", rule: "current-version" },
  enrolment: { status: 500 },
  /** A password that is not the account's: at sign-in, or a signed-in member's own re-check. */
  wrong: { status: 401 },
  /** A password or code try that must wait (the sign-in's throttle); with Retry-After. */
  "too-many-tries": { status: 429 },

  // The request itself, before any service sees it (insurer API and console).
  "invalid-request": { status: 400 },
  unauthorized: { status: 401, field: "authorization", rule: "known-key" },
  "method-not-allowed": { status: 405, field: "method", rule: "allowed-method" },
  "idempotency-in-flight": { status: 409, field: "idempotency-key", rule: "not-in-flight" },
  "idempotency-mismatch": { status: 422, field: "idempotency-key", rule: "same-request" },
  "body-too-large": { status: 413, field: "body", rule: "max-size" },
  "unsupported-media-type": { status: 415, field: "content-type", rule: "json" },
  "server-error": { status: 500 },
  "not-configured": { status: 503 },
} as const satisfies Record<string, RefusalMeaning>;

export type RefusalCode = keyof typeof REFUSALS;

/** The HTTP status every family answers this refusal with. */
export function refusalStatus(code: RefusalCode): number {
  return REFUSALS[code].status;
}
