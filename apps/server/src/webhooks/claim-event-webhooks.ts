import { createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type net from "node:net";
import { isPrivateAddress, type WebhookConfig } from "../config/webhook-address.ts";
import type { Database } from "../db/database.ts";
import { markEventsQueued, takeUnqueuedEvents } from "../lifecycle/lifecycle-repository.ts";
import { insertNotification } from "../notifications/notification-repository.ts";
import { publicOnlyLookup, WebhookDestinationRefused } from "./webhook-destination.ts";

// Webhooks to the insurer's core claims system (docs/decisions/0054): every claim event becomes one
// delivery in the notification outbox, queued in the transaction that marks the event, so it is
// sent at least once and retried like an SMS. The body names the claim and what happened, never
// the claimant's data: the receiver reads the claim through the integration API.

/**
 * The recipient stored with a webhook delivery: it is sent to the URL in force when it goes out,
 * so a changed URL gets the retries too, and no URL (nor a token in one) is kept in the queue.
 */
const WEBHOOK_RECIPIENT = "insurer-webhook";

const EVENT_TYPES: Record<string, string> = {
  status: "claim.status-changed",
  requirements: "claim.requirements-asked",
  requirement: "claim.requirement-changed",
  decision: "claim.decision-recorded",
  "policy-match": "claim.policy-match-set",
  assignment: "claim.assigned",
};

export type WebhookBody = {
  id: string;
  type: string;
  occurredAt: string;
  webReferenceNumber: string;
  from: string | null;
  to: string | null;
  actor: string;
};

/** The event's type: a claim's first status event is its submission. */
function webhookType(kind: string, from: string | null): string {
  if (kind === "status" && from === null) return "claim.submitted";
  return EVENT_TYPES[kind] ?? `claim.${kind}`;
}

/** Queues a delivery for each event not yet queued; returns how many it queued. */
export async function queueClaimEventWebhooks(
  db: Database,
  now: Date,
  batch = 100,
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await takeUnqueuedEvents(tx, batch);
    for (const row of rows) {
      const body: WebhookBody = {
        id: row.id,
        type: webhookType(row.kind, row.from_status),
        occurredAt: new Date(row.created_at).toISOString(),
        webReferenceNumber: row.web_reference_number,
        from: row.from_status,
        to: row.to_status,
        actor: row.actor_kind,
      };
      const delivery = {
        claimId: row.claim_id,
        channel: "webhook" as const,
        recipient: WEBHOOK_RECIPIENT,
        subject: body.type,
        body: JSON.stringify(body),
      };
      await insertNotification(tx, delivery, now);
    }
    if (rows.length > 0) {
      await markEventsQueued(
        tx,
        rows.map((row) => row.id),
        now,
      );
    }
    return rows.length;
  });
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`: the receiver recomputes it and checks t. */
function webhookSignature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  return `t=${t},v1=${v1}`;
}

export class WebhookSendError extends Error {
  override name = "WebhookSendError";
}

const SEND_TIMEOUT_MS = 15_000;

/** Posts a body and resolves with the answer's status; redirects are not followed. */
function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  lookup: net.LookupFunction | undefined,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === "https:" ? https : http).request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        ...(lookup ? { lookup } : {}),
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * Posts one delivery to the URL in force now; any answer but 2xx, or no answer, is a failure to
 * retry. Without allowPrivate, a private destination is refused (WebhookDestinationRefused).
 */
export function createWebhookSender(webhook: WebhookConfig, now: () => Date) {
  const url = new URL(webhook.url);
  return {
    async send(delivery: { id: string; type: string; body: string }): Promise<void> {
      // A literal address is never looked up, so it is checked here; a name, on its lookup.
      const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
      if (!webhook.allowPrivate && isPrivateAddress(host)) {
        throw new WebhookDestinationRefused(`${host} is a private address`);
      }
      let status: number;
      try {
        status = await post(
          url,
          {
            "content-type": "application/json",
            "user-agent": "Kalinga-Webhooks/1",
            "x-kalinga-event": delivery.type,
            "x-kalinga-delivery": delivery.id,
            "x-kalinga-signature": webhookSignature(webhook.secret, delivery.body, now()),
          },
          delivery.body,
          webhook.allowPrivate ? undefined : publicOnlyLookup,
        );
      } catch (error) {
        if (error instanceof WebhookDestinationRefused) throw error;
        throw new WebhookSendError("unreachable");
      }
      if (status < 200 || status > 299) throw new WebhookSendError(`HTTP ${status}`);
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
