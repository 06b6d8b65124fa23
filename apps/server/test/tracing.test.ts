import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { postClaimCall } from "./support/process-client.ts";
import { exited, type ServerProcess, startServer } from "./support/server-process.ts";
import { basicInformation } from "./support/test-app.ts";
import { serverDatabaseEnv, testDatabaseKind } from "./support/test-database.ts";

// OpenTelemetry traces (decision 0104): main.ts with a collector set sends the spans of a request,
// and on PostgreSQL those of its database calls in the same trace, to the collector over OTLP/HTTP.
// A local HTTP server stands in for the collector.

type ReceivedSpan = { scope: string; name: string; traceId: string };
type OtlpBody = {
  resourceSpans: {
    scopeSpans: { scope: { name: string }; spans: { name: string; traceId: string }[] }[];
  }[];
};

const received: ReceivedSpan[] = [];
let collector: Server;
let database: Awaited<ReturnType<typeof serverDatabaseEnv>>;
let running: ServerProcess;

beforeAll(async () => {
  collector = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      if (request.url === "/v1/traces") {
        for (const resource of (JSON.parse(body) as OtlpBody).resourceSpans) {
          for (const scoped of resource.scopeSpans) {
            for (const span of scoped.spans) {
              received.push({ scope: scoped.scope.name, name: span.name, traceId: span.traceId });
            }
          }
        }
      }
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  const { port } = collector.address() as AddressInfo;
  database = await serverDatabaseEnv();
  running = await startServer({
    ...database.env,
    KALINGA_OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
  });
});

afterAll(async () => {
  if (running) {
    running.child.kill("SIGTERM");
    await exited(running.child);
  }
  await database?.cleanUp();
  await new Promise((resolve) => collector?.close(resolve));
});

/** Waits for the batch the exporter sends about a second after the spans end. */
async function spansOf(traceOf: (spans: ReceivedSpan[]) => boolean): Promise<ReceivedSpan[]> {
  for (let waited = 0; waited < 15_000; waited += 250) {
    if (traceOf(received)) return received;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return received;
}

describe("traces", () => {
  test("a claim call's request span and, on PostgreSQL, its database spans in one trace", async () => {
    const answer = await postClaimCall(running.baseUrl, "initClaimRequest", { basicInformation });
    expect(answer.status).toBe(200);
    const isRequest = (span: ReceivedSpan) =>
      span.scope === "@opentelemetry/instrumentation-http" && span.name === "POST";
    const isQuery = (span: ReceivedSpan) =>
      span.scope === "@opentelemetry/instrumentation-pg" && span.name.startsWith("pg.query:");
    const onPostgres = testDatabaseKind() === "postgres";
    // The request's and the queries' spans may come in batches of their own.
    const spans = await spansOf((all) => all.some(isRequest) && (!onPostgres || all.some(isQuery)));
    const request = spans.find(isRequest);
    expect(request, JSON.stringify(spans.slice(0, 20))).toBeDefined();
    const database = spans.filter(
      (span) =>
        span.traceId === request?.traceId && span.scope === "@opentelemetry/instrumentation-pg",
    );
    // PGlite runs inside the process: there is no client library for a span to come from.
    if (onPostgres) {
      // The start is one statement (decision 0108), prepared under its name (decision 0113).
      expect(database.map((span) => span.name)).toContainEqual(
        expect.stringMatching(/^pg\.query:claim-start(-past-hit)?-[0-9a-f]{12} /),
      );
    } else {
      expect(database).toEqual([]);
    }
  });
});
