import type { FastifyInstance, FastifyRequest } from "fastify";
import { API_MESSAGES, forbidden } from "./api-error.ts";

// Cross-origin calls to /api are allowed from the insurer pages named in KALINGA_ALLOWED_ORIGINS
// and from the server's own origin; a browser call from anywhere else is refused outright.

const ALLOWED_HEADERS =
  "content-type, x-api-key, authorization, idempotency-key, x-kalinga-challenge, x-kalinga-device";
const EXPOSED_HEADERS = "retry-after, x-request-id";

/**
 * Scheme, host and port, as browsers compare origins: an https page may not call a plain-http
 * server as its own. request.protocol and request.host honour X-Forwarded-* only behind a trusted proxy.
 */
function sameOrigin(origin: string, request: FastifyRequest): boolean {
  try {
    return new URL(origin).origin === new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return false;
  }
}

export function registerApiCors(app: FastifyInstance, allowedOrigins: string[]) {
  const allowed = new Set(allowedOrigins);
  const permitted = (request: FastifyRequest): string | null | false => {
    const origin = request.headers.origin;
    if (origin === undefined) return null;
    return allowed.has(origin) || sameOrigin(origin, request) ? origin : false;
  };

  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith("/api/")) return;
    reply.header("vary", "Origin");
    const origin = permitted(request);
    if (origin === false) throw forbidden(API_MESSAGES.originNotAllowed);
    if (origin === null) return;
    reply.header("access-control-allow-origin", origin);
    reply.header("access-control-expose-headers", EXPOSED_HEADERS);
  });

  // Preflight: the claim calls send JSON with an api key and a token, so browsers ask first.
  app.options("/api/*", async (_request, reply) => {
    return reply
      .code(204)
      .header("access-control-allow-methods", "GET, POST")
      .header("access-control-allow-headers", ALLOWED_HEADERS)
      .header("access-control-max-age", "600")
      .send();
  });
}
