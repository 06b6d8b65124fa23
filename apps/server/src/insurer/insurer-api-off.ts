import type { FastifyInstance } from "fastify";
import { INSURER_API_PREFIX } from "./insurer-routes.ts";

// A server started without KALINGA_INSURER_KEYS has no integration API (decision 0060): every
// route under its prefix answers that it is not set up, in the API's own error shape, rather than
// a 401 that sends the insurer's integrator looking for a wrong key.

export const INSURER_API_OFF_MESSAGE =
  "The insurer integration API is not set up on this server (KALINGA_INSURER_KEYS).";

export async function insurerApiOff(app: FastifyInstance) {
  app.route({
    method: ["GET", "POST", "PUT", "PATCH", "DELETE"],
    url: `${INSURER_API_PREFIX}/*`,
    handler: async (_request, reply) =>
      reply
        .code(503)
        .send({ error: "not-configured", message: INSURER_API_OFF_MESSAGE, errors: [] }),
  });
}
