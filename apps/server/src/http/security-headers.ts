import type { FastifyInstance } from "fastify";

// Headers every response carries. Pages replace the strict default CSP with their nonce-based one
// (demo/demo-routes.ts); API answers are never cached because they carry personal data.

export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    reply.header("content-security-policy", API_CSP);
    reply.header("x-request-id", request.id);
    // request.protocol honours X-Forwarded-Proto only from a proxy in KALINGA_TRUSTED_PROXIES.
    if (request.protocol === "https") {
      reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    }
    if (request.url.startsWith("/api/")) reply.header("cache-control", "no-store");
  });
}
