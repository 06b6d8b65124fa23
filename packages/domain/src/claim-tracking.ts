import * as z from "zod/mini";
import { claimCallCommon, webReferenceNumberSchema } from "./claim-call-parts.ts";
import { DECISION_OUTCOMES, type ExpectedDecision, REQUIREMENT_STATES } from "./claim-lifecycle.ts";
import type { ClaimantDecision } from "./claim-messages.ts";
import {
  claimTypeSchema,
  okReturnCode,
  openDraftSchema,
  uploadedDocumentSchema,
} from "./claim-responses.ts";
import { COUNTRY_CODE } from "./constants.ts";
import { UPLOAD_FIELD_MESSAGES } from "./document-messages.ts";
import { otpMobileNumberSchema } from "./otp.ts";
import { WEB_REFERENCE_SHAPE } from "./web-reference-number.ts";

// The claimant follows a claim (docs/decisions/0055): a tracking check verifies the mobile number
// with the same OTP calls as the start step, and its token then reads only the claims filed with
// that number and sends only what the insurer asked of them.

export const TRACKING_MESSAGES = {
  /** A reference of a claim this number did not file, or one not submitted: no more is said. */
  claimNotFound: "We could not find this claim for your mobile number.",
  /** The item is not waiting for a document: sent already, accepted, or asked again as another. */
  requirementClosed:
    "This request has been answered already. Reload the claim to see where it stands.",
  requirementOverdue:
    "This request is past its due date. Please call us so we can help you send it.",
  nothingToSend: "Add a file to at least one request before you send.",
  badRequirement: "Not a request of this claim.",
} as const;

export const initClaimTrackingSchema = z.object({ ...claimCallCommon });

/** The OTP request of a tracking check: the number only (no name is asked to follow a claim). */
export const requestTrackingOneTimePinSchema = z.object({
  ...claimCallCommon,
  webReferenceNumber: webReferenceNumberSchema,
  countryCode: z.literal(COUNTRY_CODE),
  mobileNumber: otpMobileNumberSchema,
});

export const listTrackedClaimsSchema = z.object({ ...claimCallCommon });

export const readTrackedClaimSchema = z.object({
  ...claimCallCommon,
  webReferenceNumber: webReferenceNumberSchema,
});

const requirementId = z.uuid({ error: TRACKING_MESSAGES.badRequirement });

/** uploadRequirementDocument's text fields (the file part is read apart). */
export const uploadRequirementDocumentFieldsSchema = z.object({
  webReferenceNumber: z
    .string({ error: UPLOAD_FIELD_MESSAGES.badReference })
    .check(z.regex(WEB_REFERENCE_SHAPE, UPLOAD_FIELD_MESSAGES.badReference)),
  requirementId,
});

export const deleteRequirementDocumentSchema = z.object({
  ...claimCallCommon,
  webReferenceNumber: webReferenceNumberSchema,
  documentId: z.string().check(z.minLength(1), z.maxLength(100)),
});

export const sendRequirementDocumentsSchema = z.object({
  ...claimCallCommon,
  webReferenceNumber: webReferenceNumberSchema,
});

// ---- The success answers, as schemas (docs/decisions/0074); the widget imports their types only.

/** The claim status record of section 3, with the reference and the day it was filed. */
const trackedClaimRecordSchema = z.object({
  webReferenceNumber: z.string(),
  claimInfo: z.object({ policyNumber: z.string(), type: claimTypeSchema, subType: z.string() }),
  /** Null until the insurer matched the policy: shown as "Unavailable at this time". */
  matchCode: z.nullable(z.number()),
  status: z.string(),
  submittedAt: z.string(),
});
export type TrackedClaimRecord = z.infer<typeof trackedClaimRecordSchema>;

/** An item the claims department asked for, as both the claimant and the insurer read it. */
export const requestedItemFields = {
  id: z.string(),
  documentCd: z.nullable(z.string()),
  description: z.string(),
  /** yyyy-MM-dd */
  dueDate: z.string(),
  state: z.enum(REQUIREMENT_STATES),
  rejectionReason: z.nullable(z.string()),
  /** The item it asks again for, when a document was rejected. */
  replaces: z.nullable(z.string()),
};

/** The key of a document's name in a locale's catalogue; null for words only the insurer wrote. */
const nameKeySchema = z.nullable(z.string());

const trackedRequirementSchema = z.object({
  ...requestedItemFields,
  /** The description's key when it is the catalogue's name of the document (decision 0091). */
  nameKey: nameKeySchema,
  /** Files added for it and not sent yet, or sent with it. */
  documents: z.array(uploadedDocumentSchema),
});
export type TrackedRequirement = z.infer<typeof trackedRequirementSchema>;

/** A sent document's state as the insurer sees it: a request's review, or received for a filed one. */
const sentDocumentStateSchema = z.enum(["received", "accepted", "rejected"]);
export type SentDocumentState = z.infer<typeof sentDocumentStateSchema>;

/**
 * One document the claimant sent (decision 0068): a Step 4 slot with its files, or a request
 * that is no longer open, named as the claimant knows it.
 */
const sentDocumentSchema = z.object({
  /** The slot's name from Step 4, or the request's description, in English. */
  title: z.string(),
  /** The title's key in a locale's catalogue (decision 0091): the widget shows that text. */
  nameKey: nameKeySchema,
  /** On a death claim, the beneficiary whose document it is: position from 1 and name. */
  beneficiary: z.nullable(z.object({ position: z.number(), name: z.string() })),
  /** The request it answers; null for a document sent with the claim. */
  requirementId: z.nullable(z.string()),
  state: sentDocumentStateSchema,
  /** Why it was not accepted, as the insurer entered it. */
  rejectionReason: z.nullable(z.string()),
  /** A rejected one's open request that asks for it again: where the replacement is sent. */
  replacement: z.nullable(z.object({ id: z.string(), dueDate: z.string() })),
  /** When the insurer received it (the submit for a filed document). */
  receivedAt: z.string(),
  files: z.array(z.object({ name: z.string(), sizeText: z.string() })),
});
export type SentDocument = z.infer<typeof sentDocumentSchema>;

const expectedDecisionSchema = z.object({
  basis: z.enum(["death-claim-law", "service-level"]),
  limitDays: z.number(),
  daysLeft: z.number(),
  by: z.nullable(z.string()),
  paused: z.boolean(),
}) satisfies z.ZodMiniType<ExpectedDecision>;

const claimantDecisionSchema = z.object({
  outcome: z.enum(DECISION_OUTCOMES),
  reason: z.nullable(z.string()),
  payout: z.nullable(
    z.object({ method: z.enum(["bank", "e-wallet"]), provider: z.string(), account: z.string() }),
  ),
}) satisfies z.ZodMiniType<ClaimantDecision>;

export const initClaimTrackingResponseSchema = z.object({
  returnCode: okReturnCode,
  webReferenceNumber: z.string(),
  token: z.string(),
  /** On the logged-in channels the portal's sign-in verified the check: no OTP (decision 0059). */
  verified: z.optional(z.literal(true)),
});
export type InitClaimTrackingResponse = z.infer<typeof initClaimTrackingResponseSchema>;

export const listTrackedClaimsResponseSchema = z.object({
  returnCode: okReturnCode,
  /** Newest first. */
  claims: z.array(trackedClaimRecordSchema),
  /** Claims started with this number and never submitted, that can still be continued. */
  drafts: z.array(openDraftSchema),
});
export type ListTrackedClaimsResponse = z.infer<typeof listTrackedClaimsResponseSchema>;

export const readTrackedClaimResponseSchema = z.object({
  returnCode: okReturnCode,
  claim: trackedClaimRecordSchema,
  /** The status changes a claimant sees, oldest first; labels come from the domain's table. */
  events: z.array(z.object({ status: z.string(), at: z.string() })),
  /** What the claimant sent: each filed slot, then each request answered, with its state. */
  documents: z.array(sentDocumentSchema),
  requirements: z.array(trackedRequirementSchema),
  /** Death claims: days left of the 60-day limit, counted on the insurer's days; null otherwise. */
  deathClaimDaysLeft: z.nullable(z.number()),
  /** When the insurer expects to decide; null once decided. */
  expectedDecision: z.nullable(expectedDecisionSchema),
  /** The decision in the claimant's words (decision 0067); null until the claim is decided. */
  decision: z.nullable(claimantDecisionSchema),
});
export type ReadTrackedClaimResponse = z.infer<typeof readTrackedClaimResponseSchema>;

export const uploadRequirementDocumentResponseSchema = z.object({
  returnCode: okReturnCode,
  requirementId: z.string(),
  document: uploadedDocumentSchema,
});
export type UploadRequirementDocumentResponse = z.infer<
  typeof uploadRequirementDocumentResponseSchema
>;

export const deleteRequirementDocumentResponseSchema = z.object({
  returnCode: okReturnCode,
  documentId: z.string(),
});
export type DeleteRequirementDocumentResponse = z.infer<
  typeof deleteRequirementDocumentResponseSchema
>;

export const sendRequirementDocumentsResponseSchema = z.object({
  returnCode: okReturnCode,
  /** The claim's status after the send. */
  status: z.string(),
  /** The items sent now. */
  sent: z.array(z.string()),
});
export type SendRequirementDocumentsResponse = z.infer<
  typeof sendRequirementDocumentsResponseSchema
>;
