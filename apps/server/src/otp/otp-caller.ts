import type { FastifyRequest } from "fastify";
import type { CallGate } from "../http/claim-call-routes.ts";
import { deviceKeyOf } from "../http/device-key.ts";
import type { OtpCaller } from "./otp-service.ts";

/**
 * The caller of an OTP call, with the widget's device key when sent (400 when it is malformed), and
 * the call's gate when its send takes it (decision 0108).
 */
export function otpCallerOf(request: FastifyRequest, gate: CallGate | null = null): OtpCaller {
  return { ip: request.ip, deviceKey: deviceKeyOf(request), log: request.log, gate };
}
