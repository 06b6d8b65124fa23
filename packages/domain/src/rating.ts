import * as z from "zod/mini";
import { claimCallCommon, type ReturnCode, webReferenceNumberSchema } from "./claim-api.ts";
import { freeText } from "./free-text.ts";

// The rateClaim contract, apart from claim-api.ts so the start step's bundle does not carry it.

// ---- Rating of the filing experience, after the submit (docs/decisions/0026).

export const RATING_MESSAGES = {
  rating: "Please choose a rating from 1 to 5.",
  commentTooLong: "Please keep your comment to 1,000 characters or fewer.",
  notSubmitted: "Your claim has not been submitted yet. Please submit it before rating it.",
} as const;

export const RATING_LIMITS = { min: 1, max: 5, commentLength: 1000 } as const;

export const rateClaimSchema = z.object({
  ...claimCallCommon,
  webReferenceNumber: webReferenceNumberSchema,
  rating: z
    .int({ error: RATING_MESSAGES.rating })
    .check(
      z.gte(RATING_LIMITS.min, RATING_MESSAGES.rating),
      z.lte(RATING_LIMITS.max, RATING_MESSAGES.rating),
    ),
  // Free text the claimant may leave empty, over several lines; never logged.
  comment: z._default(
    freeText("comment", { lines: "multi" }).check(
      z.maxLength(RATING_LIMITS.commentLength, RATING_MESSAGES.commentTooLong),
    ),
    "",
  ),
});

/** rateClaim: the rating as stored; a repeat replaces it and moves ratedAt. */
export type RateClaimResponse = {
  returnCode: ReturnCode;
  rating: number;
  comment: string;
  /** ISO 8601. */
  ratedAt: string;
};
