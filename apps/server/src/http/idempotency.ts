import { IDEMPOTENCY_KEY_HEADER } from "@kalinga/domain/claim-api";
import type { FastifyRequest } from "fastify";
import type { Queryable } from "../db/database.ts";
import { API_MESSAGES, ApiError, badRequest } from "./api-error.ts";
import {
  abandonIdempotentRequest,
  beginIdempotentRequest,
  completeIdempotentRequest,
  isIdempotencyKey,
  renewIdempotentRequest,
} from "./idempotency-keys.ts";
import { IDEMPOTENCY_LEASE, type IdempotencyLease, keepRenewing } from "./key-lease.ts";

// The Idempotency-Key header of the calls the call table marks idempotent (uploadDocument,
// finalSubmitClaim): a repeat gets the first answer, whatever the call.

/** Records the answer in the transaction of the change it answers; null without a key. */
export type CompleteIdempotentRequest<T> = ((tx: Queryable, response: T) => Promise<void>) | null;

/** The Idempotency-Key header, when sent: 400 when it is not a usable key. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return null;
  if (typeof value !== "string" || !isIdempotencyKey(value)) {
    throw badRequest([{ field: IDEMPOTENCY_KEY_HEADER, message: API_MESSAGES.badIdempotencyKey }]);
  }
  return value;
}

/**
 * Runs `work` under an Idempotency-Key: a replay answers the stored response, another request
 * under the key 422, a key in flight 409 (unless its lease ran out: its server died). `work`
 * completes the key in its own transaction; any failure frees it (only this attempt's in-flight
 * key is removed, so a committed answer stays).
 */
export async function withIdempotencyKey<T>(
  db: Queryable,
  input: { claimId: string; key: string | null; requestHash: string; now: Date; clock: () => Date },
  work: (complete: CompleteIdempotentRequest<T>) => Promise<T>,
  lease: IdempotencyLease = IDEMPOTENCY_LEASE,
): Promise<T> {
  const { key, claimId, now, clock } = input;
  if (key === null) return work(null);
  const start = await beginIdempotentRequest(db, { ...input, key, leaseMs: lease.leaseMs });
  if (start.state === "replay") return start.response as T;
  if (start.state === "mismatch") {
    throw new ApiError(422, { returnCode: "422", message: API_MESSAGES.idempotencyMismatch });
  }
  if (start.state === "in-flight") {
    throw new ApiError(409, { returnCode: "409", message: API_MESSAGES.idempotencyInFlight });
  }
  const hold = { claimId, key, holder: start.holder };
  const stopRenewing = keepRenewing(
    (leaseUntil) => renewIdempotentRequest(db, hold, leaseUntil),
    clock,
    lease,
  );
  try {
    return await work((tx, response) => completeIdempotentRequest(tx, { ...hold, response, now }));
  } catch (error) {
    await abandonIdempotentRequest(db, hold).catch(() => {});
    throw error;
  } finally {
    stopRenewing();
  }
}
