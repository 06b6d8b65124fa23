import type { FastifyRequest } from "fastify";
import type { ClaimCallHandlers } from "../http/claim-call-routes.ts";
import { deviceKeyOf } from "../http/device-key.ts";
import type { OtpCaller, OtpService } from "./otp-service.ts";

// requestOneTimePIN, resetOneTimePIN and validateOneTimePIN: the OTP service's rules, as calls.

/** The caller of an OTP call, with the widget's device key when sent: 400 when it is malformed. */
export function otpCallerOf(request: FastifyRequest): OtpCaller {
  return { ip: request.ip, deviceKey: deviceKeyOf(request), log: request.log };
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
