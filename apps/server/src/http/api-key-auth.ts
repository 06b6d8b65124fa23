import { createHash, timingSafeEqual } from "node:crypto";
import { API_KEY_HEADER } from "@kalinga/domain/claim-api";
import type { FastifyRequest } from "fastify";
import { API_MESSAGES, unauthorized } from "./api-error.ts";

// The api key names the insurer deployment that calls; it is public in the host page, so it gates
// nothing by itself — the claim token does — but it lets a key be revoked without a release.

const digest = (value: string) => createHash("sha256").update(value).digest();

/** A widget key's id: `key-` and 6 hex digits of its SHA-256, as the insurer keys are named (0064). */
export const apiKeyId = (key: string) =>
  `key-${createHash("sha256").update(key).digest("hex").slice(0, 6)}`;

export function apiKeyCheck(apiKeys: string[]) {
  const known = apiKeys.map(digest);
  return async (request: FastifyRequest) => {
    const sent = request.headers[API_KEY_HEADER];
    if (typeof sent !== "string" || sent === "") throw unauthorized(API_MESSAGES.unknownApiKey);
    const sentDigest = digest(sent);
    // Compare with every key in constant time so timing tells nothing about which one is close.
    let match = false;
    for (const key of known) match = timingSafeEqual(key, sentDigest) || match;
    if (!match) throw unauthorized(API_MESSAGES.unknownApiKey);
  };
}
