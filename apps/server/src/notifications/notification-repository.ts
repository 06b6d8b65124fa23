import { randomUUID } from "node:crypto";
import type { Queryable } from "../db/database.ts";

// The notifications table: every query of it is here. A row is one SMS, e-mail or webhook delivery;
// the worker takes due rows with a lease and closes each attempt it made, naming that attempt, so a
// worker whose lease ran out changes nothing.

export type NotificationRow = {
  id: string;
  claim_id: string | null;
  channel: "sms" | "email" | "webhook";
  recipient: string;
  subject: string | null;
  body: string;
  html: string | null;
  /** The company's sender name or From; null for the settings'. */
  sender: string | null;
  attempts: number;
};

/** Inserts one pending delivery, due at `now`; returns its id. Call it with the transaction. */
export async function insertNotification(
  q: Queryable,
  row: {
    claimId: string | null;
    channel: NotificationRow["channel"];
    recipient: string;
    subject: string | null;
    body: string;
    html?: string | null;
    sender?: string | null;
  },
  now: Date,
): Promise<string> {
  const id = randomUUID();
  await q.query(
    `INSERT INTO notifications
       (id, claim_id, channel, recipient, subject, body, html, sender, status, attempts, next_attempt_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $9, 'pending', 0, $8, $8)`,
    [
      ...[id, row.claimId, row.channel, row.recipient, row.subject, row.body, row.html ?? null],
      ...[now, row.sender ?? null],
    ],
  );
  return id;
}

/** Gives up rows whose sends keep dying mid-send (they may crash the server) after maxAttempts. */
export async function failInterrupted(q: Queryable, at: Date, maxAttempts: number) {
  const { rows } = await q.query<{ id: string; channel: string; attempts: number }>(
    `UPDATE notifications SET status = 'failed', locked_until = NULL,
       last_error = 'interrupted while sending'
     WHERE status = 'sending' AND locked_until <= $1 AND attempts >= $2
     RETURNING id, channel, attempts`,
    [at, maxAttempts],
  );
  return rows;
}

/** Takes due rows (and rows whose lease ran out) for one attempt each, until lockedUntil. */
export async function takeDueNotifications(
  q: Queryable,
  at: Date,
  options: { lockedUntil: Date; limit: number; withWebhooks: boolean },
): Promise<NotificationRow[]> {
  const { rows } = await q.query<NotificationRow>(
    `UPDATE notifications SET status = 'sending', attempts = attempts + 1, locked_until = $2
     WHERE id IN (
       SELECT id FROM notifications
       WHERE ((status = 'pending' AND next_attempt_at <= $1)
          OR (status = 'sending' AND locked_until <= $1))
         AND ($4::boolean OR channel <> 'webhook')
       ORDER BY next_attempt_at, seq
       LIMIT $3
       FOR UPDATE SKIP LOCKED
     )
     RETURNING id, claim_id, channel, recipient, subject, body, html, sender, attempts`,
    [at, options.lockedUntil, options.limit, options.withWebhooks],
  );
  return rows;
}

/** The attempt a worker closes: its row and the attempt number it took. */
type Attempt = Pick<NotificationRow, "id" | "attempts">;

export async function markSent(q: Queryable, attempt: Attempt, at: Date): Promise<void> {
  await q.query(
    `UPDATE notifications SET status = 'sent', sent_at = $2, locked_until = NULL, last_error = NULL
     WHERE id = $1 AND status = 'sending' AND attempts = $3`,
    [attempt.id, at, attempt.attempts],
  );
}

export async function markFailed(q: Queryable, attempt: Attempt, reason: string): Promise<void> {
  await q.query(
    `UPDATE notifications SET status = 'failed', locked_until = NULL, last_error = $2
     WHERE id = $1 AND status = 'sending' AND attempts = $3`,
    [attempt.id, reason, attempt.attempts],
  );
}

/**
 * Puts the attempt back in the queue until nextAttemptAt. held: the destination was refused, not
 * the delivery, so the delivery waits with its attempts intact.
 */
export async function retryLater(
  q: Queryable,
  attempt: Attempt,
  retry: { nextAttemptAt: Date; reason: string; held: boolean },
): Promise<void> {
  await q.query(
    `UPDATE notifications SET status = 'pending',${retry.held ? " attempts = attempts - 1," : ""}
       next_attempt_at = $2, locked_until = NULL, last_error = $3
     WHERE id = $1 AND status = 'sending' AND attempts = $4`,
    [attempt.id, retry.nextAttemptAt, retry.reason, attempt.attempts],
  );
}

/** Rows waiting or being sent and the oldest one's age, by channel (the metrics' queue gauges). */
export async function notificationQueue(
  q: Queryable,
  now: Date,
): Promise<{ channel: string; depth: number; oldestSeconds: number }[]> {
  const { rows } = await q.query<{ channel: string; depth: string; oldest: Date | string }>(
    `SELECT channel, count(*) AS depth, min(created_at) AS oldest FROM notifications
     WHERE status IN ('pending', 'sending') GROUP BY channel`,
  );
  return rows.map((row) => ({
    channel: row.channel,
    depth: Number(row.depth),
    oldestSeconds: Math.max(0, (now.getTime() - new Date(row.oldest).getTime()) / 1000),
  }));
}

/** The messages sent or queued to a claim's claimant, oldest first, as a data subject's export shows them. */
export async function notificationsOfClaim(q: Queryable, claimId: string) {
  const { rows } = await q.query<{
    channel: string;
    recipient: string;
    subject: string | null;
    body: string;
    status: string;
    created_at: Date;
    sent_at: Date | null;
  }>(
    `SELECT channel, recipient, subject, body, status, created_at, sent_at FROM notifications
     WHERE claim_id = $1 ORDER BY seq`,
    [claimId],
  );
  return rows;
}

/** The claims that sent an e-mail to this address (lower-case), for a data subject's look-up. */
export async function claimIdsEmailedTo(q: Queryable, emailAddress: string): Promise<string[]> {
  const { rows } = await q.query<{ claim_id: string }>(
    `SELECT DISTINCT claim_id FROM notifications
     WHERE channel = 'email' AND claim_id IS NOT NULL AND lower(btrim(recipient)) = $1`,
    [emailAddress],
  );
  return rows.map((row) => row.claim_id);
}
