import { describe, expect, test } from "vitest";
import { EmailSendError } from "../src/email/email-sender.ts";
import { createSmtpEmailSender } from "../src/email/smtp-email-sender.ts";
import {
  freePort,
  parseMessage,
  SMTP_USER,
  smtpConfig,
  startMailServer,
} from "./support/mail-server.ts";
import { useNotificationOutbox } from "./support/notification-outbox.ts";
import { useServerTest } from "./support/server-test.ts";

// The notification worker's e-mail over a real SMTP server: sent once as EMAIL_FROM after a
// login, retried while the server is down or refuses for now, failed when it refuses for good.

// No app: the worker is driven on the file's database and clock.
const server = useServerTest({ app: false });
const { mail, logs, worker, queueEmail, notification } = useNotificationOutbox(server);

describe("sending e-mail over SMTP", () => {
  test("sent once: the SMTP server gets exactly one message, logged in, from EMAIL_FROM to the claimant", async () => {
    const id = await queueEmail();
    expect(await worker(mail.port).runOnce()).toEqual({ taken: 1, sent: 1, retried: 0, failed: 0 });

    const row = await notification(id);
    expect(row.status).toBe("sent");
    expect(row.attempts).toBe(1);
    expect(new Date(row.sent_at ?? 0).toISOString()).toBe(server.clock.now().toISOString());
    expect(row.last_error).toBeNull();

    expect(mail.received).toHaveLength(1);
    const [delivery] = mail.received;
    expect(delivery?.user).toBe(SMTP_USER);
    expect(delivery?.mailFrom).toBe("claims@kalinga-life.example");
    expect(delivery?.rcptTo).toEqual(["maria.santos@example.ph"]);
    const message = parseMessage(delivery?.raw ?? "");
    expect(message.headers.from).toBe("Kalinga Life Claims <claims@kalinga-life.example>");
    expect(message.headers.to).toBe("maria.santos@example.ph");
    expect(message.headers.subject).toBe("We received your claim KL-7KQ4-M9XP");
    expect(message.headers["content-type"]).toMatch(/^multipart\/alternative/);
    expect(message.text).toBe(
      "Dear Maria,\n\nThank you. Your web reference number: KL-7KQ4-M9XP\n",
    );
    expect(message.html).toBe(
      "<p>Dear Maria,</p><p>Your web reference number: <strong>KL-7KQ4-M9XP</strong></p>",
    );

    // Sent is sent: later rounds take nothing.
    server.clock.advance(3600);
    expect((await worker(mail.port).runOnce()).taken).toBe(0);
    expect(mail.received).toHaveLength(1);
  });

  test("SMTP server down: retried after 30 s, then 2 min, and sent once it is back", async () => {
    const port = await freePort();
    const id = await queueEmail();
    const down = worker(port);

    expect(await down.runOnce()).toEqual({ taken: 1, sent: 0, retried: 1, failed: 0 });
    let row = await notification(id);
    expect(row.status).toBe("pending");
    expect(row.attempts).toBe(1);
    expect(row.last_error).toBe("SMTP ESOCKET ECONNREFUSED");
    expect(new Date(row.next_attempt_at).getTime() - server.clock.now().getTime()).toBe(30_000);

    server.clock.advance(29);
    expect((await down.runOnce()).taken).toBe(0);
    server.clock.advance(1);
    expect(await down.runOnce()).toEqual({ taken: 1, sent: 0, retried: 1, failed: 0 });
    row = await notification(id);
    expect(row.attempts).toBe(2);
    expect(new Date(row.next_attempt_at).getTime() - server.clock.now().getTime()).toBe(120_000);

    const back = await startMailServer({ port });
    try {
      server.clock.advance(119);
      expect((await down.runOnce()).taken).toBe(0);
      server.clock.advance(1);
      expect(await down.runOnce()).toEqual({ taken: 1, sent: 1, retried: 0, failed: 0 });
      expect(back.received).toHaveLength(1);
      row = await notification(id);
      expect(row.status).toBe("sent");
      expect(row.attempts).toBe(3);
      expect(row.last_error).toBeNull();
    } finally {
      await back.close();
    }
  });

  test("after the last allowed attempt the notification is 'failed', with a warning", async () => {
    const port = await freePort();
    const id = await queueEmail();
    const down = worker(port, { maxAttempts: 3 });
    for (const wait of [0, 30, 120]) {
      server.clock.advance(wait);
      expect((await down.runOnce()).taken).toBe(1);
    }
    const row = await notification(id);
    expect(row.status).toBe("failed");
    expect(row.attempts).toBe(3);
    expect(row.last_error).toBe("SMTP ESOCKET ECONNREFUSED");
    expect(logs.at(-1)).toEqual({
      level: "warn",
      message: "notification failed for good",
      details: {
        notificationId: id,
        claimId: null,
        channel: "email",
        attempts: 3,
        reason: "SMTP ESOCKET ECONNREFUSED",
      },
    });
    server.clock.advance(24 * 3600);
    expect((await down.runOnce()).taken).toBe(0);
  });

  test("a recipient the server refuses for good (550) is failed at once", async () => {
    const refusing = await startMailServer({
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error("No such user here"), { responseCode: 550 }));
      },
    });
    try {
      const id = await queueEmail();
      expect(await worker(refusing.port).runOnce()).toEqual({
        taken: 1,
        sent: 0,
        retried: 0,
        failed: 1,
      });
      const row = await notification(id);
      expect(row).toMatchObject({
        status: "failed",
        attempts: 1,
        last_error: "SMTP EENVELOPE 550",
      });
    } finally {
      await refusing.close();
    }
  });

  test("a temporary refusal (451) is retried", async () => {
    let refuse = true;
    const flaky = await startMailServer({
      onData(_stream, _session, callback) {
        callback(
          refuse ? Object.assign(new Error("Try again later"), { responseCode: 451 }) : null,
        );
      },
    });
    try {
      const id = await queueEmail();
      const sender = worker(flaky.port);
      expect((await sender.runOnce()).retried).toBe(1);
      expect((await notification(id)).last_error).toBe("SMTP EMESSAGE 451");
      refuse = false;
      server.clock.advance(30);
      expect((await sender.runOnce()).sent).toBe(1);
      expect(flaky.received).toHaveLength(1);
    } finally {
      await flaky.close();
    }
  });

  test("the adapter: a wrong password is a retryable EmailSendError naming no address", async () => {
    const sender = createSmtpEmailSender(
      smtpConfig(mail.port, { SMTP_URL: `smtp://${SMTP_USER}:wrong@127.0.0.1:${mail.port}` }),
    );
    const error = await sender
      .send({ to: "maria.santos@example.ph", subject: "s", text: "t" })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EmailSendError);
    expect((error as EmailSendError).message).toBe("SMTP EAUTH 535");
    expect((error as EmailSendError).retryable).toBe(true);
    expect(mail.received).toHaveLength(0);
  });

  test("the adapter: a server that stops answering fails after SMTP_TIMEOUT_MS", async () => {
    let release = () => {};
    const stalled = await startMailServer({
      onData(_stream, _session, callback) {
        release = () => callback(null);
      },
    });
    try {
      const sender = createSmtpEmailSender(smtpConfig(stalled.port, { SMTP_TIMEOUT_MS: "300" }));
      const started = Date.now();
      const error = await sender
        .send({ to: "maria.santos@example.ph", subject: "s", text: "t" })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(EmailSendError);
      expect((error as EmailSendError).message).toMatch(/^SMTP (ETIMEDOUT|ESOCKET|ECONNECTION)/);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      release();
      await stalled.close();
    }
  });
});
