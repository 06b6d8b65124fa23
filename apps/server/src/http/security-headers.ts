import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

// Headers every response carries. Pages replace the strict default CSP with their nonce-based one
// (demo/demo-routes.ts); API answers are never cached because they carry personal data.

const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** The headers that depend on nothing in the request, so even an answer written before routing has them. */
export const BASELINE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "content-security-policy": API_CSP,
};

/** `https` defaults to request.protocol, which honours X-Forwarded-Proto only from a proxy in KALINGA_TRUSTED_PROXIES. */
export function applySecurityHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  https = request.protocol === "https",
) {
  reply.headers(BASELINE_SECURITY_HEADERS);
  reply.header("x-request-id", request.id);
  if (https) {
    reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
  }
  if (request.url.startsWith("/api/")) reply.header("cache-control", "no-store");
}

export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook("onRequest", async (request, reply) => applySecurityHeaders(request, reply));
  // Fastify writes some answers straight to the socket, before any hook (503 while closing): the
  // baseline goes on the raw response first, and reply headers override it where a route sets its own.
  app.server.prependListener("request", (_request, response) => {
    for (const [name, value] of Object.entries(BASELINE_SECURITY_HEADERS)) {
      response.setHeader(name, value);
    }
  });
}
