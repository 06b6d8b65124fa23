import { IDEMPOTENCY_LEASE_MS } from "@kalinga/domain/constants";

// The lease under which a running call holds its Idempotency-Key (decision 0110), for the claim
// API's keys and the console's and integration API's alike: renewed while the call runs, so a key
// whose server died is taken over by a retry once its lease has run out.

/** How long each renewal of a running call's key holds, and how often it comes (tests shorten them). */
export type IdempotencyLease = { leaseMs: number; renewEveryMs: number };

export const IDEMPOTENCY_LEASE: IdempotencyLease = {
  leaseMs: IDEMPOTENCY_LEASE_MS,
  renewEveryMs: IDEMPOTENCY_LEASE_MS / 3,
};

/** When a hold taken or renewed at `now` for leaseMs runs out. */
export function leaseEnd(now: Date, leaseMs: number): Date {
  return new Date(now.getTime() + leaseMs);
}

/**
 * Calls `renew` with the lease's new end every renewEveryMs, read on the clock, until the returned
 * function stops it. `renew` extends the hold only if it is still the attempt's.
 */
export function keepRenewing(
  renew: (leaseUntil: Date) => Promise<unknown>,
  clock: () => Date,
  lease: IdempotencyLease,
): () => void {
  const timer = setInterval(() => {
    // A failed renewal only shortens the hold: the completion still checks the holder.
    renew(leaseEnd(clock(), lease.leaseMs)).catch(() => false);
  }, lease.renewEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}
