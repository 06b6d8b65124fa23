import * as z from "zod/mini";
import { claimCallCommon as common, webReferenceNumberSchema } from "./claim-call-parts.ts";
import { COUNTRY_CODE, FIELD_LIMITS } from "./constants.ts";
import { freeText } from "./free-text.ts";
import { FIELD_MESSAGES as M } from "./messages.ts";
import { otpCodeSchema, otpMobileNumberSchema } from "./otp.ts";

export {
  type BasicInformation,
  basicInformationSchema,
  claimCallCommon,
  RETURN_CODES,
  type ReturnCode,
  webReferenceNumberSchema,
} from "./claim-call-parts.ts";
// The success answers are schemas of their own module, which the widget imports as types only.
export type {
  DeleteDocumentResponse,
  FinalSubmitClaimResponse,
  InitClaimResponse,
  ListDocumentsResponse,
  OtpSentResponse,
  OtpValidatedResponse,
  PolicyDetailsResponse,
  UploadDocumentResponse,
  UploadedDocument,
  ValidateReferenceNumberResponse,
} from "./claim-responses.ts";

// The HTTP contract of the claim calls (section 7): JSON POSTs under /api/claims. The widget builds
// these bodies and the server parses them with the same schemas; unknown keys are dropped.

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
export const TOKEN_END_REASONS = { continuedElsewhere: CONTINUED_ELSEWHERE } as const;
export type TokenEndReason = (typeof TOKEN_END_REASONS)[keyof typeof TOKEN_END_REASONS];

const webReferenceNumber = webReferenceNumberSchema;

export const initClaimRequestSchema = z.object({ ...common });

export const requestOneTimePinSchema = z.object({
  ...common,
  webReferenceNumber,
  countryCode: z.literal(COUNTRY_CODE),
  mobileNumber: otpMobileNumberSchema,
  firstName: freeText("firstName", { error: M.firstNameRequired }).check(
    z.minLength(1, M.firstNameRequired),
    z.maxLength(FIELD_LIMITS.name, M.tooLong),
  ),
});

export const resetOneTimePinSchema = z.object({ ...common, webReferenceNumber });

export const validateOneTimePinSchema = z.object({
  ...common,
  webReferenceNumber,
  oneTimePIN: otpCodeSchema,
});

/** getPolicyDetails (section 7): the policy the logged-in user chose. */
export const getPolicyDetailsSchema = z.object({
  ...common,
  webReferenceNumber,
  policyInformation: z.object({ policyNumber: z.string().check(z.regex(/^\d{10}$/)) }),
});

/** The header that carries the portal's signed assertion on the logged-in channels' calls. */
export const PORTAL_ASSERTION_HEADER = "x-kalinga-assertion";

// ---- Documents, submission and the reference check (docs/decisions/0025).

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

export const deleteDocumentSchema = z.object({
  ...common,
  webReferenceNumber,
  documentId: z.string().check(z.minLength(1), z.maxLength(100)),
});
export const listDocumentsSchema = z.object({ ...common, webReferenceNumber });
export const validateReferenceNumberSchema = z.object({ ...common, webReferenceNumber });

export type DocumentRefusedReason =
  | "type"
  | "too-large"
  | "too-many-pixels"
  | "too-many-pages"
  | "unreadable"
  | "claim-file-count"
  | "claim-too-large"
  | "slot-full";

/** A mandatory slot without a file, named in finalSubmitClaim's 417 (returnCode "9"). */
export type MissingDocument = { slotKey: string; label: string };
