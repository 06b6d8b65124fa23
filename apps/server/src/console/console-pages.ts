import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

// The console's built files under /console/: hashed assets cached for good, and index.html for
// every other path below /console so a reload on /console/claims/… works. Its own strict CSP: only
// its own scripts and workers, no frames, nothing inline.

const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "worker-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Claims console</title></head>
<body><main><h1>Claims console</h1><p>The console is not built. Run <code>npm run build</code>.</p></main></body></html>`;

export async function consolePages(app: FastifyInstance, options: { consoleDir: string }) {
  const indexFile = path.join(options.consoleDir, "index.html");
  const built = existsSync(indexFile);
  const index = built ? readFileSync(indexFile, "utf8") : NOT_BUILT;

  if (built) {
    await app.register(fastifyStatic, {
      root: path.join(options.consoleDir, "assets"),
      prefix: "/console/assets/",
      decorateReply: false,
      preCompressed: true,
      cacheControl: false,
      index: false,
      dotfiles: "ignore",
      setHeaders(reply) {
        reply.header("cache-control", "public, max-age=31536000, immutable");
      },
    });
  }

  const page = async (_request: unknown, reply: import("fastify").FastifyReply) =>
    reply
      .code(built ? 200 : 503)
      .header("content-type", "text/html; charset=utf-8")
      .header("content-security-policy", CONSOLE_CSP)
      .header("cache-control", "no-store")
      .header("x-frame-options", "DENY")
      .send(index);
  app.get("/console", page);
  app.get("/console/", page);
  app.get("/console/*", page);
  // An unknown console API path is a JSON 404, matched by the router on the decoded path.
  app.get("/console/api/*", async (_request, reply) =>
    reply.code(404).send({ error: "not-found" }),
  );
}
