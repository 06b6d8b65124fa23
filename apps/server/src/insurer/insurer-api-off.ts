import { INSURER_API_PREFIX } from "@kalinga/domain/insurer-calls";
import { refusalStatus } from "@kalinga/domain/refusals";
import type { FastifyInstance } from "fastify";
import { INSURER_MESSAGES } from "./insurer-texts.ts";

// A server started without KALINGA_INSURER_KEYS has no integration API (decision 0060): every
// route under its prefix answers that it is not set up, in the API's own error shape, rather than
// a 401 that sends the insurer's integrator looking for a wrong key.

export async function insurerApiOff(app: FastifyInstance) {
  app.route({
    method: ["GET", "POST", "PUT", "PATCH", "DELETE"],
    url: `${INSURER_API_PREFIX}/*`,
    handler: async (_request, reply) =>
      reply
        .code(refusalStatus("not-configured"))
        .send({ error: "not-configured", message: INSURER_MESSAGES.apiOff, errors: [] }),
  });
}
