// The claim calls' names the widget needs before any body is built: addresses, headers and return
// codes, without schemas, so the start step carries no validation library (claim-api.ts re-exports
// them beside the schemas).

export const CLAIM_API_PATHS = {
  initClaimRequest: "/initClaimRequest",
  requestOneTimePIN: "/requestOneTimePIN",
  resetOneTimePIN: "/resetOneTimePIN",
  validateOneTimePIN: "/validateOneTimePIN",
  getPolicyDetails: "/getPolicyDetails",
  validateReferenceNumber: "/validateReferenceNumber",
  uploadDocument: "/uploadDocument",
  finalSubmitClaim: "/finalSubmitClaim",
  deleteDocument: "/deleteDocument",
  listDocuments: "/listDocuments",
  rateClaim: "/rateClaim",
  saveClaimDraft: "/saveClaimDraft",
  resumeClaimDraft: "/resumeClaimDraft",
  // Following a claim (claim-tracking.ts, docs/decisions/0055).
  initClaimTracking: "/initClaimTracking",
  requestTrackingOneTimePIN: "/requestTrackingOneTimePIN",
  listTrackedClaims: "/listTrackedClaims",
  readTrackedClaim: "/readTrackedClaim",
  uploadRequirementDocument: "/uploadRequirementDocument",
  deleteRequirementDocument: "/deleteRequirementDocument",
  sendRequirementDocuments: "/sendRequirementDocuments",
  listAgentClaims: "/listAgentClaims",
  listPortalPolicies: "/listPortalPolicies",
} as const;

export const API_KEY_HEADER = "x-api-key";

/** The widget's chosen locale on every claim call: the claim's messages go out in it (decision 0089). */
export const LOCALE_HEADER = "x-kalinga-locale";

/**
 * A claim call above its address's normal rate is answered 429 with an ALTCHA challenge; the
 * client repeats it with the solution, base64 JSON `{ challenge, solution }`, in this header
 * (decision 0061).
 */
export const CHALLENGE_HEADER = "x-kalinga-challenge";

/** The ALTCHA v2 challenge of a 429 answer, as the server signed it. */
export type ProofOfWorkChallenge = {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    cost: number;
    keyLength: number;
    keyPrefix: string;
    keySignature?: string;
    data?: Record<string, string | number | boolean | null>;
  };
  signature: string;
};

/**
 * Why a claim token that once worked no longer does, given as `reason` with its 401 (decision
 * 0069): the claim was continued on another device, which ended this device's token.
 */
export const CONTINUED_ELSEWHERE = "continued-elsewhere";

/** The header that carries the portal's signed assertion on the logged-in channels' calls. */
export const PORTAL_ASSERTION_HEADER = "x-kalinga-assertion";

/** The multipart field names of uploadDocument; the file part comes last and is named "file". */
export const UPLOAD_DOCUMENT_FIELDS = {
  webReferenceNumber: "webReferenceNumber",
  slotKey: "slotKey",
  replace: "replace",
  file: "file",
  /** uploadRequirementDocument: the insurer's request the file answers (in place of slotKey). */
  requirementId: "requirementId",
} as const;

export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";

/** returnCode values: "0" ok and the OTP codes of the specification; the rest are decided here. */
export const RETURN_CODES = {
  ok: "0",
  wrongOtp: "1",
  expiredOtp: "3",
  otpLocked: "4",
  otpSendsExhausted: "5",
  resendTooSoon: "6",
  noActiveOtp: "7",
  claimClosed: "8",
  /** finalSubmitClaim: a mandatory upload slot has no file; `missing` lists them. */
  missingDocuments: "9",
  /** uploadDocument: the file or the slot refused it; `refused` says why. */
  documentRefused: "10",
  /** deleteDocument: no such document in this claim. */
  documentNotFound: "11",
  /** rateClaim: the claim has not been submitted yet. */
  claimNotSubmitted: "12",
  /** resumeClaimDraft: no open draft of that reference for the number just verified. */
  draftNotFound: "13",
  /** Tracking: no submitted claim of that reference was filed with the verified number. */
  trackedClaimNotFound: "14",
  /** Tracking: the request is not waiting for a document (sent, accepted, or asked again). */
  requirementClosed: "15",
  /** Tracking: the request is past its due date. */
  requirementOverdue: "16",
  /** sendRequirementDocuments: no request has a file to send. */
  nothingToSend: "17",
  /** getPolicyDetails: no such policy for the portal's user (another's answers the same). */
  policyNotFound: "18",
} as const;
export type ReturnCode = (typeof RETURN_CODES)[keyof typeof RETURN_CODES];
