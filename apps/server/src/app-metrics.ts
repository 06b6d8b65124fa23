import type { FastifyInstance } from "fastify";
import { countClaimsByStatus } from "./claims/claim-repository.ts";
import type { ServerConfig } from "./config.ts";
import type { Database } from "./db/database.ts";
import { metricsRoute, startMetricsListener, timeRequests } from "./metrics/metrics-endpoint.ts";
import { createServerMetrics, type ServerMetrics } from "./metrics/server-metrics.ts";
import { notificationQueue } from "./notifications/notification-repository.ts";

// The app's metrics (decision 0104): the registry bound to the owners' counting queries, the
// request timing, /metrics on the main port and the listener of its own, opened and closed with
// the app.

export function createAppMetrics(db: Database, config: ServerConfig): ServerMetrics {
  return createServerMetrics({
    sources: {
      claimsByStatus: () => countClaimsByStatus(db),
      notificationQueue: (now) => notificationQueue(db, now),
    },
    cacheSeconds: config.metrics.cacheSeconds,
    now: config.now,
  });
}

type MetricsAddress = { port: number | null };

/** Times every request, serves /metrics, and starts the separate listener when configured. */
export function serveMetrics(app: FastifyInstance, metrics: ServerMetrics, config: ServerConfig) {
  timeRequests(app, metrics);
  metricsRoute(app, metrics, config.metrics.token);
  const address: MetricsAddress = { port: null };
  let close: (() => Promise<void>) | null = null;
  app.addHook("onReady", async () => {
    const listener = await startMetricsListener(config.metrics, metrics, (error) =>
      app.log.warn({ err: error }, "metrics scrape failed"),
    );
    if (listener === null) return;
    address.port = listener.port;
    close = listener.close;
    app.log.info({ port: listener.port, host: config.metrics.host }, "metrics listener started");
  });
  app.addHook("onClose", async () => {
    await close?.();
  });
  app.decorate("metricsAddress", address);
}

declare module "fastify" {
  interface FastifyInstance {
    /** The separate metrics listener's port once the app is ready; null when there is none. */
    metricsAddress: MetricsAddress;
  }
}
