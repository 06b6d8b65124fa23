import * as z from "zod/mini";
import { COUNTRY_CODE, FIELD_LIMITS } from "./constants.ts";
import { FIELD_MESSAGES as M } from "./messages.ts";
import { otpCodeSchema, otpMobileNumberSchema } from "./otp.ts";

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
} as const;

export const API_KEY_HEADER = "x-api-key";

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
} as const;
export type ReturnCode = (typeof RETURN_CODES)[keyof typeof RETURN_CODES];

export const basicInformationSchema = z.object({
  companyName: z.string().check(z.minLength(1), z.maxLength(100)),
  channelName: z.string().check(z.minLength(1), z.maxLength(100)),
});
export type BasicInformation = z.infer<typeof basicInformationSchema>;

/** Every claim call carries these; agentCode only on the agent-assist channel. */
const common = {
  basicInformation: basicInformationSchema,
  agentCode: z.optional(z.string().check(z.maxLength(50))),
};

const webReferenceNumber = z.string().check(z.regex(/^[A-Z0-9-]{6,20}$/));

export const initClaimRequestSchema = z.object({ ...common });

export const requestOneTimePinSchema = z.object({
  ...common,
  webReferenceNumber,
  countryCode: z.literal(COUNTRY_CODE),
  mobileNumber: otpMobileNumberSchema,
  firstName: z
    .string({ error: M.firstNameRequired })
    .check(z.minLength(1, M.firstNameRequired), z.maxLength(FIELD_LIMITS.name, M.tooLong)),
});

export const resetOneTimePinSchema = z.object({ ...common, webReferenceNumber });

export const validateOneTimePinSchema = z.object({
  ...common,
  webReferenceNumber,
  oneTimePIN: otpCodeSchema,
});

export type InitClaimRequest = z.infer<typeof initClaimRequestSchema>;
export type RequestOneTimePin = z.infer<typeof requestOneTimePinSchema>;
export type ResetOneTimePin = z.infer<typeof resetOneTimePinSchema>;
export type ValidateOneTimePin = z.infer<typeof validateOneTimePinSchema>;

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
export type OtpValidatedResponse = { returnCode: ReturnCode; token?: string };
/** 417 business refusals. */
export type RefusalResponse = { returnCode: ReturnCode; message: string; sendsLeft?: number };
/** 400 malformed input: one message per field, the same the widget shows. */
export type BadRequestResponse = {
  returnCode: "400";
  message: string;
  errors: { field: string; message: string }[];
};
