import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import type { Database } from "../../src/db/database.ts";
import { createSmtpEmailSender } from "../../src/email/smtp-email-sender.ts";
import { enqueueNotification } from "../../src/notifications/enqueue-notification.ts";
import {
  createNotificationWorker,
  type NotificationLog,
  type NotificationWorker,
  type NotificationWorkerOptions,
} from "../../src/notifications/notification-worker.ts";
import { createOutboxSmsSender } from "../../src/sms/outbox-sms-sender.ts";
import { type MailServer, type Received, smtpConfig, startMailServer } from "./mail-server.ts";
import type { ServerTest } from "./server-test.ts";

// The notification worker driven by hand on a test file's database and clock, sending e-mail to
// the file's mail server, with what it logs kept.

type LogEntry = { level: "info" | "warn"; details: object; message: string };

export type NotificationRow = {
  status: string;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  sent_at: Date | null;
};

/** Registers the hooks of a notification test file: one mail server, emptied with the logs per test. */
export function useNotificationOutbox(server: ServerTest) {
  let started: MailServer | undefined;
  const logs: LogEntry[] = [];
  const recordingLog: NotificationLog = {
    info: (details, message) => logs.push({ level: "info", details, message }),
    warn: (details, message) => logs.push({ level: "warn", details, message }),
  };
  const running = (): MailServer => {
    if (!started) throw new Error("The mail server starts before the file's tests.");
    return started;
  };
  /** The file's mail server: its port and what it received. */
  const mail = {
    get port(): number {
      return running().port;
    },
    get received(): Received[] {
      return running().received;
    },
  };

  beforeAll(async () => {
    started = await startMailServer();
  });
  afterAll(async () => {
    await started?.close();
  });
  beforeEach(() => {
    running().received.length = 0;
    logs.length = 0;
  });

  /** A worker sending e-mail to the SMTP server on `port`, on the file's database unless told. */
  function worker(
    port: number,
    options: Partial<NotificationWorkerOptions> = {},
  ): NotificationWorker {
    const db = options.db ?? server.db;
    return createNotificationWorker({
      db,
      sms: createOutboxSmsSender(db, server.clock.now),
      email: createSmtpEmailSender(smtpConfig(port)),
      now: server.clock.now,
      log: recordingLog,
      maxAttempts: 4,
      pollIntervalMs: 100,
      random: () => 0.5,
      ...options,
    });
  }

  /**
   * Sends the messages of the claim `reference` until none is left unsent: the app's own worker,
   * woken by the submit, may send some of them first.
   */
  async function sendAllOf(reference: string): Promise<void> {
    const sender = worker(mail.port);
    for (let round = 0; round < 50; round++) {
      expect(await sender.runOnce()).toMatchObject({ failed: 0 });
      const { rows } = await server.db.query<{ unsent: number }>(
        `SELECT count(*)::int AS unsent FROM notifications n JOIN claims c ON c.id = n.claim_id
          WHERE c.web_reference_number = $1 AND n.status <> 'sent'`,
        [reference],
      );
      if (rows[0]?.unsent === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the messages of ${reference} were not all sent`);
  }

  /** Maria's acknowledgment e-mail queued without a claim. */
  function queueEmail(
    q = server.db,
    to = "maria.santos@example.ph",
    subject = "We received your claim KL-7KQ4-M9XP",
  ) {
    return enqueueNotification(
      q,
      {
        claimId: null,
        channel: "email",
        to,
        subject,
        text: "Dear Maria,\n\nThank you. Your web reference number: KL-7KQ4-M9XP\n",
        html: "<p>Dear Maria,</p><p>Your web reference number: <strong>KL-7KQ4-M9XP</strong></p>",
      },
      server.clock.now(),
    );
  }

  async function notification(id: string): Promise<NotificationRow> {
    const { rows } = await server.db.query<NotificationRow>(
      "SELECT status, attempts, next_attempt_at, last_error, sent_at FROM notifications WHERE id = $1",
      [id],
    );
    const row = rows[0];
    if (!row) throw new Error(`no notification ${id}`);
    return row;
  }

  /** A claim row of its own, for a notification to belong to. */
  async function insertClaim(q: { query: Database["query"] }): Promise<string> {
    const id = randomUUID();
    await q.query(
      `INSERT INTO claims (id, web_reference_number, company_name, channel_name, created_at, updated_at)
       VALUES ($1, $2, 'Kalinga Life', 'Corporate Website', $3, $3)`,
      [id, `KL-${id.slice(0, 4).toUpperCase()}-TEST`, server.clock.now()],
    );
    return id;
  }

  return { mail, logs, worker, sendAllOf, queueEmail, notification, insertClaim };
}
