import { DEVICE_KEY_HEADER, isDeviceKey } from "@kalinga/domain/device-key";
import type { FastifyRequest } from "fastify";
import { API_MESSAGES, badRequest } from "./api-error.ts";

/** The widget's device key when sent (decision 0062); 400 naming the header when it is malformed. */
export function deviceKeyOf(request: FastifyRequest): string | null {
  const value = request.headers[DEVICE_KEY_HEADER];
  if (value === undefined) return null;
  if (typeof value !== "string" || !isDeviceKey(value)) {
    throw badRequest([{ field: DEVICE_KEY_HEADER, message: API_MESSAGES.badDeviceKey }]);
  }
  return value;
}
