import { createHmac, randomUUID } from "node:crypto";
import type { Database } from "../db/database.ts";

// Webhooks to the insurer's core claims system (docs/decisions/0054): every claim event becomes one
// delivery in the notification outbox, queued in the transaction that marks the event, so it is
// sent at least once and retried like an SMS. The body names the claim and what happened, never
// the claimant's data: the receiver reads the claim through the integration API.

export type WebhookConfig = { url: string; secret: string };

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
export function webhookType(kind: string, from: string | null): string {
  if (kind === "status" && from === null) return "claim.submitted";
  return EVENT_TYPES[kind] ?? `claim.${kind}`;
}

/** Queues a delivery for each event not yet queued; returns how many it queued. */
export async function queueClaimEventWebhooks(
  db: Database,
  webhook: WebhookConfig,
  now: Date,
  batch = 100,
): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      id: string;
      kind: string;
      from_status: string | null;
      to_status: string | null;
      actor_kind: string;
      created_at: Date;
      web_reference_number: string;
      claim_id: string;
    }>(
      `SELECT e.id, e.kind, e.from_status, e.to_status, e.actor_kind, e.created_at,
         c.web_reference_number, e.claim_id
       FROM claim_events e JOIN claims c ON c.id = e.claim_id
       WHERE e.webhook_queued_at IS NULL
       ORDER BY e.seq LIMIT $1
       FOR UPDATE OF e SKIP LOCKED`,
      [batch],
    );
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
      await tx.query(
        `INSERT INTO notifications
           (id, claim_id, channel, recipient, subject, body, status, attempts, next_attempt_at, created_at)
         VALUES ($1, $2, 'webhook', $3, $4, $5, 'pending', 0, $6, $6)`,
        [randomUUID(), row.claim_id, webhook.url, body.type, JSON.stringify(body), now],
      );
    }
    if (rows.length > 0) {
      await tx.query("UPDATE claim_events SET webhook_queued_at = $2 WHERE id = ANY($1::uuid[])", [
        rows.map((row) => row.id),
        now,
      ]);
    }
    return rows.length;
  });
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`: the receiver recomputes it and checks t. */
export function webhookSignature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  return `t=${t},v1=${v1}`;
}

export class WebhookSendError extends Error {
  override name = "WebhookSendError";
}

/** Posts one delivery; any answer but 2xx, or no answer, is a failure to retry. */
export function createWebhookSender(webhook: WebhookConfig, now: () => Date) {
  return {
    async send(delivery: { id: string; to: string; type: string; body: string }): Promise<void> {
      let response: Response;
      try {
        response = await fetch(delivery.to, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "user-agent": "Kalinga-Webhooks/1",
            "x-kalinga-event": delivery.type,
            "x-kalinga-delivery": delivery.id,
            "x-kalinga-signature": webhookSignature(webhook.secret, delivery.body, now()),
          },
          body: delivery.body,
          redirect: "error",
          signal: AbortSignal.timeout(15_000),
        });
      } catch {
        throw new WebhookSendError("unreachable");
      }
      await response.body?.cancel();
      if (!response.ok) throw new WebhookSendError(`HTTP ${response.status}`);
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
