import * as z from "zod/mini";
import {
  CLAIM_API_PATHS,
  type DeleteDocumentResponse,
  deleteDocumentSchema,
  type FinalSubmitClaimResponse,
  type InitClaimResponse,
  initClaimRequestSchema,
  type ListDocumentsResponse,
  listDocumentsSchema,
  type OtpSentResponse,
  type OtpValidatedResponse,
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
export type ClaimCallLimit = "claim-starts-per-address" | "uploads-per-claim-and-address";

type Parser<T> = {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: unknown };
};

export type ClaimCallSpec<Body, Response> = {
  path: string;
  credential: ClaimCallCredential;
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
    encoding: "json",
    request: initClaimRequestSchema,
    limits: ["claim-starts-per-address"],
    idempotent: false,
  }),
  requestOneTimePIN: declare<OtpSentResponse>()({
    path: CLAIM_API_PATHS.requestOneTimePIN,
    credential: "claim-token",
    encoding: "json",
    request: requestOneTimePinSchema,
    // The SMS ceilings (per number, per claim, per address) are the OTP service's own rules.
    limits: [],
    idempotent: false,
  }),
  resetOneTimePIN: declare<OtpSentResponse>()({
    path: CLAIM_API_PATHS.resetOneTimePIN,
    credential: "claim-token",
    encoding: "json",
    request: resetOneTimePinSchema,
    limits: [],
    idempotent: false,
  }),
  validateOneTimePIN: declare<OtpValidatedResponse>()({
    path: CLAIM_API_PATHS.validateOneTimePIN,
    credential: "claim-token",
    encoding: "json",
    request: validateOneTimePinSchema,
    limits: [],
    idempotent: false,
  }),
  validateReferenceNumber: declare<ValidateReferenceNumberResponse>()({
    path: CLAIM_API_PATHS.validateReferenceNumber,
    credential: "claim-token",
    encoding: "json",
    request: validateReferenceNumberSchema,
    limits: [],
    idempotent: false,
  }),
  uploadDocument: declare<UploadDocumentResponse>()({
    path: CLAIM_API_PATHS.uploadDocument,
    credential: "verified-claim-token",
    encoding: "multipart",
    request: uploadDocumentFieldsSchema,
    limits: ["uploads-per-claim-and-address"],
    idempotent: true,
  }),
  deleteDocument: declare<DeleteDocumentResponse>()({
    path: CLAIM_API_PATHS.deleteDocument,
    credential: "verified-claim-token",
    encoding: "json",
    request: deleteDocumentSchema,
    limits: [],
    idempotent: false,
  }),
  listDocuments: declare<ListDocumentsResponse>()({
    path: CLAIM_API_PATHS.listDocuments,
    credential: "verified-claim-token",
    encoding: "json",
    request: listDocumentsSchema,
    limits: [],
    idempotent: false,
  }),
  finalSubmitClaim: declare<FinalSubmitClaimResponse>()({
    path: CLAIM_API_PATHS.finalSubmitClaim,
    credential: "verified-claim-token",
    encoding: "json",
    request: finalSubmitClaimSchema,
    limits: [],
    idempotent: true,
  }),
  rateClaim: declare<RateClaimResponse>()({
    path: CLAIM_API_PATHS.rateClaim,
    credential: "verified-claim-token",
    encoding: "json",
    request: rateClaimSchema,
    limits: [],
    idempotent: false,
  }),
  saveClaimDraft: declare<SaveClaimDraftResponse>()({
    path: CLAIM_API_PATHS.saveClaimDraft,
    credential: "verified-claim-token",
    encoding: "json",
    request: saveClaimDraftSchema,
    limits: [],
    idempotent: false,
  }),
  resumeClaimDraft: declare<ResumeClaimDraftResponse>()({
    path: CLAIM_API_PATHS.resumeClaimDraft,
    credential: "verified-claim-token",
    encoding: "json",
    request: resumeClaimDraftSchema,
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
