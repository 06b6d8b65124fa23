// The widget's device key (docs/decisions/0062): a random id the widget keeps per company in the
// browser's localStorage and sends on the OTP calls, so that the OTP limits can tell the device that
// used up a number's sends from another device asking for the same number.

export const DEVICE_KEY_HEADER = "x-kalinga-device";

/** 22 to 128 URL-safe characters: at least 128 random bits as the widget writes them (43 characters). */
const DEVICE_KEY_SHAPE = /^[A-Za-z0-9_-]{22,128}$/;

export function isDeviceKey(value: string): boolean {
  return DEVICE_KEY_SHAPE.test(value);
}
