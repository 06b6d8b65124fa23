import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createOutboxEmailSender } from "../src/email/outbox-email-sender.ts";
import { createNotificationWorker } from "../src/notifications/notification-worker.ts";
import { createOutboxSmsSender } from "../src/sms/outbox-sms-sender.ts";
import {
  createWebhookSender,
  queueClaimEventWebhooks,
  type WebhookBody,
} from "../src/webhooks/claim-event-webhooks.ts";
import { submittedClaim } from "./support/claim-documents.ts";
import { useServerTest } from "./support/server-test.ts";

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

function worker() {
  const webhook = { url, secret: SECRET };
  return createNotificationWorker({
    db: server.db,
    sms: createOutboxSmsSender(server.db, server.clock.now),
    email: createOutboxEmailSender(server.db, "claims@example.ph", server.clock.now),
    webhook: createWebhookSender(webhook, server.clock.now),
    beforeRound: () => queueClaimEventWebhooks(server.db, webhook, server.clock.now()),
    now: server.clock.now,
    log: { info() {}, warn() {} },
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
