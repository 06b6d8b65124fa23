import { ConfigError, type Env, integer, text } from "./config-values.ts";

// Where the Prometheus metrics are served and where traces go (decision 0104). The metrics leave on
// a listener of their own (KALINGA_METRICS_PORT, loopback by default) and/or on the main port at
// /metrics behind a bearer token (KALINGA_METRICS_TOKEN); with neither set, nothing serves them.

export type MetricsConfig = {
  /** The separate listener's port; null: none. 0 takes a free port (tests). */
  port: number | null;
  host: string;
  /** The bearer token of /metrics on the main port; null: /metrics answers 404 there. */
  token: string | null;
  /** How long a scrape reuses the database's counts (claims by status, the queue), in seconds. */
  cacheSeconds: number;
};

export type TracingConfig = {
  /** The OTLP/HTTP collector's base URL; null: no tracing code is loaded at all. */
  endpoint: string | null;
  serviceName: string;
};

const SHORTEST_TOKEN = 16;

export function metricsConfig(env: Env): MetricsConfig {
  const token = text(env, "KALINGA_METRICS_TOKEN");
  if (token !== null && (token.length < SHORTEST_TOKEN || /\s/.test(token))) {
    throw new ConfigError(
      `KALINGA_METRICS_TOKEN must be at least ${SHORTEST_TOKEN} characters without spaces.`,
    );
  }
  return {
    port:
      text(env, "KALINGA_METRICS_PORT") === null
        ? null
        : integer(env, "KALINGA_METRICS_PORT", 0, 0, 65_535),
    host: text(env, "KALINGA_METRICS_HOST") ?? "127.0.0.1",
    token,
    cacheSeconds: integer(env, "KALINGA_METRICS_CACHE_SECONDS", 15, 0, 3600),
  };
}

export function tracingConfig(env: Env): TracingConfig {
  const name = text(env, "KALINGA_OTEL_EXPORTER_OTLP_ENDPOINT")
    ? "KALINGA_OTEL_EXPORTER_OTLP_ENDPOINT"
    : "OTEL_EXPORTER_OTLP_ENDPOINT";
  const raw = text(env, name);
  const serviceName = text(env, "OTEL_SERVICE_NAME") ?? "kalinga-server";
  if (raw === null) return { endpoint: null, serviceName };
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    // reported below
  }
  if (url === null || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new ConfigError(
      `${name} must be an http(s) URL like http://collector:4318, got "${raw}".`,
    );
  }
  return { endpoint: url.toString().replace(/\/$/, ""), serviceName };
}
