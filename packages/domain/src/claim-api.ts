import * as z from "zod/mini";
import { CONTINUED_ELSEWHERE } from "./claim-api-names.ts";
import { claimCallCommon as common, webReferenceNumberSchema } from "./claim-call-parts.ts";
import { COUNTRY_CODE, FIELD_LIMITS } from "./constants.ts";
import { freeText } from "./free-text.ts";
import { FIELD_MESSAGES as M } from "./messages.ts";
import { otpCodeSchema, otpMobileNumberSchema } from "./otp.ts";

export {
  API_KEY_HEADER,
  CHALLENGE_HEADER,
  CLAIM_API_PATHS,
  CONTINUED_ELSEWHERE,
  IDEMPOTENCY_KEY_HEADER,
  PORTAL_ASSERTION_HEADER,
  type ProofOfWorkChallenge,
  RETURN_CODES,
  type ReturnCode,
  UPLOAD_DOCUMENT_FIELDS,
} from "./claim-api-names.ts";
export {
  type BasicInformation,
  basicInformationSchema,
  claimCallCommon,
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

// ---- Documents, submission and the reference check (docs/decisions/0025).

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
