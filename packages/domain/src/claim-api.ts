import * as z from "zod/mini";
import type { OpenDraft } from "./claim-draft.ts";
import type { ClaimRecordStatus } from "./claim-record-status.ts";
import { COUNTRY_CODE, FIELD_LIMITS } from "./constants.ts";
import { freeText } from "./free-text.ts";
import { FIELD_MESSAGES as M } from "./messages.ts";
import { otpCodeSchema, otpMobileNumberSchema } from "./otp.ts";
import { WEB_REFERENCE_SHAPE } from "./web-reference-number.ts";

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

/**
 * Why a claim token that once worked no longer does, given as `reason` with its 401 (decision
 * 0069): the claim was continued on another device, which ended this device's token.
 */
export const CONTINUED_ELSEWHERE = "continued-elsewhere";
export const TOKEN_END_REASONS = { continuedElsewhere: CONTINUED_ELSEWHERE } as const;
export type TokenEndReason = (typeof TOKEN_END_REASONS)[keyof typeof TOKEN_END_REASONS];

export const basicInformationSchema = z.object({
  companyName: z.string().check(z.minLength(1), z.maxLength(100)),
  channelName: z.string().check(z.minLength(1), z.maxLength(100)),
});
export type BasicInformation = z.infer<typeof basicInformationSchema>;

/** Every claim call carries these; agentCode only on the agent-assist channel. */
const common = {
  basicInformation: basicInformationSchema,
  agentCode: z.optional(freeText("agentCode").check(z.maxLength(50))),
};

const webReferenceNumber = z.string().check(z.regex(WEB_REFERENCE_SHAPE));
/** For contracts kept in their own modules (rating.ts). */
export const claimCallCommon = common;
export const webReferenceNumberSchema = webReferenceNumber;

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

/** The logged-in variant's Step 1 lookup (section 3): insured and owner, read-only on the form. */
export type PolicyDetailsResponse = {
  returnCode: ReturnCode;
  insuredInformation: {
    firstName: string;
    lastName: string;
    middleName: string;
    suffix: string;
    /** MM/dd/yyyy */
    dateOfBirth: string;
  };
  policyOwnerInformation: { phoneNumber: string; emailAddress: string };
  /** The claim's token, now verified by the portal's sign-in in place of an OTP (decision 0059). */
  token: string;
};

/** The header that carries the portal's signed assertion on the logged-in channels' calls. */
export const PORTAL_ASSERTION_HEADER = "x-kalinga-assertion";

export type InitClaimResponse = {
  returnCode: ReturnCode;
  webReferenceNumber: string;
  token: string;
};
/** requestOneTimePIN / resetOneTimePIN: sendsLeft and resendAvailableInSeconds let the widget show the countdown the server enforces. */
export type OtpSentResponse = {
  returnCode: ReturnCode;
  sendsLeft: number;
  resendAvailableInSeconds: number;
};
/** validateOneTimePIN: on success the token is replaced by a verified one. */
export type OtpValidatedResponse = {
  returnCode: ReturnCode;
  token?: string;
  /** The number's open drafts of this company, newest first (docs/decisions/0044). */
  drafts?: OpenDraft[];
};

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

/** A stored file as the claimant sees it: always a PDF named after the file sent. */
export type UploadedDocument = {
  id: string;
  slotKey: string;
  name: string;
  sizeBytes: number;
  /** "300 KB", "2.4 MB" (formatFileSize). */
  sizeText: string;
};

export type UploadDocumentResponse = { returnCode: ReturnCode; document: UploadedDocument };
export type DeleteDocumentResponse = { returnCode: ReturnCode; documentId: string };
export type ListDocumentsResponse = { returnCode: ReturnCode; documents: UploadedDocument[] };

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

export type FinalSubmitClaimResponse = {
  returnCode: ReturnCode;
  webReferenceNumber: string;
  status: ClaimRecordStatus;
  /** ISO 8601; the same on every repeat of the submit. */
  submittedAt: string;
};

export type ValidateReferenceNumberResponse = {
  returnCode: ReturnCode;
  webReferenceNumber: string;
  status: ClaimRecordStatus;
  /** Still a draft: documents and the submit are still possible. */
  isOpen: boolean;
  /** The token passed the OTP: documents and submit are allowed with it. */
  otpVerified: boolean;
};
