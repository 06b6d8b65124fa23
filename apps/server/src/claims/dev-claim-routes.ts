import type { FastifyInstance } from "fastify";
import type { Queryable } from "../db/database.ts";
import { API_MESSAGES, ApiError } from "../http/api-error.ts";
import { readClaimRecord } from "./claim-record-repository.ts";

// GET /api/dev/claims/:webReferenceNumber — what the database holds for one claim, so browser
// journeys can check what the widget sent. app.ts registers it only with KALINGA_DEMO=true, which
// production refuses (docs/decisions/0026, 0031).

export async function devClaimRoutes(app: FastifyInstance, options: { db: Queryable }) {
  app.get("/api/dev/claims/:webReferenceNumber", async (request) => {
    const { webReferenceNumber } = request.params as { webReferenceNumber: string };
    const record = await readClaimRecord(options.db, webReferenceNumber);
    if (!record) throw new ApiError(404, { returnCode: "404", message: API_MESSAGES.notFound });
    return record;
  });
}
