import * as z from "zod/mini";
import {
  type ListAgentClaimsResponse,
  type ListPortalPoliciesResponse,
  listAgentClaimsSchema,
  listPortalPoliciesSchema,
} from "./agent-claims.ts";
import {
  CLAIM_API_PATHS,
  type DeleteDocumentResponse,
  deleteDocumentSchema,
  type FinalSubmitClaimResponse,
  getPolicyDetailsSchema,
  type InitClaimResponse,
  initClaimRequestSchema,
  type ListDocumentsResponse,
  listDocumentsSchema,
  type OtpSentResponse,
  type OtpValidatedResponse,
  type PolicyDetailsResponse,
  requestOneTimePinSchema,
  resetOneTimePinSchema,
  type UploadDocumentResponse,
  type ValidateReferenceNumberResponse,
  validateOneTimePinSchema,
  validateReferenceNumberSchema,
} from "./claim-api.ts";
import {
  type ResumeClaimDraftResponse,
  resumeClaimDraftSchema,
  type SaveClaimDraftResponse,
  saveClaimDraftSchema,
} from "./claim-draft.ts";
import { finalSubmitClaimSchema } from "./claim-payload-schema.ts";
import {
  type DeleteRequirementDocumentResponse,
  deleteRequirementDocumentSchema,
  type InitClaimTrackingResponse,
  initClaimTrackingSchema,
  type ListTrackedClaimsResponse,
  listTrackedClaimsSchema,
  type ReadTrackedClaimResponse,
  readTrackedClaimSchema,
  requestTrackingOneTimePinSchema,
  type SendRequirementDocumentsResponse,
  sendRequirementDocumentsSchema,
  type UploadRequirementDocumentResponse,
  uploadRequirementDocumentFieldsSchema,
} from "./claim-tracking.ts";
import { UPLOAD_FIELD_MESSAGES } from "./document-messages.ts";
import { type RateClaimResponse, rateClaimSchema } from "./rating.ts";
import { isKnownSlotKey } from "./upload-slots.ts";
import { WEB_REFERENCE_SHAPE } from "./web-reference-number.ts";

// Every claim call, declared once: its path under /api/claims, the body it takes, the answer it
// gives, the credential it needs and the limits it counts against. The server registers its routes
// from this table and the widget types its calls with it (a type-only import: no schema reaches
// the start step's bundle).

/**
 * What a call must carry besides the api key: nothing more (it starts a claim), a live claim token,
 * or a claim token that passed the OTP.
 */
export type ClaimCallCredential = "api-key" | "claim-token" | "verified-claim-token";

/** Per-address and per-claim ceilings a call counts against (each counts only what costs). */
/** The first two ask a proof-of-work challenge above an address's normal rate (decision 0061). */
export type ClaimCallLimit =
  | "claim-starts-per-address"
  | "otp-sends-per-address"
  | "uploads-per-claim-and-address";

type Parser<T> = {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: unknown };
};

/**
 * Which kind of session the token must belong to: a claim being filed, a tracking check (a
 * verified number following its claims, docs/decisions/0055), or either (the OTP calls).
 */
export type ClaimCallPurpose = "filing" | "tracking" | "either";

export type ClaimCallSpec<Body, Response> = {
  path: string;
  credential: ClaimCallCredential;
  purpose: ClaimCallPurpose;
  /**
   * The body's webReferenceNumber, when it has one, names a claim filed with the verified number,
   * not the token's own session; the tracking service checks that it is one.
   */
  namesTrackedClaim?: boolean;
  /** The call also needs the portal's signed assertion (member portal and agent assist, decision 0058). */
  portal?: boolean;
  /** JSON checked by `request`; multipart for a file, whose text fields `request` checks. */
  encoding: "json" | "multipart";
  request: Parser<Body>;
  limits: readonly ClaimCallLimit[];
  /** An Idempotency-Key header makes a repeat answer the first answer. */
  idempotent: boolean;
  /** Never read: carries the answer's type to the server's handler and the widget's call. */
  response?: Response;
};

/** uploadDocument's text fields (the file part is read apart). */
export const uploadDocumentFieldsSchema = z.object({
  webReferenceNumber: z
    .string({ error: UPLOAD_FIELD_MESSAGES.badReference })
    .check(z.regex(WEB_REFERENCE_SHAPE, UPLOAD_FIELD_MESSAGES.badReference)),
  slotKey: z
    .string({ error: UPLOAD_FIELD_MESSAGES.unknownSlot })
    .check(z.refine(isKnownSlotKey, UPLOAD_FIELD_MESSAGES.unknownSlot)),
  replace: z._default(
    z.pipe(
      z.enum(["true", "false"], { error: UPLOAD_FIELD_MESSAGES.badReplace }),
      z.transform((text) => text === "true"),
    ),
    false,
  ),
});
export type UploadDocumentFields = z.infer<typeof uploadDocumentFieldsSchema>;

// Keeps each entry's literal credential, encoding and limits, and records the answer's type.
const declare =
  <Response>() =>
  <const Spec extends Omit<ClaimCallSpec<unknown, Response>, "response" | "request">, Body>(
    spec: Spec & { request: Parser<Body> },
  ): Spec & { request: Parser<Body>; response?: Response } =>
    spec;

export const CLAIM_CALLS = {
  initClaimRequest: declare<InitClaimResponse>()({
    path: CLAIM_API_PATHS.initClaimRequest,
    credential: "api-key",
    purpose: "filing",
    encoding: "json",
    request: initClaimRequestSchema,
    limits: ["claim-starts-per-address"],
    idempotent: false,
  }),
  requestOneTimePIN: declare<OtpSentResponse>()({
    path: CLAIM_API_PATHS.requestOneTimePIN,
    credential: "claim-token",
    purpose: "filing",
    encoding: "json",
    request: requestOneTimePinSchema,
    // The SMS ceilings per number, per claim and per hour are the OTP service's own rules.
    limits: ["otp-sends-per-address"],
    idempotent: false,
  }),
  resetOneTimePIN: declare<OtpSentResponse>()({
    path: CLAIM_API_PATHS.resetOneTimePIN,
    credential: "claim-token",
    purpose: "either",
    encoding: "json",
    request: resetOneTimePinSchema,
    limits: ["otp-sends-per-address"],
    idempotent: false,
  }),
  validateOneTimePIN: declare<OtpValidatedResponse>()({
    path: CLAIM_API_PATHS.validateOneTimePIN,
    credential: "claim-token",
    purpose: "either",
    encoding: "json",
    request: validateOneTimePinSchema,
    limits: [],
    idempotent: false,
  }),
  validateReferenceNumber: declare<ValidateReferenceNumberResponse>()({
    path: CLAIM_API_PATHS.validateReferenceNumber,
    credential: "claim-token",
    purpose: "filing",
    encoding: "json",
    request: validateReferenceNumberSchema,
    limits: [],
    idempotent: false,
  }),
  uploadDocument: declare<UploadDocumentResponse>()({
    path: CLAIM_API_PATHS.uploadDocument,
    credential: "verified-claim-token",
    purpose: "filing",
    encoding: "multipart",
    request: uploadDocumentFieldsSchema,
    limits: ["uploads-per-claim-and-address"],
    idempotent: true,
  }),
  deleteDocument: declare<DeleteDocumentResponse>()({
    path: CLAIM_API_PATHS.deleteDocument,
    credential: "verified-claim-token",
    purpose: "filing",
    encoding: "json",
    request: deleteDocumentSchema,
    limits: [],
    idempotent: false,
  }),
  listDocuments: declare<ListDocumentsResponse>()({
    path: CLAIM_API_PATHS.listDocuments,
    credential: "verified-claim-token",
    purpose: "filing",
    encoding: "json",
    request: listDocumentsSchema,
    limits: [],
    idempotent: false,
  }),
  finalSubmitClaim: declare<FinalSubmitClaimResponse>()({
    path: CLAIM_API_PATHS.finalSubmitClaim,
    credential: "verified-claim-token",
    purpose: "filing",
    encoding: "json",
    request: finalSubmitClaimSchema,
    limits: [],
    idempotent: true,
  }),
  rateClaim: declare<RateClaimResponse>()({
    path: CLAIM_API_PATHS.rateClaim,
    credential: "verified-claim-token",
    purpose: "filing",
    encoding: "json",
    request: rateClaimSchema,
    limits: [],
    idempotent: false,
  }),
  saveClaimDraft: declare<SaveClaimDraftResponse>()({
    path: CLAIM_API_PATHS.saveClaimDraft,
    credential: "verified-claim-token",
    purpose: "filing",
    encoding: "json",
    request: saveClaimDraftSchema,
    limits: [],
    idempotent: false,
  }),
  resumeClaimDraft: declare<ResumeClaimDraftResponse>()({
    path: CLAIM_API_PATHS.resumeClaimDraft,
    credential: "verified-claim-token",
    // A tracking check lists the number's drafts too, and may continue one (decision 0056).
    purpose: "either",
    encoding: "json",
    request: resumeClaimDraftSchema,
    limits: [],
    idempotent: false,
  }),
  getPolicyDetails: declare<PolicyDetailsResponse>()({
    path: CLAIM_API_PATHS.getPolicyDetails,
    credential: "claim-token",
    purpose: "filing",
    portal: true,
    encoding: "json",
    request: getPolicyDetailsSchema,
    limits: [],
    idempotent: false,
  }),
  initClaimTracking: declare<InitClaimTrackingResponse>()({
    path: CLAIM_API_PATHS.initClaimTracking,
    credential: "api-key",
    purpose: "tracking",
    encoding: "json",
    request: initClaimTrackingSchema,
    limits: ["claim-starts-per-address"],
    idempotent: false,
  }),
  requestTrackingOneTimePIN: declare<OtpSentResponse>()({
    path: CLAIM_API_PATHS.requestTrackingOneTimePIN,
    credential: "claim-token",
    purpose: "tracking",
    encoding: "json",
    request: requestTrackingOneTimePinSchema,
    limits: ["otp-sends-per-address"],
    idempotent: false,
  }),
  listTrackedClaims: declare<ListTrackedClaimsResponse>()({
    path: CLAIM_API_PATHS.listTrackedClaims,
    credential: "verified-claim-token",
    purpose: "tracking",
    namesTrackedClaim: true,
    encoding: "json",
    request: listTrackedClaimsSchema,
    limits: [],
    idempotent: false,
  }),
  readTrackedClaim: declare<ReadTrackedClaimResponse>()({
    path: CLAIM_API_PATHS.readTrackedClaim,
    credential: "verified-claim-token",
    purpose: "tracking",
    namesTrackedClaim: true,
    encoding: "json",
    request: readTrackedClaimSchema,
    limits: [],
    idempotent: false,
  }),
  uploadRequirementDocument: declare<UploadRequirementDocumentResponse>()({
    path: CLAIM_API_PATHS.uploadRequirementDocument,
    credential: "verified-claim-token",
    purpose: "tracking",
    namesTrackedClaim: true,
    encoding: "multipart",
    request: uploadRequirementDocumentFieldsSchema,
    limits: ["uploads-per-claim-and-address"],
    idempotent: true,
  }),
  deleteRequirementDocument: declare<DeleteRequirementDocumentResponse>()({
    path: CLAIM_API_PATHS.deleteRequirementDocument,
    credential: "verified-claim-token",
    purpose: "tracking",
    namesTrackedClaim: true,
    encoding: "json",
    request: deleteRequirementDocumentSchema,
    limits: [],
    idempotent: false,
  }),
  sendRequirementDocuments: declare<SendRequirementDocumentsResponse>()({
    path: CLAIM_API_PATHS.sendRequirementDocuments,
    credential: "verified-claim-token",
    purpose: "tracking",
    namesTrackedClaim: true,
    encoding: "json",
    request: sendRequirementDocumentsSchema,
    limits: [],
    idempotent: true,
  }),
  listPortalPolicies: declare<ListPortalPoliciesResponse>()({
    path: CLAIM_API_PATHS.listPortalPolicies,
    credential: "api-key",
    purpose: "either",
    portal: true,
    encoding: "json",
    request: listPortalPoliciesSchema,
    limits: [],
    idempotent: false,
  }),
  listAgentClaims: declare<ListAgentClaimsResponse>()({
    path: CLAIM_API_PATHS.listAgentClaims,
    credential: "api-key",
    purpose: "either",
    portal: true,
    encoding: "json",
    request: listAgentClaimsSchema,
    limits: [],
    idempotent: false,
  }),
} as const;

export type ClaimCalls = typeof CLAIM_CALLS;
export type ClaimCallName = keyof ClaimCalls;
/** The body a call's schema yields (what the server handler receives). */
export type ClaimCallBody<K extends ClaimCallName> =
  ClaimCalls[K]["request"] extends Parser<infer Body> ? Body : never;
/** The body a caller builds, before the schema's defaults and transforms. */
export type ClaimCallRequest<K extends ClaimCallName> = z.input<ClaimCalls[K]["request"]>;
/** The success answer of a call. */
export type ClaimCallResponse<K extends ClaimCallName> = NonNullable<ClaimCalls[K]["response"]>;
