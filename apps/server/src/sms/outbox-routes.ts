import type { FastifyInstance } from "fastify";
import type { Queryable } from "../db/database.ts";
import { badRequest } from "../http/api-error.ts";
import { readOutbox } from "./outbox-sms-sender.ts";

// GET /api/dev/outbox?to=639171234567 — development and tests only; app.ts never registers it
// when NODE_ENV=production.

export async function outboxRoutes(app: FastifyInstance, options: { db: Queryable }) {
  app.get("/api/dev/outbox", async (request) => {
    const { to } = request.query as { to?: unknown };
    if (typeof to !== "string" || !/^\d{6,15}$/.test(to)) {
      throw badRequest([{ field: "to", message: "Give the number as digits, e.g. 639171234567." }]);
    }
    return { messages: await readOutbox(options.db, to) };
  });
}
