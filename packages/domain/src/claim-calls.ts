import * as z from "zod/mini";
import { listAgentClaimsSchema, listPortalPoliciesSchema } from "./agent-claims.ts";
import {
  CLAIM_API_PATHS,
  deleteDocumentSchema,
  getPolicyDetailsSchema,
  initClaimRequestSchema,
  listDocumentsSchema,
  requestOneTimePinSchema,
  resetOneTimePinSchema,
  validateOneTimePinSchema,
  validateReferenceNumberSchema,
} from "./claim-api.ts";
import {
  type ClaimCallSpec,
  FILE_REFUSALS,
  OTP_SEND_REFUSALS,
  type Parser,
} from "./claim-call-spec.ts";
import { resumeClaimDraftSchema, saveClaimDraftSchema } from "./claim-draft.ts";
import { finalSubmitClaimSchema } from "./claim-payload-schema.ts";
import type { ClaimRefusalBody } from "./claim-refusals.ts";
import {
  deleteDocumentResponseSchema,
  finalSubmitClaimResponseSchema,
  initClaimResponseSchema,
  listAgentClaimsResponseSchema,
  listDocumentsResponseSchema,
  listPortalPoliciesResponseSchema,
  otpSentResponseSchema,
  otpValidatedResponseSchema,
  policyDetailsResponseSchema,
  rateClaimResponseSchema,
  resumeClaimDraftResponseSchema,
  saveClaimDraftResponseSchema,
  uploadDocumentResponseSchema,
  validateReferenceNumberResponseSchema,
} from "./claim-responses.ts";
import { UPLOAD_FIELD_MESSAGES } from "./document-messages.ts";
import { rateClaimSchema } from "./rating.ts";
import { TRACKING_CALLS } from "./tracking-calls.ts";
import { isKnownSlotKey } from "./upload-slots.ts";
import { WEB_REFERENCE_SHAPE } from "./web-reference-number.ts";

// Every claim call, declared once: the filing family here (a claim being filed, and the logged-in
// channels' lists), the tracking family in tracking-calls.ts, and CLAIM_CALLS, every call under
// /api/claims. The server registers its routes from it and the widget types its calls with it (a
// type-only import: no schema reaches the start step's bundle).

export type {
  ClaimCallCredential,
  ClaimCallLimit,
  ClaimCallPurpose,
  ClaimCallSpec,
} from "./claim-call-spec.ts";

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

/** The calls of a claim being filed, and the logged-in channels' lists. */
export const FILING_CALLS = {
  initClaimRequest: {
    method: "POST",
    path: CLAIM_API_PATHS.initClaimRequest,
    summary: "Starts a claim and gives its web reference number and a claim token.",
    credential: "api-key",
    purpose: "filing",
    encoding: "json",
    request: initClaimRequestSchema,
    responseSchema: initClaimResponseSchema,
    refusals: [],
    limits: ["claim-starts-per-address"],
    idempotent: false,
  },
  requestOneTimePIN: {
    method: "POST",
    path: CLAIM_API_PATHS.requestOneTimePIN,
    summary: "Sends an OTP by SMS to the mobile number the claimant gave.",
    credential: "claim-token",
    purpose: "filing",
    encoding: "json",
    request: requestOneTimePinSchema,
    responseSchema: otpSentResponseSchema,
    refusals: OTP_SEND_REFUSALS,
    // The SMS ceilings per number, per claim and per hour are the OTP service's own rules.
    limits: ["otp-sends-per-address"],
    idempotent: false,
  },
  resetOneTimePIN: {
    method: "POST",
    path: CLAIM_API_PATHS.resetOneTimePIN,
    summary: "Sends a new OTP to the number of the last send.",
    credential: "claim-token",
    purpose: "either",
    encoding: "json",
    request: resetOneTimePinSchema,
    responseSchema: otpSentResponseSchema,
    refusals: OTP_SEND_REFUSALS,
    limits: ["otp-sends-per-address"],
    idempotent: false,
  },
  validateOneTimePIN: {
    method: "POST",
    path: CLAIM_API_PATHS.validateOneTimePIN,
    summary: "Checks the OTP; on success the token is replaced by a verified one.",
    credential: "claim-token",
    purpose: "either",
    encoding: "json",
    request: validateOneTimePinSchema,
    responseSchema: otpValidatedResponseSchema,
    refusals: ["claim-closed", "no-active-otp", "otp-locked", "expired-otp", "wrong-otp"],
    limits: [],
    idempotent: false,
  },
  validateReferenceNumber: {
    method: "POST",
    path: CLAIM_API_PATHS.validateReferenceNumber,
    summary: "Says where the token's claim stands: open or submitted, verified or not.",
    credential: "claim-token",
    purpose: "filing",
    encoding: "json",
    request: validateReferenceNumberSchema,
    responseSchema: validateReferenceNumberResponseSchema,
    refusals: [],
    limits: [],
    idempotent: false,
  },
  uploadDocument: {
    method: "POST",
    path: CLAIM_API_PATHS.uploadDocument,
    summary: "Stores a file in one of Step 4's upload slots, as a PDF.",
    credential: "verified-claim-token",
    purpose: "filing",
    encoding: "multipart",
    request: uploadDocumentFieldsSchema,
    responseSchema: uploadDocumentResponseSchema,
    refusals: ["claim-closed", "slot-full", "not-found", ...FILE_REFUSALS],
    limits: ["uploads-per-claim-and-address"],
    idempotent: true,
  },
  deleteDocument: {
    method: "POST",
    path: CLAIM_API_PATHS.deleteDocument,
    summary: "Removes a file from the claim before the submit.",
    credential: "verified-claim-token",
    purpose: "filing",
    encoding: "json",
    request: deleteDocumentSchema,
    responseSchema: deleteDocumentResponseSchema,
    refusals: ["claim-closed", "not-found"],
    limits: [],
    idempotent: false,
  },
  listDocuments: {
    method: "POST",
    path: CLAIM_API_PATHS.listDocuments,
    summary: "Lists the claim's stored files.",
    credential: "verified-claim-token",
    purpose: "filing",
    encoding: "json",
    request: listDocumentsSchema,
    responseSchema: listDocumentsResponseSchema,
    refusals: [],
    limits: [],
    idempotent: false,
  },
  finalSubmitClaim: {
    method: "POST",
    path: CLAIM_API_PATHS.finalSubmitClaim,
    summary: "Submits the claim with its answers and documents.",
    credential: "verified-claim-token",
    purpose: "filing",
    encoding: "json",
    request: finalSubmitClaimSchema,
    responseSchema: finalSubmitClaimResponseSchema,
    refusals: ["claim-closed", "missing-documents"],
    limits: [],
    idempotent: true,
  },
  rateClaim: {
    method: "POST",
    path: CLAIM_API_PATHS.rateClaim,
    summary: "Records the claimant's rating of the filing after the submit.",
    credential: "verified-claim-token",
    purpose: "filing",
    encoding: "json",
    request: rateClaimSchema,
    responseSchema: rateClaimResponseSchema,
    refusals: ["claim-not-submitted"],
    limits: [],
    idempotent: false,
  },
  saveClaimDraft: {
    method: "POST",
    path: CLAIM_API_PATHS.saveClaimDraft,
    summary: "Keeps the answers so far, to continue on any device after the OTP.",
    credential: "verified-claim-token",
    purpose: "filing",
    encoding: "json",
    request: saveClaimDraftSchema,
    responseSchema: saveClaimDraftResponseSchema,
    refusals: ["claim-closed"],
    limits: [],
    idempotent: false,
  },
  resumeClaimDraft: {
    method: "POST",
    path: CLAIM_API_PATHS.resumeClaimDraft,
    summary: "Continues an open draft of the verified number in place of the claim just started.",
    credential: "verified-claim-token",
    // A tracking check lists the number's drafts too, and may continue one (decision 0056).
    purpose: "either",
    encoding: "json",
    request: resumeClaimDraftSchema,
    responseSchema: resumeClaimDraftResponseSchema,
    refusals: ["draft-not-found"],
    limits: [],
    idempotent: false,
  },
  getPolicyDetails: {
    method: "POST",
    path: CLAIM_API_PATHS.getPolicyDetails,
    summary: "The logged-in channels' Step 1: the chosen policy's insured and owner.",
    credential: "claim-token",
    purpose: "filing",
    portal: true,
    encoding: "json",
    request: getPolicyDetailsSchema,
    responseSchema: policyDetailsResponseSchema,
    refusals: ["policy-not-found"],
    limits: [],
    idempotent: false,
  },
  listPortalPolicies: {
    method: "POST",
    path: CLAIM_API_PATHS.listPortalPolicies,
    summary: "The portal user's policies, to choose the one to claim on.",
    credential: "api-key",
    purpose: "either",
    portal: true,
    encoding: "json",
    request: listPortalPoliciesSchema,
    responseSchema: listPortalPoliciesResponseSchema,
    refusals: [],
    limits: [],
    idempotent: false,
  },
  listAgentClaims: {
    method: "POST",
    path: CLAIM_API_PATHS.listAgentClaims,
    summary: "The signed-in agent's claims report.",
    credential: "api-key",
    purpose: "either",
    portal: true,
    encoding: "json",
    request: listAgentClaimsSchema,
    responseSchema: listAgentClaimsResponseSchema,
    refusals: [],
    limits: [],
    idempotent: false,
  },
} as const satisfies Record<string, ClaimCallSpec>;

/** Every call under /api/claims: filing and tracking. */
export const CLAIM_CALLS = { ...FILING_CALLS, ...TRACKING_CALLS };

export type ClaimCalls = typeof CLAIM_CALLS;
export type ClaimCallName = keyof ClaimCalls;
/** The body a call's schema yields (what the server handler receives). */
export type ClaimCallBody<K extends ClaimCallName> =
  ClaimCalls[K]["request"] extends Parser<infer Body> ? Body : never;
/** The body a caller builds, before the schema's defaults and transforms. */
export type ClaimCallRequest<K extends ClaimCallName> = z.input<ClaimCalls[K]["request"]>;
/** The success answer of a call, as its row's responseSchema describes it. */
export type ClaimCallResponse<K extends ClaimCallName> = z.output<ClaimCalls[K]["responseSchema"]>;
/** A refusal kind the call's service can answer. */
export type ClaimCallRefusal<K extends ClaimCallName> = ClaimCalls[K]["refusals"][number];
/** The body of each refusal the call can answer (one member per kind). */
export type ClaimCallRefusalBody<K extends ClaimCallName> = ClaimRefusalBody<ClaimCallRefusal<K>>;
