import { RETURN_CODES } from "@kalinga/domain/claim-api";
import { RATING_MESSAGES } from "@kalinga/domain/rating";
import type { Queryable } from "../db/database.ts";
import type { ClaimCallHandlers } from "../http/claim-call-routes.ts";
import { rateSubmittedClaim } from "./rating-repository.ts";

// rateClaim (docs/decisions/0026): after the submit, the claimant rates the filing from 1 to 5 with
// an optional comment. The comment is never logged.

export function ratingCalls(db: Queryable): Pick<ClaimCallHandlers, "rateClaim"> {
  return {
    async rateClaim({ request, claim, body, now }) {
      const rated = await rateSubmittedClaim(db, {
        claimId: claim.claimId,
        rating: body.rating,
        comment: body.comment,
        now,
      });
      if (!rated) return { refused: "claim-not-submitted", message: RATING_MESSAGES.notSubmitted };
      request.log.info(
        { webReferenceNumber: claim.webReferenceNumber, rating: body.rating },
        "claim rated",
      );
      return {
        returnCode: RETURN_CODES.ok,
        rating: rated.rating,
        comment: rated.comment,
        ratedAt: rated.ratedAt.toISOString(),
      };
    },
  };
}
