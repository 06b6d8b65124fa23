import { randomInt } from "node:crypto";
import { CHALLENGE_HEADER, type ProofOfWorkChallenge } from "@kalinga/domain/claim-api";
import { createChallenge, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { FastifyRequest } from "fastify";
import type { ServerConfig } from "../config.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { ServerMetrics } from "../metrics/server-metrics.ts";
import { challengeRequired } from "./api-error.ts";
import { keyedHash } from "./keyed-hash.ts";
import {
  type BucketHit,
  countHit,
  hitsSoFar,
  type RateWindow,
  takeHit,
  windowStart,
} from "./rate-limit.ts";

// The proof-of-work challenge of docs/decisions/0061: below an address's normal rate a call passes
// as before; above it, the call is answered 429 with a signed ALTCHA v2 challenge, and passes when
// repeated with its solution. The work asked doubles with every further normal rate of calls that
// passed; it stops at maxWork, except past an SMS ceiling, where it keeps doubling. Only calls that
// passed are counted, so a flood that does not solve raises nobody's work.

const CHALLENGE_ALGORITHM = "SHA-256";
/** A uint32 counter: more work than this cannot be asked. */
const MOST_WORK = 2 ** 31;

export type ChallengeRule = {
  /** Calls per window from one address that need no challenge. */
  free: number;
  windowSeconds: number;
  /** Past this count the work keeps doubling, with no cap (the SMS bill); null: capped. */
  ceiling: number | null;
};

export type WorkSettings = { startWork: number; maxWork: number };

/** The expected number of SHA-256 derivations asked once `passed` calls passed in the window. */
export function challengeWork(passed: number, rule: ChallengeRule, settings: WorkSettings): number {
  const doublings = (count: number) => (count - rule.free) / rule.free;
  const capped = (count: number) =>
    Math.min(settings.maxWork, settings.startWork * 2 ** doublings(count));
  const ceiling = rule.ceiling === null ? null : Math.max(rule.ceiling, rule.free);
  const work =
    ceiling === null || passed < ceiling
      ? capped(passed)
      : capped(ceiling) * 2 ** ((passed - ceiling) / rule.free);
  return Math.max(1, Math.min(MOST_WORK, Math.round(work)));
}

type Payload = {
  challenge: ProofOfWorkChallenge;
  solution: { counter: number; derivedKey: string };
};

function readPayload(header: unknown): Payload | null {
  if (typeof header !== "string" || header.length > 4096) return null;
  try {
    const payload = JSON.parse(Buffer.from(header, "base64").toString("utf8")) as Payload;
    const { challenge, solution } = payload ?? {};
    if (typeof challenge?.signature !== "string" || typeof challenge.parameters !== "object") {
      return null;
    }
    if (typeof solution?.counter !== "number" || typeof solution.derivedKey !== "string") {
      return null;
    }
    return payload;
  } catch {
    return null;
  }
}

export type ChallengeGateOptions = {
  db: Database;
  config: ServerConfig;
  secret: string;
  metrics: Pick<ServerMetrics, "challenge">;
};

export type ChallengePass = {
  request: FastifyRequest;
  /** The call's name: a solution answers one call only. */
  call: string;
  /** The counter's name, e.g. "claim-start". */
  kind: string;
  rule: ChallengeRule;
  /** The claim the call's token names, so a send's solution is good for that claim only. */
  claimId: string | null;
  now: Date;
};

/** Whether the solution solves the challenge and the challenge is one this server signed. */
async function solutionVerified(
  payload: Payload,
  hmacSignatureSecret: string,
  hmacKeySignatureSecret: string,
): Promise<boolean> {
  try {
    const { challenge, solution } = payload;
    const args = { challenge, solution, deriveKey, hmacSignatureSecret, hmacKeySignatureSecret };
    return (await verifySolution(args)).verified;
  } catch {
    return false;
  }
}

/** The address's counter of a kind of call. */
function addressCounter(secret: string, { request, kind, rule }: ChallengePass) {
  const address = keyedHash(secret, "address", request.ip);
  const window: RateWindow = { limit: rule.free, seconds: rule.windowSeconds };
  return { address, window, bucket: `${kind}-address:${address}` };
}

export function createChallengeGate({ db, config, secret, metrics }: ChallengeGateOptions) {
  const signatureSecret = keyedHash(secret, "challenge-signature");
  const keySignatureSecret = keyedHash(secret, "challenge-key-signature");
  const settings = config.challenge;

  async function issue(subject: string, call: string, work: number, now: Date, reason?: string) {
    // The counter is drawn around the work asked, so the expected cost is the work itself.
    const counter = Math.floor(work / 2) + randomInt(work + 1);
    const challenge = await createChallenge({
      algorithm: CHALLENGE_ALGORITHM,
      cost: 1,
      counter,
      deriveKey,
      // Expiry is judged by the server's clock, so it travels in the signed data.
      data: {
        call,
        subject,
        work,
        expires: Math.floor(now.getTime() / 1000) + settings.ttlSeconds,
      },
      hmacSignatureSecret: signatureSecret,
      hmacKeySignatureSecret: keySignatureSecret,
    });
    return challengeRequired(challenge as ProofOfWorkChallenge, reason);
  }

  /** Why a carried solution does not pass, or null when it does (and is now spent). */
  async function refusedSolution(
    payload: Payload,
    subject: string,
    call: string,
    work: number,
    now: Date,
  ): Promise<string | null> {
    const data = payload.challenge.parameters.data ?? {};
    const verified = await solutionVerified(payload, signatureSecret, keySignatureSecret);
    if (!verified || data.call !== call || data.subject !== subject) return "invalid";
    const expires = Number(data.expires);
    if (!(expires * 1000 > now.getTime())) return "expired";
    // A solution bought while the rate was lower is good until the work has doubled twice since.
    if (!(Number(data.work) * 4 >= work)) return "stale";
    const { rows } = await db.query(
      `INSERT INTO spent_challenges (signature, expires_at) VALUES ($1, $2)
       ON CONFLICT (signature) DO NOTHING RETURNING signature`,
      [payload.challenge.signature, new Date(expires * 1000)],
    );
    return rows.length > 0 ? null : "spent";
  }

  /** Lets the call through, or throws the 429 that carries a challenge. */
  async function pass(at: ChallengePass): Promise<void> {
    const { window, bucket } = addressCounter(secret, at);
    if ((await takeHit(db, bucket, window, at.now)).allowed) return;
    await passAboveFree(at);
  }

  /** A call above its address's normal rate: throws the 429 with a challenge, or counts its solved call. */
  async function passAboveFree(at: ChallengePass): Promise<void> {
    const { request, call, kind, rule, claimId, now } = at;
    const { address, window, bucket } = addressCounter(secret, at);
    const subject = keyedHash(secret, "challenge-subject", call, address, claimId ?? "");
    const work = challengeWork(await hitsSoFar(db, bucket, window, now), rule, settings);
    const payload = readPayload(request.headers[CHALLENGE_HEADER]);
    if (!payload) {
      metrics.challenge(kind, "issued");
      throw await issue(subject, call, work, now);
    }
    const refused = await refusedSolution(payload, subject, call, work, now);
    if (refused) {
      metrics.challenge(kind, "failed");
      throw await issue(subject, call, work, now, refused);
    }
    metrics.challenge(kind, "passed");
    await countHit(db, bucket, window, now);
  }

  /** The call's free hit for a statement of its own to take, and the challenge when that finds none left. */
  const ticket = (at: ChallengePass): ChallengeTicket => {
    const { window, bucket } = addressCounter(secret, at);
    const start = windowStart(at.now, window);
    return {
      bucket,
      windowStart: start,
      limit: window.limit,
      passAboveFree: () => passAboveFree(at),
    };
  };

  return { pass, ticket };
}

/**
 * A challenged call's gate folded into the call's own statement (decision 0108): the statement takes
 * the address's hit below `limit`; when it could not, the call goes on only through passAboveFree,
 * exactly as the gate's pass would have gone on after its own refused hit.
 */
export type ChallengeTicket = BucketHit & { passAboveFree(): Promise<void> };

/** Deletes spent solutions whose challenges expired before `expiredBefore`. */
export async function deleteSpentChallengesBefore(db: Queryable, expiredBefore: Date) {
  await db.query("DELETE FROM spent_challenges WHERE expires_at < $1", [expiredBefore]);
}
