import {
  CLAIM_API_PATHS,
  type InitClaimResponse,
  initClaimRequestSchema,
  RETURN_CODES,
  requestOneTimePinSchema,
  resetOneTimePinSchema,
  validateOneTimePinSchema,
} from "@kalinga/domain/claim-api";
import { DECIDED_MESSAGES } from "@kalinga/domain/messages";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import { tooManyRequests } from "../http/api-error.ts";
import { apiKeyCheck } from "../http/api-key-auth.ts";
import { type RateWindow, takeHit } from "../http/rate-limit.ts";
import { keyedHash } from "../otp/keyed-hash.ts";
import type { OtpService } from "../otp/otp-service.ts";
import { claimCall } from "./claim-call.ts";
import { startClaim } from "./claim-repository.ts";

// The claim start and OTP calls (spec section 7), JSON POSTs under /api/claims. Each runs the same
// steps in the same order: api key (401) → claim token (401; 429 once the address has failed too
// often) → body (400) → the token's claim is the body's (403) → the call. Per-address counters
// count only what costs something: claim starts, SMS sends and failed tokens, never a valid call
// (docs/decisions/0030-limits-behind-carrier-nat.md).

export const CLAIM_BODY_LIMIT_BYTES = 64 * 1024;
export const CLAIM_API_PREFIX = "/api/claims";

export type ClaimRoutesOptions = {
  db: Database;
  config: ServerConfig;
  secret: string;
  otpService: OtpService;
};

export async function claimRoutes(app: FastifyInstance, options: ClaimRoutesOptions) {
  const { db, config, secret, otpService } = options;
  const claimStartWindow: RateWindow = {
    limit: config.claimStart.addressLimit,
    seconds: config.claimStart.addressWindowSeconds,
  };
  const failedTokenWindow: RateWindow = {
    limit: config.failedToken.addressLimit,
    seconds: config.failedToken.addressWindowSeconds,
  };

  async function limitAddress(request: FastifyRequest, kind: string, window: RateWindow) {
    const bucket = `${kind}-address:${keyedHash(secret, "address", request.ip)}`;
    const decision = await takeHit(db, bucket, window, config.now());
    if (!decision.allowed) {
      throw tooManyRequests(decision.retryAfterSeconds, DECIDED_MESSAGES.tooManyRequests);
    }
  }

  // Failed tokens have a bucket of their own: a flood of made-up tokens slows only further failures.
  const { authenticate, sameClaim, parseBody } = claimCall(db, config, (request) =>
    limitAddress(request, "failed-token", failedTokenWindow),
  );

  app.addHook("onRequest", apiKeyCheck(config.apiKeys));

  // Claim answers carry tokens and are small: never compressed, so no BREACH-style guessing.
  const routeOptions = { bodyLimit: CLAIM_BODY_LIMIT_BYTES, compress: false as const };

  app.post(CLAIM_API_PATHS.initClaimRequest, routeOptions, async (request) => {
    const body = parseBody(initClaimRequestSchema, request.body);
    await limitAddress(request, "claim-start", claimStartWindow);
    const now = config.now();
    const { claim, token } = await startClaim(db, {
      companyName: body.basicInformation.companyName,
      channelName: body.basicInformation.channelName,
      now,
      tokenExpiresAt: new Date(now.getTime() + config.token.maxAgeSeconds * 1000),
    });
    const { webReferenceNumber } = claim;
    request.log.info({ webReferenceNumber }, "claim started");
    const response: InitClaimResponse = { returnCode: RETURN_CODES.ok, webReferenceNumber, token };
    return response;
  });

  app.post(CLAIM_API_PATHS.requestOneTimePIN, routeOptions, async (request) => {
    const session = await authenticate(request);
    const body = parseBody(requestOneTimePinSchema, request.body);
    sameClaim(session, body.webReferenceNumber);
    return otpService.sendCode(session, "request", body.mobileNumber, request);
  });

  app.post(CLAIM_API_PATHS.resetOneTimePIN, routeOptions, async (request) => {
    const session = await authenticate(request);
    const body = parseBody(resetOneTimePinSchema, request.body);
    sameClaim(session, body.webReferenceNumber);
    return otpService.sendCode(session, "reset", null, request);
  });

  app.post(CLAIM_API_PATHS.validateOneTimePIN, routeOptions, async (request) => {
    const session = await authenticate(request);
    const body = parseBody(validateOneTimePinSchema, request.body);
    sameClaim(session, body.webReferenceNumber);
    return otpService.validateCode(session, body.oneTimePIN, request);
  });
}

/** The paths this plugin answers, for the 405 answer to other methods. */
export const CLAIM_ROUTE_PATHS = [
  CLAIM_API_PATHS.initClaimRequest,
  CLAIM_API_PATHS.requestOneTimePIN,
  CLAIM_API_PATHS.resetOneTimePIN,
  CLAIM_API_PATHS.validateOneTimePIN,
].map((path) => `${CLAIM_API_PREFIX}${path}`);
