import { createHmac, timingSafeEqual } from "node:crypto";

// HMAC-SHA256 with the server secret: OTP codes and rate-limit buckets are stored only this way, so
// a copy of the database alone reveals neither a code nor whose number a counter belongs to.

export function keyedHash(secret: string, ...parts: string[]): string {
  return createHmac("sha256", secret).update(parts.join("\u0000")).digest("hex");
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
