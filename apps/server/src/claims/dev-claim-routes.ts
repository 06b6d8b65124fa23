import { todayInManila } from "@kalinga/domain/dates";
import type { FastifyInstance } from "fastify";
import type { Queryable } from "../db/database.ts";
import { API_MESSAGES, ApiError } from "../http/api-error.ts";
import { setOpenRequirementsDue } from "../lifecycle/lifecycle-repository.ts";
import { readClaimRecord } from "./dev-claim-record.ts";

// GET /api/dev/claims/:webReferenceNumber — what the database holds for one claim, so browser
// journeys can check what the widget sent; POST …/overdue makes its open requirements due yesterday,
// since the APIs take no due date before the next working day (decision 0070), so a journey can
// close the claim at once. app.ts registers them only with
// KALINGA_DEMO=true, which production refuses (docs/decisions/0026, 0031).

export async function devClaimRoutes(
  app: FastifyInstance,
  options: { db: Queryable; now: () => Date },
) {
  app.post("/api/dev/claims/:webReferenceNumber/overdue", async (request) => {
    const { webReferenceNumber } = request.params as { webReferenceNumber: string };
    const yesterday = new Date(options.now().getTime() - 86_400_000);
    const overdue = await setOpenRequirementsDue(
      options.db,
      webReferenceNumber,
      todayInManila(yesterday),
    );
    return { overdue };
  });

  app.get("/api/dev/claims/:webReferenceNumber", async (request) => {
    const { webReferenceNumber } = request.params as { webReferenceNumber: string };
    const record = await readClaimRecord(options.db, webReferenceNumber);
    if (!record) throw new ApiError(404, { returnCode: "404", message: API_MESSAGES.notFound });
    return record;
  });
}
