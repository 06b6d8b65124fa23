import {
  type ProofOfWorkChallenge,
  RETURN_CODES,
  TOKEN_END_REASONS,
} from "@kalinga/domain/claim-api";
import { DECIDED_MESSAGES } from "@kalinga/domain/messages";

// Every answer that is not a success is an ApiError: a status, a JSON body with a returnCode, and
// headers such as Retry-After. Business refusals keep the returnCodes of RETURN_CODES; other
// failures use the HTTP status as the returnCode ("400", "401", …). docs/decisions/0015 has the map.

export type FieldError = { field: string; message: string };

/** Server messages the widget never shows (it shows the system-error popup for these statuses). */
export const API_MESSAGES = {
  invalidRequest: "Invalid request",
  invalidJson: "The request body is not valid JSON.",
  unknownApiKey: "Missing or unknown API key.",
  unknownToken: "Missing, expired or unknown claim token.",
  continuedElsewhere: "This claim was continued on another device; this device's token has ended.",
  otherClaim: "This token belongs to another claim.",
  notVerified: "Verify the mobile number with the OTP before sending documents or the claim.",
  originNotAllowed: "This origin may not call the Kalinga API.",
  bodyTooLarge: "The request body is too large.",
  unsupportedMediaType: "Send the request body as application/json.",
  notFound: "Not found.",
  refused: "The request was refused.",
  methodNotAllowed: "Method not allowed.",
  badDeviceKey: "The x-kalinga-device header must be 22 to 128 letters, digits, '-' or '_'.",
  noActiveOtp: "No code is waiting for this claim. Please request a new OTP.",
  unknownCompany: "Unknown company name.",
  otherCompanysKey: "This API key is not one of this company's widget keys.",
  unknownChannel: "Unknown channel name.",
  badIdempotencyKey: "The Idempotency-Key header must be 1 to 255 printable characters.",
  idempotencyMismatch: "This Idempotency-Key was used for another request.",
  idempotencyInFlight: "A request with this Idempotency-Key is still running.",
  portalAssertion: "Sign in to the portal again: its sign-in could not be verified.",
  portalOtherChannel: "This portal sign-in does not open this channel's calls.",
  portalChannelsOff: "The member portal and agent assist are not set up on this server.",
} as const;

export class ApiError extends Error {
  override name = "ApiError";
  readonly statusCode: number;
  readonly body: Record<string, unknown> & { returnCode: string; message: string };
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    body: Record<string, unknown> & { returnCode: string; message: string },
    headers: Record<string, string> = {},
  ) {
    super(body.message);
    this.statusCode = statusCode;
    this.body = body;
    this.headers = headers;
  }
}

export function badRequest(errors: FieldError[]): ApiError {
  return new ApiError(400, { returnCode: "400", message: API_MESSAGES.invalidRequest, errors });
}

export function unauthorized(message: string): ApiError {
  return new ApiError(401, { returnCode: "401", message });
}

/** 401 for a token that ended because its claim was continued on another device (decision 0069). */
export function continuedElsewhere(): ApiError {
  return new ApiError(401, {
    returnCode: "401",
    message: API_MESSAGES.continuedElsewhere,
    reason: TOKEN_END_REASONS.continuedElsewhere,
  });
}

export function forbidden(message: string): ApiError {
  return new ApiError(403, { returnCode: "403", message });
}

/** 503: the server was started without the portal's secret, so the logged-in channels are off. */
export function portalChannelsOff(): ApiError {
  return new ApiError(503, { returnCode: "503", message: API_MESSAGES.portalChannelsOff });
}

/** 429 with Retry-After in whole seconds (at least 1). */
export function tooManyRequests(
  retryAfterSeconds: number,
  message: string,
  extra: { sendsLeft?: number } = {},
): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError(
    429,
    { returnCode: RETURN_CODES.resendTooSoon, message, retryAfterSeconds: seconds, ...extra },
    { "retry-after": String(seconds) },
  );
}

/**
 * 429 with an ALTCHA challenge: the call is above its address's normal rate and passes when
 * repeated with the solution (decision 0061). No Retry-After: it may be repeated once solved.
 */
export function challengeRequired(challenge: ProofOfWorkChallenge, reason?: string): ApiError {
  return new ApiError(429, {
    returnCode: RETURN_CODES.resendTooSoon,
    message: DECIDED_MESSAGES.tooManyRequests,
    challenge,
    ...(reason ? { challengeRefused: reason } : {}),
  });
}
