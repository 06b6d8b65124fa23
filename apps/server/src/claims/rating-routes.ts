import { CLAIM_API_PATHS, RETURN_CODES } from "@kalinga/domain/claim-api";
import { RATING_MESSAGES, type RateClaimResponse, rateClaimSchema } from "@kalinga/domain/rating";
import type { FastifyInstance } from "fastify";
import type { ServerConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import { refusal } from "../http/api-error.ts";
import { apiKeyCheck } from "../http/api-key-auth.ts";
import { type ClaimCall, claimCall } from "./claim-call.ts";
import { CLAIM_API_PREFIX, CLAIM_BODY_LIMIT_BYTES } from "./claim-routes.ts";

// rateClaim (docs/decisions/0026): after the submit, the claimant rates the filing from 1 to 5 with
// an optional comment. Same checks as the other claim calls (api key, OTP-verified token of this
// claim, body); one rating per claim, a repeat replaces it. The comment is never logged.

export type RatingRoutesOptions = { db: Database; config: ServerConfig };

type RatingRow = { rating: number | string; comment: string; rated_at: Date | string };

export async function ratingRoutes(app: FastifyInstance, options: RatingRoutesOptions) {
  const { db, config } = options;
  const call: ClaimCall = claimCall(db, config);
  app.addHook("onRequest", apiKeyCheck(config.apiKeys));

  app.post(
    CLAIM_API_PATHS.rateClaim,
    { bodyLimit: CLAIM_BODY_LIMIT_BYTES, compress: false },
    async (request) => {
      const session = await call.authenticateVerified(request);
      const body = call.parseBody(rateClaimSchema, request.body);
      call.sameClaim(session, body.webReferenceNumber);
      const now = config.now();
      // One statement: the submission check and the upsert cannot be split by a parallel call.
      const { rows } = await db.query<RatingRow>(
        `INSERT INTO claim_ratings (claim_id, rating, comment, first_rated_at, rated_at)
         SELECT $1, $2, $3, $4, $4 WHERE EXISTS (SELECT 1 FROM claim_submissions WHERE claim_id = $1)
         ON CONFLICT (claim_id) DO UPDATE
           SET rating = EXCLUDED.rating, comment = EXCLUDED.comment, rated_at = EXCLUDED.rated_at
         RETURNING rating, comment, rated_at`,
        [session.claimId, body.rating, body.comment, now],
      );
      const row = rows[0];
      if (!row) throw refusal(RETURN_CODES.claimNotSubmitted, RATING_MESSAGES.notSubmitted);
      request.log.info(
        { webReferenceNumber: body.webReferenceNumber, rating: body.rating },
        "claim rated",
      );
      const response: RateClaimResponse = {
        returnCode: RETURN_CODES.ok,
        rating: Number(row.rating),
        comment: row.comment,
        ratedAt: new Date(row.rated_at).toISOString(),
      };
      return response;
    },
  );
}

export const RATING_ROUTE_PATHS = [`${CLAIM_API_PREFIX}${CLAIM_API_PATHS.rateClaim}`];
