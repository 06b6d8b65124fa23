import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isPrivateAddress } from "../src/config/webhook-address.ts";
import { loadConfig } from "../src/config.ts";
import { createOutboxEmailSender } from "../src/email/outbox-email-sender.ts";
import { createNotificationWorker } from "../src/notifications/notification-worker.ts";
import { createOutboxSmsSender } from "../src/sms/outbox-sms-sender.ts";
import {
  createWebhookSender,
  queueClaimEventWebhooks,
  type WebhookBody,
} from "../src/webhooks/claim-event-webhooks.ts";
import { submittedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import { PRODUCTION_ENV, testConfig } from "./support/test-app.ts";

// Claim events posted to the insurer's endpoint, a real HTTP server here: signed, one delivery per
// event, retried through the outbox when the endpoint fails, and without the claimant's data.

const SECRET = "webhook-secret-0123456789abcdef0123456789";
type Received = { headers: IncomingHttpHeaders; body: string };
const received: Received[] = [];
let failNext = 0;
let endpoint: Server;
let url = "";

beforeAll(async () => {
  endpoint = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.statusCode = failNext-- > 0 ? 503 : 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/kalinga-events`;
});
afterAll(() => new Promise<void>((resolve) => endpoint.close(() => resolve())));

// The app's own worker runs when a submit wakes it; this file's worker alone queues and posts the
// webhooks, so each round's outcome is this test's to read.
const server = useServerTest({ documentsDir: true, env: { NOTIFICATION_POLL_MS: "600000" } });

function worker(
  options: { url?: string; allowPrivate?: boolean; warnings?: Record<string, unknown>[] } = {},
) {
  const webhook = {
    url: options.url ?? url,
    secret: SECRET,
    allowPrivate: options.allowPrivate ?? true,
  };
  const warnings = options.warnings ?? [];
  return createNotificationWorker({
    db: server.db,
    sms: createOutboxSmsSender(server.db, server.clock.now),
    email: createOutboxEmailSender(server.db, "claims@example.ph", server.clock.now),
    webhook: createWebhookSender(webhook, server.clock.now),
    beforeRound: () => queueClaimEventWebhooks(server.db, server.clock.now()),
    now: server.clock.now,
    log: { info() {}, warn: (details, message) => warnings.push({ ...details, message }) },
    maxAttempts: 4,
    pollIntervalMs: 100,
    random: () => 0.5,
  });
}

/** The submit woke the app's own worker: wait until it has sent the acknowledgment and rests. */
async function appWorkerDone() {
  const unsent = async () => {
    const { rows } = await server.db.query<{ n: string | number }>(
      "SELECT count(*) AS n FROM notifications WHERE status IN ('pending', 'sending')",
    );
    return Number(rows[0]?.n);
  };
  await expect.poll(unsent, { timeout: 5000, interval: 50 }).toBe(0);
}

/** SMS and e-mail not sent yet: webhook deliveries aside. */
async function claimantUnsent(): Promise<number> {
  const { rows } = await server.db.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM notifications
     WHERE status IN ('pending', 'sending') AND channel <> 'webhook'`,
  );
  return Number(rows[0]?.n);
}

const webhooks = () => received.filter((r) => r.headers["x-kalinga-event"] !== undefined);

describe("webhooks to the insurer", () => {
  test("the submission and each status change are posted once, signed, without personal data", async () => {
    received.length = 0;
    const ref = (await submittedClaim(server.app)).webReferenceNumber;
    await appWorkerDone();
    const moved = await server.app.inject({
      method: "POST",
      url: `/api/insurer/claims/${ref}/status`,
      headers: {
        authorization: "Bearer kalinga-dev-insurer-key",
        "content-type": "application/json",
      },
      payload: JSON.stringify({ status: "UNDER REVIEW", reason: null }),
    });
    expect(moved.statusCode).toBe(200);

    const round = await worker().runOnce();
    expect(round.sent).toBeGreaterThanOrEqual(2);
    const events = webhooks().map((r) => ({ ...r, json: JSON.parse(r.body) as WebhookBody }));
    // Deliveries of one round go out together: their order of arrival is not their order.
    expect(events.map((e) => e.json.type).sort()).toEqual([
      "claim.status-changed",
      "claim.submitted",
    ]);
    expect(events.find((e) => e.json.type === "claim.status-changed")?.json).toMatchObject({
      webReferenceNumber: ref,
      from: "CLAIM APPLICATION SUBMITTED",
      to: "UNDER REVIEW",
      actor: "integration",
    });
    for (const event of events) {
      const signature = String(event.headers["x-kalinga-signature"]);
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
      expect(v1).toBe(createHmac("sha256", SECRET).update(`${t}.${event.body}`).digest("hex"));
      expect(event.body).not.toContain("Jose");
      expect(event.body).not.toContain("9171234567");
    }
    // Nothing new: nothing more is posted.
    await worker().runOnce();
    expect(webhooks()).toHaveLength(2);
  });

  test("an endpoint that fails gets the same delivery again after the retry delay", async () => {
    received.length = 0;
    await submittedClaim(server.app);
    await appWorkerDone();
    failNext = 1;
    const first = await worker().runOnce();
    expect(first.retried).toBe(1);
    server.clock.advance(60);
    const second = await worker().runOnce();
    expect(second.sent).toBe(1);
    const [failed, delivered] = webhooks();
    expect(delivered?.headers["x-kalinga-delivery"]).toBe(failed?.headers["x-kalinga-delivery"]);
    expect(delivered?.body).toBe(failed?.body);
  });
});

/** The insurer's endpoint after a move: a second real server that always accepts. */
const movedReceived: Received[] = [];
let moved: Server;
let movedUrl = "";
beforeAll(async () => {
  moved = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      movedReceived.push({ headers: request.headers, body });
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => moved.listen(0, "127.0.0.1", resolve));
  movedUrl = `http://127.0.0.1:${(moved.address() as AddressInfo).port}/events`;
});
afterAll(() => new Promise<void>((resolve) => moved.close(() => resolve())));

type DeliveryRow = { status: string; attempts: number; last_error: string | null };
async function webhookRows(): Promise<DeliveryRow[]> {
  const { rows } = await server.db.query<DeliveryRow>(
    "SELECT status, attempts, last_error FROM notifications WHERE channel = 'webhook' ORDER BY seq",
  );
  return rows.map((row) => ({ ...row, attempts: Number(row.attempts) }));
}

describe("deliveries across restarts and URL changes", () => {
  test("a retry pending while the server runs without a URL waits, then goes to the URL in force", async () => {
    received.length = 0;
    movedReceived.length = 0;
    const first = { INSURER_WEBHOOK_URL: url, INSURER_WEBHOOK_SECRET: SECRET };
    failNext = 1_000;
    await server.restart({ ...first, NOTIFICATION_POLL_MS: "100" });
    await submittedClaim(server.app);
    // The app's own worker posts it; the endpoint answers 503, so it waits for a retry.
    await expect
      .poll(webhookRows, { timeout: 5000, interval: 50 })
      .toEqual([{ status: "pending", attempts: 1, last_error: "HTTP 503" }]);
    expect(webhooks()).toHaveLength(1);

    // Restarted without webhooks, past the retry's time: the delivery is left alone.
    await server.restart({ NOTIFICATION_POLL_MS: "100" });
    server.clock.advance(3 * 3600);
    await submittedClaim(server.app);
    // The second claim's acknowledgments going out show rounds ran after the clock moved.
    await expect.poll(claimantUnsent, { timeout: 5000, interval: 50 }).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await webhookRows()).toEqual([
      { status: "pending", attempts: 1, last_error: "HTTP 503" },
    ]);

    // Restarted with the insurer's new URL: both claims' submissions go there, none to the old one.
    failNext = 0;
    await server.restart({
      INSURER_WEBHOOK_URL: movedUrl,
      INSURER_WEBHOOK_SECRET: SECRET,
      NOTIFICATION_POLL_MS: "100",
    });
    await expect.poll(() => movedReceived.length, { timeout: 5000, interval: 50 }).toBe(2);
    expect(webhooks()).toHaveLength(1);
    // The row is marked sent after the endpoint's answer reaches the worker: a moment after it got the body.
    await expect
      .poll(async () => (await webhookRows()).map((row) => row.status), {
        timeout: 5000,
        interval: 50,
      })
      .toEqual(["sent", "sent"]);
    const types = movedReceived.map((r) => (JSON.parse(r.body) as WebhookBody).type);
    expect(types).toEqual(["claim.submitted", "claim.submitted"]);
    // The retry is the same delivery the old URL refused, signed with the secret in force.
    const retried = movedReceived.find(
      (r) => r.headers["x-kalinga-delivery"] === received[0]?.headers["x-kalinga-delivery"],
    );
    expect(retried?.body).toBe(received[0]?.body);
  });

  test("no URL is kept with a queued delivery", async () => {
    await submittedClaim(server.app);
    await queueClaimEventWebhooks(server.db, server.clock.now());
    const { rows } = await server.db.query<{ recipient: string }>(
      "SELECT recipient FROM notifications WHERE channel = 'webhook'",
    );
    expect(rows).toEqual([{ recipient: "insurer-webhook" }]);
  });
});

describe("private destinations", () => {
  test("a name resolving to this machine is refused unless allowed; the delivery waits, its attempts intact", async () => {
    received.length = 0;
    failNext = 0;
    await submittedClaim(server.app);
    await appWorkerDone();
    // localhost is looked up when the delivery is sent: 127.0.0.1 or ::1, both refused.
    const local = url.replace("127.0.0.1", "localhost");
    const warnings: Record<string, unknown>[] = [];
    const refused = await worker({ url: local, allowPrivate: false, warnings }).runOnce();
    expect(refused).toMatchObject({ taken: 1, sent: 0, failed: 0 });
    expect(webhooks()).toHaveLength(0);
    const [row] = await webhookRows();
    expect(row).toMatchObject({ status: "pending", attempts: 0 });
    expect(row?.last_error).toMatch(
      /^refused: localhost resolves to (127\.0\.0\.1|::1), a private address$/,
    );
    expect(warnings).toEqual([
      expect.objectContaining({
        message: "webhook destination refused, delivery held",
        reason: row?.last_error,
      }),
    ]);

    // A literal private address is refused without a lookup, and still nothing is given up.
    server.clock.advance(11 * 60);
    await worker({ url: "http://169.254.169.254/latest", allowPrivate: false }).runOnce();
    expect(await webhookRows()).toEqual([
      {
        status: "pending",
        attempts: 0,
        last_error: "refused: 169.254.169.254 is a private address",
      },
    ]);

    // The operator allows it explicitly: the same delivery goes out.
    server.clock.advance(11 * 60);
    const allowed = await worker({ url: local, allowPrivate: true }).runOnce();
    expect(allowed.sent).toBe(1);
    expect(webhooks()).toHaveLength(1);
    expect((await webhookRows())[0]).toMatchObject({ status: "sent", attempts: 1 });
  });

  test("every private range is recognised, IPv4-mapped addresses included; public ones are not", () => {
    const privateOnes = [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "100.64.0.1",
      "100.127.255.254",
      "169.254.169.254",
      "0.0.0.0",
      "::1",
      "::",
      "fc00::1",
      "fd00:ec2::254",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:169.254.169.254",
    ];
    const publicOnes = ["8.8.8.8", "172.32.0.1", "100.128.0.1", "203.0.113.5", "2606:4700::1111"];
    expect(privateOnes.filter((address) => !isPrivateAddress(address))).toEqual([]);
    expect(publicOnes.filter((address) => isPrivateAddress(address))).toEqual([]);
  });

  test("in production the configuration refuses a private literal address or localhost, unless allowed", () => {
    const env = { ...PRODUCTION_ENV, INSURER_WEBHOOK_SECRET: SECRET };
    for (const hook of [
      "https://10.0.0.5/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/hook",
      "https://[fd00::5]/hook",
      "https://localhost:8443/hook",
    ]) {
      expect(() => loadConfig({ ...env, INSURER_WEBHOOK_URL: hook }), hook).toThrow(
        /INSURER_WEBHOOK_URL: .*INSURER_WEBHOOK_ALLOW_PRIVATE=true/,
      );
      const allowed = loadConfig({
        ...env,
        INSURER_WEBHOOK_URL: hook,
        INSURER_WEBHOOK_ALLOW_PRIVATE: "true",
      });
      expect(allowed.insurer.webhook?.allowPrivate).toBe(true);
    }
    const insurer = loadConfig({ ...env, INSURER_WEBHOOK_URL: "https://hooks.insurer.example/k" });
    expect(insurer.insurer.webhook).toMatchObject({ allowPrivate: false });
    // Outside production (the demo, tests) a local endpoint is allowed unless turned off.
    expect(
      testConfig({ INSURER_WEBHOOK_URL: url, INSURER_WEBHOOK_SECRET: SECRET }).insurer.webhook,
    ).toMatchObject({ allowPrivate: true });
    expect(() =>
      testConfig({
        INSURER_WEBHOOK_URL: url,
        INSURER_WEBHOOK_SECRET: SECRET,
        INSURER_WEBHOOK_ALLOW_PRIVATE: "false",
      }),
    ).toThrow(/127\.0\.0\.1 is a private address/);
  });
});
