import type { Queryable } from "../db/database.ts";

// Fixed-window counters in the database, so every server behind the load balancer counts the same
// hits. A hit is one atomic upsert that refuses to count past the limit.

export type RateWindow = {
  limit: number;
  seconds: number;
  /** Shifts the window edges, e.g. 8 h so that a "day" starts at midnight in Manila. */
  offsetSeconds?: number;
};

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export const MANILA_OFFSET_SECONDS = 8 * 3600;

/** Where the window holding `now` starts. */
export function windowStart(now: Date, window: RateWindow): Date {
  const offset = window.offsetSeconds ?? 0;
  const seconds = Math.floor(now.getTime() / 1000);
  const start = Math.floor((seconds + offset) / window.seconds) * window.seconds - offset;
  return new Date(start * 1000);
}

export async function takeHit(
  q: Queryable,
  bucket: string,
  window: RateWindow,
  now: Date,
): Promise<RateDecision> {
  const start = windowStart(now, window);
  const { rows } = await q.query(
    `INSERT INTO rate_limit_hits (bucket, window_start, hits) VALUES ($1, $2, 1)
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
     WHERE rate_limit_hits.hits < $3
     RETURNING hits`,
    [bucket, start, window.limit],
  );
  if (rows.length > 0) return { allowed: true };
  const end = start.getTime() + window.seconds * 1000;
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((end - now.getTime()) / 1000)),
  };
}

/** The decision on hits taken together in one statement: the first bucket without room, in the order given, gives the Retry-After. */
export function decisionOfHits(
  hits: readonly (readonly [bucket: string, window: RateWindow])[],
  allowedBuckets: readonly string[],
  now: Date,
): RateDecision {
  const allowed = new Set(allowedBuckets);
  const refused = hits.find(([bucket]) => !allowed.has(bucket));
  if (!refused) return { allowed: true };
  const [, window] = refused;
  const end = windowStart(now, window).getTime() + window.seconds * 1000;
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((end - now.getTime()) / 1000)),
  };
}

/** An address's or a number's bucket, its window and its limit: a hit a caller's statement may take. */
export type BucketHit = { bucket: string; windowStart: Date; limit: number };

/**
 * A hit below the limit as part of a caller's statement (one round trip): a CTE body that returns
 * a row when the hit was counted, none when the window is full. `at` names its parameters.
 */
export function takeHitStatement(at: { bucket: string; windowStart: string; limit: string }) {
  return `INSERT INTO rate_limit_hits (bucket, window_start, hits) VALUES (${at.bucket}, ${at.windowStart}, 1)
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
     WHERE rate_limit_hits.hits < ${at.limit}
     RETURNING hits`;
}

/** Undoes a hit whose action did not happen (the SMS provider failed). */
export async function giveBackHit(q: Queryable, bucket: string, window: RateWindow, now: Date) {
  await q.query(
    "UPDATE rate_limit_hits SET hits = hits - 1 WHERE bucket = $1 AND window_start = $2 AND hits > 0",
    [bucket, windowStart(now, window)],
  );
}

/** Counts a hit with no ceiling and returns the window's count after it. */
export async function countHit(
  q: Queryable,
  bucket: string,
  window: Pick<RateWindow, "seconds" | "offsetSeconds">,
  now: Date,
): Promise<number> {
  const { rows } = await q.query<{ hits: number | string }>(
    `INSERT INTO rate_limit_hits (bucket, window_start, hits) VALUES ($1, $2, 1)
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
     RETURNING hits`,
    [bucket, windowStart(now, { limit: 0, ...window })],
  );
  return Number(rows[0]?.hits ?? 1);
}

/** The window's count so far, without counting. */
export async function hitsSoFar(
  q: Queryable,
  bucket: string,
  window: Pick<RateWindow, "seconds" | "offsetSeconds">,
  now: Date,
): Promise<number> {
  const { rows } = await q.query<{ hits: number | string }>(
    "SELECT hits FROM rate_limit_hits WHERE bucket = $1 AND window_start = $2",
    [bucket, windowStart(now, { limit: 0, ...window })],
  );
  return Number(rows[0]?.hits ?? 0);
}

/** Forgets every window of one bucket (a staff member's sign-in counts, once they sign in). */
export async function forgetBucket(q: Queryable, bucket: string) {
  await q.query("DELETE FROM rate_limit_hits WHERE bucket = $1", [bucket]);
}

/** Deletes windows that started before `startedBefore`: no limit reads them any more. */
export async function deleteWindowsBefore(q: Queryable, startedBefore: Date) {
  await q.query("DELETE FROM rate_limit_hits WHERE window_start < $1", [startedBefore]);
}
