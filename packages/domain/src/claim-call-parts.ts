import * as z from "zod/mini";
import { freeText } from "./free-text.ts";
import { WEB_REFERENCE_SHAPE } from "./web-reference-number.ts";

// What every claim call's body carries and every answer's returnCode, apart from the calls
// themselves, so the filing, draft and tracking contracts each build on it without importing
// one another.

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

export const basicInformationSchema = z.object({
  companyName: z.string().check(z.minLength(1), z.maxLength(100)),
  channelName: z.string().check(z.minLength(1), z.maxLength(100)),
});
export type BasicInformation = z.infer<typeof basicInformationSchema>;

/** Every claim call carries these; agentCode only on the agent-assist channel. */
export const claimCallCommon = {
  basicInformation: basicInformationSchema,
  agentCode: z.optional(freeText("agentCode").check(z.maxLength(50))),
};

export const webReferenceNumberSchema = z.string().check(z.regex(WEB_REFERENCE_SHAPE));
