import * as z from "zod/mini";
import {
  claimCallCommon,
  type ReturnCode,
  type UploadedDocument,
  webReferenceNumberSchema,
} from "./claim-api.ts";
import type { OpenDraft } from "./claim-draft.ts";
import type { ExpectedDecision, RequirementState } from "./claim-lifecycle.ts";
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

/** The claim status record of section 3, with the reference and the day it was filed. */
export type TrackedClaimRecord = {
  webReferenceNumber: string;
  claimInfo: { policyNumber: string; type: "Death" | "Living"; subType: string };
  /** Null until the insurer matched the policy: shown as "Unavailable at this time". */
  matchCode: number | null;
  status: string;
  submittedAt: string;
};

export type TrackedRequirement = {
  id: string;
  documentCd: string | null;
  description: string;
  /** yyyy-MM-dd */
  dueDate: string;
  state: RequirementState;
  rejectionReason: string | null;
  /** The item it asks again for, when a document was rejected. */
  replaces: string | null;
  /** Files added for it and not sent yet, or sent with it. */
  documents: UploadedDocument[];
};

/** A sent document's state as the insurer sees it: a request's review, or received for a filed one. */
export type SentDocumentState = "received" | "accepted" | "rejected";

/**
 * One document the claimant sent (decision 0068): a Step 4 slot with its files, or a request
 * that is no longer open, named as the claimant knows it.
 */
export type SentDocument = {
  /** The slot's name from Step 4, or the request's description. */
  title: string;
  /** On a death claim, the beneficiary whose document it is: position from 1 and name. */
  beneficiary: { position: number; name: string } | null;
  /** The request it answers; null for a document sent with the claim. */
  requirementId: string | null;
  state: SentDocumentState;
  /** Why it was not accepted, as the insurer entered it. */
  rejectionReason: string | null;
  /** A rejected one's open request that asks for it again: where the replacement is sent. */
  replacement: { id: string; dueDate: string } | null;
  /** When the insurer received it (the submit for a filed document). */
  receivedAt: string;
  files: { name: string; sizeText: string }[];
};

export type InitClaimTrackingResponse = {
  returnCode: ReturnCode;
  webReferenceNumber: string;
  token: string;
  /** On the logged-in channels the portal's sign-in verified the check: no OTP (decision 0059). */
  verified?: true;
};

export type ListTrackedClaimsResponse = {
  returnCode: ReturnCode;
  /** Newest first. */
  claims: TrackedClaimRecord[];
  /** Claims started with this number and never submitted, that can still be continued. */
  drafts: OpenDraft[];
};

export type ReadTrackedClaimResponse = {
  returnCode: ReturnCode;
  claim: TrackedClaimRecord;
  /** The status changes a claimant sees, oldest first; labels come from the domain's table. */
  events: { status: string; at: string }[];
  /** What the claimant sent: each filed slot, then each request answered, with its state. */
  documents: SentDocument[];
  requirements: TrackedRequirement[];
  /** Death claims: days left of the 60-day limit, counted on the insurer's days; null otherwise. */
  deathClaimDaysLeft: number | null;
  /** When the insurer expects to decide; null once decided. */
  expectedDecision: ExpectedDecision | null;
};

export type UploadRequirementDocumentResponse = {
  returnCode: ReturnCode;
  requirementId: string;
  document: UploadedDocument;
};

export type DeleteRequirementDocumentResponse = { returnCode: ReturnCode; documentId: string };

export type SendRequirementDocumentsResponse = {
  returnCode: ReturnCode;
  /** The claim's status after the send. */
  status: string;
  /** The items sent now. */
  sent: string[];
};
