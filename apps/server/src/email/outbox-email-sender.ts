import { randomUUID } from "node:crypto";
import type { Queryable } from "../db/database.ts";
import type { EmailSender } from "./email-sender.ts";

// The default provider sends nothing: it keeps each e-mail in the email_outbox table, where tests
// and the demo read it (GET /api/dev/email-outbox, absent in production).

export type OutboxEmail = {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
};

export function createOutboxEmailSender(db: Queryable, from: string, now: () => Date): EmailSender {
  return {
    provider: "outbox",
    async send(message) {
      await db.query(
        `INSERT INTO email_outbox (id, recipient, sender, subject, body, html, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          randomUUID(),
          message.to,
          message.from ?? from,
          message.subject,
          message.text,
          message.html ?? null,
          now(),
        ],
      );
    },
  };
}

/** E-mails to one address, oldest first. */
export async function readEmailOutbox(db: Queryable, to: string): Promise<OutboxEmail[]> {
  const { rows } = await db.query<{
    recipient: string;
    sender: string;
    subject: string;
    body: string;
    html: string | null;
    created_at: Date;
  }>(
    `SELECT recipient, sender, subject, body, html, created_at FROM email_outbox
     WHERE lower(recipient) = lower($1) ORDER BY seq`,
    [to],
  );
  return rows.map((row) => ({
    to: row.recipient,
    from: row.sender,
    subject: row.subject,
    text: row.body,
    html: row.html,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** The development outbox keeps a week, like the SMS one. */
export async function sweepEmailOutbox(db: Queryable, now: Date) {
  await db.query("DELETE FROM email_outbox WHERE created_at < $1", [
    new Date(now.getTime() - 7 * 24 * 3600 * 1000),
  ]);
}
