import type { FastifyInstance } from "fastify";
import type { Queryable } from "../db/database.ts";
import { badRequest } from "../http/api-error.ts";
import { readOutbox } from "./outbox-sms-sender.ts";

// GET /api/dev/outbox?to=639171234567 — every code sent, without a key: app.ts registers it only
// with KALINGA_DEMO=true, which production refuses (docs/decisions/0031).

export async function outboxRoutes(app: FastifyInstance, options: { db: Queryable }) {
  app.get("/api/dev/outbox", async (request) => {
    const { to } = request.query as { to?: unknown };
    if (typeof to !== "string" || !/^\d{6,15}$/.test(to)) {
      throw badRequest([{ field: "to", message: "Give the number as digits, e.g. 639171234567." }]);
    }
    return { messages: await readOutbox(options.db, to) };
  });
}
