import { readFile } from "node:fs/promises";
import { CLAIM_RECORD_STATUS } from "@kalinga/domain/claim-record-status";
import { trace } from "@opentelemetry/api";
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import Fastify from "fastify";
import { describe, expect, test } from "vitest";
import { createOutboxEmailSender } from "../src/email/outbox-email-sender.ts";
import { metricsRoute } from "../src/metrics/metrics-endpoint.ts";
import { createServerMetrics } from "../src/metrics/server-metrics.ts";
import { insertNotification } from "../src/notifications/notification-repository.ts";
import { createNotificationWorker } from "../src/notifications/notification-worker.ts";
import { createOutboxSmsSender } from "../src/sms/outbox-sms-sender.ts";
import { uploadDocument } from "./support/claim-documents.ts";
import { filedClaim, verifiedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import { requestCode, startClaim } from "./support/test-app.ts";

// The Prometheus metrics (decision 0104): /metrics on the main port behind its bearer token and on
// a listener of its own; the route histogram by template, the upload, OTP and challenge counters,
// and the database's gauges read when scraped.

const TOKEN = "metrics-token-0123456789abcdef";
const server = useServerTest({
  scope: "file",
  documentsDir: true,
  env: {
    KALINGA_METRICS_TOKEN: TOKEN,
    KALINGA_METRICS_PORT: "0",
    KALINGA_METRICS_CACHE_SECONDS: "0",
  },
});

async function scrape(): Promise<string> {
  const response = await server.app.inject({
    method: "GET",
    url: "/metrics",
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-type"]).toContain("text/plain");
  return response.body;
}

/** The value of one sample of the exposition (0 when absent), its labels given in any order. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? "").split(/,(?=\w+=")/).filter(Boolean);
    if (wanted.every((pair) => have.includes(pair)) && have.length === wanted.length) {
      return Number(match[3]);
    }
  }
  return 0;
}

describe("where the metrics are read", () => {
  test("the main port's /metrics wants the bearer token", async () => {
    const none = await server.app.inject({ method: "GET", url: "/metrics" });
    expect(none.statusCode).toBe(401);
    const wrong = await server.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain("kalinga_");
    expect(await scrape()).toContain("# TYPE kalinga_http_request_duration_seconds histogram");
  });

  test("the listener of its own serves /metrics and nothing else", async () => {
    const { port } = server.app.metricsAddress;
    expect(port).toBeGreaterThan(0);
    const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(text).toContain("# TYPE kalinga_claims gauge");
    expect(text).toContain("process_cpu_seconds_total");
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
  });

  test("without a token the main port has no /metrics", async () => {
    const app = Fastify();
    const metrics = createServerMetrics({
      sources: { claimsByStatus: async () => [], notificationQueue: async () => [] },
      cacheSeconds: 0,
      now: () => new Date(),
    });
    metricsRoute(app, metrics, null);
    const response = await app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    await app.close();
  });
});

describe("what the metrics count", () => {
  test("a claim call is timed under its route template, with no claim in a label", async () => {
    const labels = { route: "/api/claims/initClaimRequest", method: "POST", status_class: "2xx" };
    const name = "kalinga_http_request_duration_seconds_count";
    const before = sample(await scrape(), name, labels);
    const claim = await startClaim(server.app);
    const text = await scrape();
    expect(sample(text, name, labels)).toBe(before + 1);
    expect(text).not.toContain(claim.webReferenceNumber);
    expect(text).not.toContain(claim.token);
  });

  test("an OTP send is counted", async () => {
    const before = sample(await scrape(), "kalinga_otp_sends_total", { outcome: "sent" });
    const claim = await startClaim(server.app);
    expect((await requestCode(server.app, claim)).statusCode).toBe(200);
    expect(sample(await scrape(), "kalinga_otp_sends_total", { outcome: "sent" })).toBe(before + 1);
  });

  test("a refused upload is counted by its reason", async () => {
    const reason = { reason: "type" };
    const before = sample(await scrape(), "kalinga_upload_refusals_total", reason);
    const claim = await verifiedClaim(server.app);
    const refused = await uploadDocument(server.app, claim, {
      slotKey: "LMED001-APS-MIN",
      bytes: new TextEncoder().encode("not a picture at all"),
    });
    expect(refused.statusCode).toBe(417);
    const text = await scrape();
    expect(sample(text, "kalinga_upload_refusals_total", reason)).toBe(before + 1);
    expect(sample(text, "kalinga_upload_bytes_count")).toBeGreaterThan(0);
  });

  test("a filed claim shows in the claims by status", async () => {
    const submitted = { status: CLAIM_RECORD_STATUS.submitted };
    const before = sample(await scrape(), "kalinga_claims", submitted);
    await filedClaim(server.app);
    expect(sample(await scrape(), "kalinga_claims", submitted)).toBe(before + 1);
  });

  test("the notification queue's depth and oldest age by channel", async () => {
    // No webhook endpoint is set, so a webhook delivery stays queued for the worker.
    const queued = server.clock.now();
    await insertNotification(
      server.db,
      { claimId: null, channel: "webhook", recipient: "", subject: "claim.filed", body: "{}" },
      queued,
    );
    server.clock.advance(90);
    const text = await scrape();
    const webhook = { channel: "webhook" };
    expect(sample(text, "kalinga_notification_queue_depth", webhook)).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, "kalinga_notification_queue_oldest_seconds", webhook),
    ).toBeGreaterThanOrEqual(90);
  });
});

describe("the notification worker's spans", () => {
  test("each send is a span with its channel and outcome", async () => {
    const exporter = new InMemorySpanExporter();
    trace.setGlobalTracerProvider(
      new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }),
    );
    try {
      // Due an hour ahead of the app's clock, so the app's own worker leaves it to this one.
      const later = () => new Date(server.clock.now().getTime() + 7200_000);
      const due = new Date(server.clock.now().getTime() + 3600_000);
      const sms = { claimId: null, channel: "sms" as const, subject: null, body: "Salamat po." };
      await insertNotification(server.db, { ...sms, recipient: "639171230000" }, due);
      const outcomes: string[] = [];
      const worker = createNotificationWorker({
        db: server.db,
        sms: createOutboxSmsSender(server.db, later),
        email: createOutboxEmailSender(server.db, "Claims <claims@kalinga.invalid>", later),
        now: later,
        log: { info: () => undefined, warn: () => undefined },
        onOutcome: (channel, outcome) => outcomes.push(`${channel} ${outcome}`),
        maxAttempts: 3,
        pollIntervalMs: 60_000,
      });
      expect((await worker.runOnce()).sent).toBeGreaterThanOrEqual(1);
      expect(outcomes).toContain("sms sent");
      // The file's filed claim may still have its acknowledgment queued: this worker sends it too.
      const span = exporter
        .getFinishedSpans()
        .find((s) => s.name === "notification send" && s.attributes["kalinga.channel"] === "sms");
      expect(span?.attributes).toMatchObject({
        "kalinga.channel": "sms",
        "kalinga.outcome": "sent",
      });
    } finally {
      trace.disable();
    }
  });
});

describe("the Grafana dashboard", () => {
  test("queries only metrics the registry serves", async () => {
    const file = new URL("../../../docs/operations/grafana-dashboard.json", import.meta.url);
    const dashboard = JSON.parse(await readFile(file, "utf8")) as {
      panels: { title: string; targets?: { expr: string }[] }[];
    };
    const served = new Set(
      [...(await scrape()).matchAll(/^# TYPE (\S+) (\w+)$/gm)].flatMap(([, name, type]) =>
        type === "histogram" ? [`${name}_bucket`, `${name}_count`, `${name}_sum`] : [name],
      ),
    );
    const queried = dashboard.panels.flatMap((panel) =>
      (panel.targets ?? []).flatMap(
        (target) => target.expr.match(/\b(?:kalinga|process|nodejs)_\w+/g) ?? [],
      ),
    );
    expect(queried.length).toBeGreaterThan(10);
    expect(queried.filter((name) => !served.has(name))).toEqual([]);
  });
});
