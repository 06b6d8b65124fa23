import type { Queryable } from "../db/database.ts";
import { isSubmitted } from "../submission/submission-repository.ts";

// One rating per submitted claim; a repeat replaces it and keeps when it was first given.

export type ClaimRating = { rating: number; comment: string; ratedAt: Date };

type RatingRow = { rating: number | string; comment: string; rated_at: Date | string };

/** The rating as stored, or null when the claim has not been submitted. */
export async function rateSubmittedClaim(
  q: Queryable,
  input: { claimId: string; rating: number; comment: string; now: Date },
): Promise<ClaimRating | null> {
  // One statement: the submission check and the upsert cannot be split by a parallel call.
  const { rows } = await q.query<RatingRow>(
    `INSERT INTO claim_ratings (claim_id, rating, comment, first_rated_at, rated_at)
     SELECT $1, $2, $3, $4, $4 WHERE ${isSubmitted("$1")}
     ON CONFLICT (claim_id) DO UPDATE
       SET rating = EXCLUDED.rating, comment = EXCLUDED.comment, rated_at = EXCLUDED.rated_at
     RETURNING rating, comment, rated_at`,
    [input.claimId, input.rating, input.comment, input.now],
  );
  const row = rows[0];
  return row
    ? { rating: Number(row.rating), comment: row.comment, ratedAt: new Date(row.rated_at) }
    : null;
}

/** A claim's rating as stored; null when it has none. */
export async function ratingRow(q: Queryable, claimId: string): Promise<RatingRow | null> {
  const { rows } = await q.query<RatingRow>(
    "SELECT rating, comment, rated_at FROM claim_ratings WHERE claim_id = $1",
    [claimId],
  );
  return rows[0] ?? null;
}
