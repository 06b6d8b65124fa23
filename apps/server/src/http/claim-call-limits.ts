import type { ClaimCallLimit, ClaimCallName } from "@kalinga/domain/claim-calls";
import { DECIDED_MESSAGES } from "@kalinga/domain/messages";
import type { FastifyRequest } from "fastify";
import type { ServerConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import type { ServerMetrics } from "../metrics/server-metrics.ts";
import { tooManyRequests } from "./api-error.ts";
import { type ChallengeRule, type ChallengeTicket, createChallengeGate } from "./challenge.ts";
import type { ClaimAccess } from "./claim-token.ts";
import { keyedHash } from "./keyed-hash.ts";
import { giveBackHit, type RateWindow, takeHit } from "./rate-limit.ts";

// The ceilings a claim call counts against (its row's limits), and the failed-token bucket of the
// token check. Above an address's normal rate the claim starts and OTP sends cost a proof of work
// instead of a refusal (decision 0061); the uploads are refused with 429 and Retry-After.

type ChallengedLimit = "claim-starts-per-address" | "otp-sends-per-address";
const isChallenged = (limit: ClaimCallLimit): limit is ChallengedLimit =>
  limit === "claim-starts-per-address" || limit === "otp-sends-per-address";

type Bucket = [string, RateWindow];

type ClaimCallLimitsOptions = {
  db: Database;
  config: ServerConfig;
  secret: string;
  metrics: Pick<ServerMetrics, "challenge">;
};

/** The counted ceilings' windows, and the failed-token bucket's. */
function rateWindowsOf(config: ServerConfig) {
  return {
    failedToken: {
      limit: config.failedToken.addressLimit,
      seconds: config.failedToken.addressWindowSeconds,
    },
    uploadClaim: {
      limit: config.documents.uploads.claimLimit,
      seconds: config.documents.uploads.claimWindowSeconds,
    },
    uploadAddress: {
      limit: config.documents.uploads.addressLimit,
      seconds: config.documents.uploads.addressWindowSeconds,
    },
  } satisfies Record<string, RateWindow>;
}

/** Above an address's normal rate these calls cost the caller a proof of work instead of a refusal. */
function challengeRulesOf(
  config: ServerConfig,
): Record<ChallengedLimit, { kind: string; rule: ChallengeRule }> {
  return {
    "claim-starts-per-address": {
      kind: "claim-start",
      rule: {
        free: config.claimStart.addressLimit,
        windowSeconds: config.claimStart.addressWindowSeconds,
        ceiling: null,
      },
    },
    "otp-sends-per-address": {
      kind: "otp-send",
      rule: {
        free: config.otp.sendAddressLimit,
        windowSeconds: config.otp.sendAddressWindowSeconds,
        ceiling: config.otp.sendAddressCeiling,
      },
    },
  };
}

export function createClaimCallLimits({ db, config, secret, metrics }: ClaimCallLimitsOptions) {
  const windows = rateWindowsOf(config);
  const addressBucket = (kind: string, request: FastifyRequest) =>
    `${kind}-address:${keyedHash(secret, "address", request.ip)}`;

  async function takeHits(buckets: Bucket[], now: Date) {
    const taken: Bucket[] = [];
    for (const [bucket, window] of buckets) {
      const decision = await takeHit(db, bucket, window, now);
      if (!decision.allowed) {
        // A refused request changes nothing: the hits it took are given back.
        for (const [done, doneWindow] of taken) await giveBackHit(db, done, doneWindow, now);
        throw tooManyRequests(decision.retryAfterSeconds, DECIDED_MESSAGES.tooManyRequests);
      }
      taken.push([bucket, window]);
    }
  }

  const COUNTED: Record<
    Exclude<ClaimCallLimit, ChallengedLimit>,
    (request: FastifyRequest, claim: ClaimAccess | null) => Bucket[]
  > = {
    "uploads-per-claim-and-address": (request, claim) => [
      [`document-claim:${keyedHash(secret, "claim", claim?.claimId ?? "")}`, windows.uploadClaim],
      [addressBucket("document", request), windows.uploadAddress],
    ],
  };

  const gate = createChallengeGate({ db, config, secret, metrics });
  const CHALLENGED = challengeRulesOf(config);

  return {
    /** A made-up or ended token counts in a bucket of its own: a flood of them slows only further failures. */
    countFailedToken: (request: FastifyRequest) =>
      takeHits([[addressBucket("failed-token", request), windows.failedToken]], config.now()),

    /**
     * The call's challenges first, then its counted ceilings; a refusal gives back what it took.
     * With `ticketed`, the challenge's free hit is left to the handler's statement: its ticket.
     */
    async pass(
      call: ClaimCallName,
      limits: readonly ClaimCallLimit[],
      input: { request: FastifyRequest; claim: ClaimAccess | null; now: Date; ticketed: boolean },
    ): Promise<ChallengeTicket | null> {
      const { request, claim, now } = input;
      let ticket: ChallengeTicket | null = null;
      for (const limit of limits) {
        if (!isChallenged(limit)) continue;
        const { kind, rule } = CHALLENGED[limit];
        const at = { request, call, kind, rule, claimId: claim?.claimId ?? null, now };
        if (input.ticketed && ticket === null) ticket = gate.ticket(at);
        else await gate.pass(at);
      }
      await takeHits(
        limits.flatMap((limit) => (isChallenged(limit) ? [] : COUNTED[limit](request, claim))),
        now,
      );
      return ticket;
    },
  };
}

export type ClaimCallLimits = ReturnType<typeof createClaimCallLimits>;
