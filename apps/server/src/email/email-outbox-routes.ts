import type { FastifyInstance } from "fastify";
import type { Queryable } from "../db/database.ts";
import { badRequest } from "../http/api-error.ts";
import { readEmailOutbox } from "./outbox-email-sender.ts";

// GET /api/dev/email-outbox?to=maria@example.ph — every e-mail kept, without a key: app.ts
// registers it only with KALINGA_DEMO=true, which production refuses (docs/decisions/0031).

const ADDRESS = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

export async function emailOutboxRoutes(app: FastifyInstance, options: { db: Queryable }) {
  app.get("/api/dev/email-outbox", async (request) => {
    const { to } = request.query as { to?: unknown };
    if (typeof to !== "string" || !ADDRESS.test(to)) {
      throw badRequest([
        { field: "to", message: "Give an e-mail address, e.g. maria@example.ph." },
      ]);
    }
    return { messages: await readEmailOutbox(options.db, to) };
  });
}
