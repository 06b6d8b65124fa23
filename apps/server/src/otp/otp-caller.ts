import type { FastifyRequest } from "fastify";
import { deviceKeyOf } from "../http/device-key.ts";
import type { OtpCaller } from "./otp-service.ts";

/** The caller of an OTP call, with the widget's device key when sent: 400 when it is malformed. */
export function otpCallerOf(request: FastifyRequest): OtpCaller {
  return { ip: request.ip, deviceKey: deviceKeyOf(request), log: request.log };
}
