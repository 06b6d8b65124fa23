import type { FastifyInstance } from "fastify";
import type { Database } from "../db/database.ts";
import { type Migration, migrationsApplied } from "../db/migrate.ts";

// /healthz: the process answers. /readyz: the database answers and every migration is applied,
// so a load balancer sends traffic only to servers that can serve it.

export async function healthRoutes(
  app: FastifyInstance,
  options: { db: Database; migrations: Migration[] },
) {
  app.get("/healthz", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { status: "ok" };
  });

  app.get("/readyz", async (request, reply) => {
    reply.header("cache-control", "no-store");
    try {
      if (await migrationsApplied(options.db, options.migrations)) return { status: "ready" };
      return reply.code(503).send({ status: "migrations pending" });
    } catch (error) {
      request.log.warn({ err: error }, "readiness check failed");
      return reply.code(503).send({ status: "database unavailable" });
    }
  });
}
