import * as z from "zod/mini";
import { RETURN_CODES } from "./claim-call-parts.ts";
import { claimDraftSchema } from "./claim-draft.ts";
import { CLAIM_RECORD_STATUS } from "./claim-record-status.ts";

// The success answers of the filing calls, as schemas: the call table names each one, its type is
// inferred from it, and the server's tests parse every answer with it (docs/decisions/0074). The
// widget imports these types only, so no schema here reaches its bundle.

/** Every success answer says "0"; anything else is a refusal or an error. */
export const okReturnCode = z.literal(RETURN_CODES.ok);

export const claimTypeSchema = z.enum(["Death", "Living"]);

/** A stored file as the claimant sees it: always a PDF named after the file sent. */
export const uploadedDocumentSchema = z.object({
  id: z.string(),
  slotKey: z.string(),
  name: z.string(),
  sizeBytes: z.number(),
  /** "300 KB", "2.4 MB" (formatFileSize). */
  sizeText: z.string(),
});
export type UploadedDocument = z.infer<typeof uploadedDocumentSchema>;

/** What validateOneTimePIN tells about each open draft of the number: nothing that is an answer. */
export const openDraftSchema = z.object({
  webReferenceNumber: z.string(),
  claimType: z.enum(["Living", "Death", ""]),
  /** ISO time the claim was started. */
  startedAt: z.string(),
  documentCount: z.number(),
});
export type OpenDraft = z.infer<typeof openDraftSchema>;

export const initClaimResponseSchema = z.object({
  returnCode: okReturnCode,
  webReferenceNumber: z.string(),
  token: z.string(),
});
export type InitClaimResponse = z.infer<typeof initClaimResponseSchema>;

/** requestOneTimePIN / resetOneTimePIN: sendsLeft and resendAvailableInSeconds let the widget show the countdown the server enforces. */
export const otpSentResponseSchema = z.object({
  returnCode: okReturnCode,
  sendsLeft: z.number(),
  resendAvailableInSeconds: z.number(),
});
export type OtpSentResponse = z.infer<typeof otpSentResponseSchema>;

/** validateOneTimePIN: on success the token is replaced by a verified one. */
export const otpValidatedResponseSchema = z.object({
  returnCode: okReturnCode,
  token: z.optional(z.string()),
  /** The number's open drafts of this company, newest first (docs/decisions/0044). */
  drafts: z.optional(z.array(openDraftSchema)),
});
export type OtpValidatedResponse = z.infer<typeof otpValidatedResponseSchema>;

/** The logged-in variant's Step 1 lookup (section 3): insured and owner, read-only on the form. */
export const policyDetailsResponseSchema = z.object({
  returnCode: okReturnCode,
  insuredInformation: z.object({
    firstName: z.string(),
    lastName: z.string(),
    middleName: z.string(),
    suffix: z.string(),
    /** MM/dd/yyyy */
    dateOfBirth: z.string(),
  }),
  policyOwnerInformation: z.object({ phoneNumber: z.string(), emailAddress: z.string() }),
  /** The claim's token, now verified by the portal's sign-in in place of an OTP (decision 0059). */
  token: z.string(),
});
export type PolicyDetailsResponse = z.infer<typeof policyDetailsResponseSchema>;

export const uploadDocumentResponseSchema = z.object({
  returnCode: okReturnCode,
  document: uploadedDocumentSchema,
});
export type UploadDocumentResponse = z.infer<typeof uploadDocumentResponseSchema>;

export const deleteDocumentResponseSchema = z.object({
  returnCode: okReturnCode,
  documentId: z.string(),
});
export type DeleteDocumentResponse = z.infer<typeof deleteDocumentResponseSchema>;

export const listDocumentsResponseSchema = z.object({
  returnCode: okReturnCode,
  documents: z.array(uploadedDocumentSchema),
});
export type ListDocumentsResponse = z.infer<typeof listDocumentsResponseSchema>;

const claimRecordStatus = z.enum(CLAIM_RECORD_STATUS);

export const finalSubmitClaimResponseSchema = z.object({
  returnCode: okReturnCode,
  webReferenceNumber: z.string(),
  status: claimRecordStatus,
  /** ISO 8601; the same on every repeat of the submit. */
  submittedAt: z.string(),
});
export type FinalSubmitClaimResponse = z.infer<typeof finalSubmitClaimResponseSchema>;

export const validateReferenceNumberResponseSchema = z.object({
  returnCode: okReturnCode,
  webReferenceNumber: z.string(),
  status: claimRecordStatus,
  /** Still a draft: documents and the submit are still possible. */
  isOpen: z.boolean(),
  /** The token passed the OTP: documents and submit are allowed with it. */
  otpVerified: z.boolean(),
});
export type ValidateReferenceNumberResponse = z.infer<typeof validateReferenceNumberResponseSchema>;

export const saveClaimDraftResponseSchema = z.object({
  returnCode: okReturnCode,
  /** ISO time after which the draft is deleted unless saved again. */
  expiresAt: z.string(),
});
export type SaveClaimDraftResponse = z.infer<typeof saveClaimDraftResponseSchema>;

export const resumeClaimDraftResponseSchema = z.object({
  returnCode: okReturnCode,
  webReferenceNumber: z.string(),
  /** A verified token of the draft's claim; the token of the call is revoked. */
  token: z.string(),
  draft: claimDraftSchema,
  documents: z.array(uploadedDocumentSchema),
  expiresAt: z.string(),
});
export type ResumeClaimDraftResponse = z.infer<typeof resumeClaimDraftResponseSchema>;

// The answers below keep their hand-written types in rating.ts and agent-claims.ts (which build on
// claim-api.ts); the call table test holds each schema's type equal to them.

export const rateClaimResponseSchema = z.object({
  returnCode: okReturnCode,
  rating: z.number(),
  comment: z.string(),
  /** ISO 8601. */
  ratedAt: z.string(),
});

const portalPolicySchema = z.object({
  policyNumber: z.string(),
  insuredName: z.string(),
});

export const listPortalPoliciesResponseSchema = z.object({
  returnCode: okReturnCode,
  policies: z.array(portalPolicySchema),
});

const agentClaimSchema = z.object({
  webReferenceNumber: z.string(),
  insuredName: z.string(),
  policyNumber: z.string(),
  claimInfo: z.object({ type: claimTypeSchema, subType: z.string() }),
  status: z.string(),
  openRequirements: z.number(),
  submittedAt: z.string(),
  daysOpen: z.number(),
  filedByAgent: z.boolean(),
});

export const listAgentClaimsResponseSchema = z.object({
  returnCode: okReturnCode,
  claims: z.array(agentClaimSchema),
});
