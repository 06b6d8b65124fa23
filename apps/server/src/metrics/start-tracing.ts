import { context, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { registerInstrumentations } from "@opentelemetry/instrumentation";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import type { TracingConfig } from "../config/observability-config.ts";

// OpenTelemetry traces (decision 0104), loaded by main.ts only when a collector is set, and before
// the app's modules, so the HTTP and PostgreSQL client modules are patched as they load. A request
// is a span of the http instrumentation; its database calls are pg spans under it; the
// notification worker's sends and webhook deliveries are spans of their own (notification-worker).
// Spans go to the collector's /v1/traces over OTLP/HTTP in batches.

export type Tracing = { shutdown(): Promise<void> };

export function startTracing(config: TracingConfig & { endpoint: string }): Tracing {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ "service.name": config.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ url: `${config.endpoint}/v1/traces` }),
        scheduledDelayMillis: 1000,
      }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        // The metrics scrape and the health probe would be most of the spans and tell nothing.
        ignoreIncomingRequestHook: (request) =>
          /^\/(metrics|healthz|readyz)\b/.test(request.url ?? ""),
      }),
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
  return {
    async shutdown() {
      unregister();
      await provider.shutdown();
    },
  };
}
