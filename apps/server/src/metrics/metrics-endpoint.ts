import { timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import type { MetricsConfig } from "../config/observability-config.ts";
import type { ServerMetrics } from "./server-metrics.ts";

// Where a scraper reads the metrics (decision 0104): GET /metrics on the main port with the bearer
// token of KALINGA_METRICS_TOKEN (404 when no token is set, 401 for a missing or wrong one), and/or
// a listener of its own on KALINGA_METRICS_HOST:KALINGA_METRICS_PORT that serves only /metrics.

const METRICS_PATH = "/metrics";

/** The request timing of every route, labelled by its template so no id or token is a label. */
export function timeRequests(app: FastifyInstance, metrics: ServerMetrics) {
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    if (route === METRICS_PATH) return;
    metrics.request(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
  });
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** /metrics on the main port: 404 without a configured token, 401 without the right one. */
export function metricsRoute(app: FastifyInstance, metrics: ServerMetrics, token: string | null) {
  app.get(METRICS_PATH, { compress: false }, async (request, reply) => {
    if (token === null) return reply.callNotFound();
    const header = request.headers.authorization ?? "";
    const given = header.startsWith("Bearer ") ? header.slice("Bearer ".length) : "";
    if (!sameToken(given, token)) {
      return reply
        .code(401)
        .header("www-authenticate", 'Bearer realm="metrics"')
        .send({ message: "A metrics token is needed." });
    }
    const text = await metrics.registry.metrics();
    return reply.header("content-type", metrics.registry.contentType).send(text);
  });
}

export type MetricsListener = { port: number; close(): Promise<void> };

/** The listener of its own, started with the app and closed with it; null when not configured. */
export async function startMetricsListener(
  config: MetricsConfig,
  metrics: ServerMetrics,
  onError: (error: unknown) => void,
): Promise<MetricsListener | null> {
  if (config.port === null) return null;
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if (request.method !== "GET" || path !== METRICS_PATH) {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not Found\n");
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { "content-type": metrics.registry.contentType }).end(text),
      (error: unknown) => {
        onError(error);
        response.writeHead(500, { "content-type": "text/plain" }).end("metrics failed\n");
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port ?? 0, config.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
