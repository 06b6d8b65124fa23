import { randomUUID } from "node:crypto";
import type { Queryable } from "../db/database.ts";
import type { SmsSender } from "./sms-sender.ts";

// The default provider sends nothing: it keeps each message in the sms_outbox table, where tests
// and the demo read the code (GET /api/dev/outbox, absent in production).

export type OutboxMessage = { to: string; text: string; createdAt: string };

export function createOutboxSmsSender(db: Queryable, now: () => Date): SmsSender {
  return {
    provider: "outbox",
    async send(message) {
      await db.query(
        "INSERT INTO sms_outbox (id, recipient, body, created_at) VALUES ($1, $2, $3, $4)",
        [randomUUID(), message.to, message.text, now()],
      );
    },
  };
}

/** Messages to one number, oldest first. */
export async function readOutbox(db: Queryable, to: string): Promise<OutboxMessage[]> {
  const { rows } = await db.query<{ recipient: string; body: string; created_at: Date }>(
    "SELECT recipient, body, created_at FROM sms_outbox WHERE recipient = $1 ORDER BY seq",
    [to],
  );
  return rows.map((row) => ({
    to: row.recipient,
    text: row.body,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** Deletes outbox messages written before `createdBefore`. */
export async function deleteOutboxBefore(db: Queryable, createdBefore: Date) {
  await db.query("DELETE FROM sms_outbox WHERE created_at < $1", [createdBefore]);
}
