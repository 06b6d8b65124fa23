import type { ClaimCallHandlers } from "../http/claim-call-routes.ts";
import { otpCallerOf } from "./otp-caller.ts";
import type { OtpService } from "./otp-service.ts";

// requestOneTimePIN, resetOneTimePIN and validateOneTimePIN: the OTP service's rules, as calls.

export function otpCalls(
  otpService: OtpService,
): Pick<ClaimCallHandlers, "requestOneTimePIN" | "resetOneTimePIN" | "validateOneTimePIN"> {
  return {
    requestOneTimePIN: ({ claim, body, request, gate }) =>
      otpService.sendCode(claim, "request", body.mobileNumber, otpCallerOf(request, gate)),
    resetOneTimePIN: ({ claim, request, gate }) =>
      otpService.sendCode(claim, "reset", null, otpCallerOf(request, gate)),
    validateOneTimePIN: ({ claim, body, request }) =>
      otpService.validateCode(claim, body.oneTimePIN, otpCallerOf(request)),
  };
}
