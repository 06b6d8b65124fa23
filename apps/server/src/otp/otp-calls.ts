import { DEVICE_KEY_HEADER, isDeviceKey } from "@kalinga/domain/device-key";
import type { FastifyRequest } from "fastify";
import { badRequest } from "../http/api-error.ts";
import type { ClaimCallHandlers } from "../http/claim-call-routes.ts";
import { OTP_SERVICE_MESSAGES, type OtpCaller, type OtpService } from "./otp-service.ts";

// requestOneTimePIN, resetOneTimePIN and validateOneTimePIN: the OTP service's rules, as calls.

/** The caller of an OTP call, with the widget's device key when sent: 400 when it is malformed. */
export function otpCallerOf(request: FastifyRequest): OtpCaller {
  const value = request.headers[DEVICE_KEY_HEADER];
  if (value !== undefined && (typeof value !== "string" || !isDeviceKey(value))) {
    throw badRequest([{ field: DEVICE_KEY_HEADER, message: OTP_SERVICE_MESSAGES.badDeviceKey }]);
  }
  return { ip: request.ip, deviceKey: value ?? null, log: request.log };
}

export function otpCalls(
  otpService: OtpService,
): Pick<ClaimCallHandlers, "requestOneTimePIN" | "resetOneTimePIN" | "validateOneTimePIN"> {
  return {
    requestOneTimePIN: ({ claim, body, request }) =>
      otpService.sendCode(claim, "request", body.mobileNumber, otpCallerOf(request)),
    resetOneTimePIN: ({ claim, request }) =>
      otpService.sendCode(claim, "reset", null, otpCallerOf(request)),
    validateOneTimePIN: ({ claim, body, request }) =>
      otpService.validateCode(claim, body.oneTimePIN, otpCallerOf(request)),
  };
}
