import { ConfigError } from "./config/config-values.ts";
import { loadConfig, type ServerConfig } from "./config.ts";
import { DEMO_SITES } from "./demo/demo-page.ts";

// Starts the service: configuration from the environment, listen, print the demo pages, and close
// gracefully on SIGTERM/SIGINT (in-flight requests finish, new ones get 503, the database closes).
// With a trace collector set, tracing starts first and the app is imported after it, so the HTTP
// and PostgreSQL modules load patched; without one no tracing module is loaded (decision 0104).

function demoUrls(config: ServerConfig, port: number): string[] {
  const host = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  const origin = `http://${host}:${port}`;
  const pages = DEMO_SITES.flatMap((site) => [
    `${origin}${site.routerBase}/cf`,
    `${origin}${site.routerBase}/claims-tracking`,
  ]);
  return config.demoPages ? pages : [];
}

async function start() {
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const { endpoint } = config.tracing;
  const tracing =
    endpoint === null
      ? null
      : (await import("./metrics/start-tracing.ts")).startTracing({ ...config.tracing, endpoint });
  const { buildApp } = await import("./app.ts");
  const app = await buildApp(config);
  if (tracing) app.addHook("onClose", () => tracing.shutdown());
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "closing");
    // A stuck connection must not keep the process alive for ever.
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void close("SIGTERM"));
  process.once("SIGINT", () => void close("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const database = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`;
  const lines = [
    `Kalinga server (${config.mode}) on port ${port}, database: ${database}, SMS: ${config.sms.provider}`,
    ...demoUrls(config, port).map((url) => `  demo page: ${url}`),
  ];
  if (config.mode !== "production" && !config.demo) {
    lines.push(
      "  no demo pages and no /api/dev/*: the demo command (npm start) sets KALINGA_DEMO=true",
    );
  }
  console.log(lines.join("\n"));
}

start().catch((error: unknown) => {
  console.error("Kalinga server failed to start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
