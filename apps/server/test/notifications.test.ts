import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { createServer as createNetServer } from "node:net";
import type { FastifyInstance } from "fastify";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { Database } from "../src/db/database.ts";
import { openPostgresDatabase } from "../src/db/postgres-database.ts";
import { EmailSendError } from "../src/email/email-sender.ts";
import { createSmtpEmailSender, type SmtpEmailConfig } from "../src/email/smtp-email-sender.ts";
import {
  acknowledgmentMessages,
  enqueueClaimAcknowledgment,
  enqueueNotification,
} from "../src/notifications/enqueue-notification.ts";
import {
  createNotificationWorker,
  type NotificationLog,
  type NotificationWorker,
  type NotificationWorkerOptions,
} from "../src/notifications/notification-worker.ts";
import { createOutboxSmsSender } from "../src/sms/outbox-sms-sender.ts";
import { useServerTest } from "./support/server-test.ts";
import { testApp, testConfig } from "./support/test-app.ts";

// The notifications outbox and its worker against the file's real database and a real SMTP server
// (smtp-server) on a random local port, with authentication; messages are parsed and checked.

const SMTP_USER = "kalinga-mailer";
const SMTP_PASS = "mailer-password-123";
const FROM = "Kalinga Life Claims <claims@kalinga-life.example>";

type Received = { mailFrom: string; rcptTo: string[]; user: unknown; raw: string };

type MailServer = {
  port: number;
  received: Received[];
  close(): Promise<void>;
};

/** A real SMTP server that requires a login, keeps every message, and can be told to refuse. */
async function startMailServer(
  options: {
    port?: number;
    onData?: SMTPServerOptions["onData"];
    onRcptTo?: SMTPServerOptions["onRcptTo"];
  } = {},
): Promise<MailServer> {
  const received: Received[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS) {
        callback(null, { user: auth.username });
      } else {
        callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
      }
    },
    ...(options.onRcptTo ? { onRcptTo: options.onRcptTo } : {}),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const keep = () =>
          received.push({
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            rcptTo: session.envelope.rcptTo.map((address) => address.address),
            user: session.user,
            raw: Buffer.concat(chunks).toString("utf8"),
          });
        if (options.onData) {
          // The custom handler decides the answer; the message counts only when it is accepted.
          options.onData(stream, session, (error) => {
            if (!error) keep();
            callback(error);
          });
        } else {
          keep();
          callback();
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nobody listens on (a mail server that is down). */
async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type ParsedMessage = { headers: Record<string, string>; text: string; html: string };

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_all, kind: string, data: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(data, "base64").toString("utf8")
      : decodeQuotedPrintable(data.replace(/_/g, " ")),
  );
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const soft = value.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Enough MIME for nodemailer's output: headers, multipart/alternative, QP and base64 parts. */
function parseMessage(raw: string): ParsedMessage {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  const type = headers["content-type"] ?? "text/plain";
  const boundary = type.match(/boundary="?([^";]+)"?/)?.[1];
  if (boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1, -1)
      // The line break before a boundary belongs to the boundary (RFC 2046).
      .map((part) => parseMessage(part.replace(/^\r?\n/, "").replace(/\r?\n$/, "")));
    return {
      headers,
      text:
        parts.find((part) => part.headers["content-type"]?.startsWith("text/plain"))?.text ?? "",
      html: parts.find((part) => part.headers["content-type"]?.startsWith("text/html"))?.html ?? "",
    };
  }
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  const decoded =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
        : body;
  const content = decoded.replace(/\r\n/g, "\n");
  return type.startsWith("text/html")
    ? { headers, text: "", html: content }
    : { headers, text: content, html: "" };
}

function smtpConfig(port: number, extra: Record<string, string> = {}): SmtpEmailConfig {
  const { email } = testConfig({
    EMAIL_PROVIDER: "smtp",
    SMTP_URL: `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${port}`,
    EMAIL_FROM: FROM,
    SMTP_TIMEOUT_MS: "2000",
    ...extra,
  });
  if (email.provider !== "smtp") throw new Error("expected the smtp provider");
  return email;
}

type LogEntry = { level: "info" | "warn"; details: object; message: string };

// No app: the worker is driven on the file's database and clock; "in the server" starts its own.
const server = useServerTest({ app: false });
let mail: MailServer;
let logs: LogEntry[];
const recordingLog: NotificationLog = {
  info: (details, message) => logs.push({ level: "info", details, message }),
  warn: (details, message) => logs.push({ level: "warn", details, message }),
};

beforeAll(async () => {
  mail = await startMailServer();
});
afterAll(async () => {
  await mail.close();
});
beforeEach(() => {
  mail.received.length = 0;
  logs = [];
});

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

type NotificationRow = {
  status: string;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  sent_at: Date | null;
};

async function notification(id: string): Promise<NotificationRow> {
  const { rows } = await server.db.query<NotificationRow>(
    "SELECT status, attempts, next_attempt_at, last_error, sent_at FROM notifications WHERE id = $1",
    [id],
  );
  const row = rows[0];
  if (!row) throw new Error(`no notification ${id}`);
  return row;
}

async function insertClaim(q: { query: Database["query"] }): Promise<string> {
  const id = randomUUID();
  await q.query(
    `INSERT INTO claims (id, web_reference_number, company_name, channel_name, created_at, updated_at)
     VALUES ($1, $2, 'Kalinga Life', 'Corporate Website', $3, $3)`,
    [id, `KL-${id.slice(0, 4).toUpperCase()}-TEST`, server.clock.now()],
  );
  return id;
}

describe("enqueue", () => {
  test("a notification queued in a transaction that rolls back is never sent", async () => {
    const failure = new Error("the submit failed after queuing");
    await expect(
      server.db.transaction(async (tx) => {
        const claimId = await insertClaim(tx);
        await enqueueClaimAcknowledgment(
          tx,
          {
            claimId,
            webReferenceNumber: "KL-7KQ4-M9XP",
            companyName: "Kalinga Life",
            claimType: "Living",
            firstName: "Maria",
            mobileNumber: "9171234567",
            emailAddress: "maria.santos@example.ph",
          },
          server.clock.now(),
        );
        throw failure;
      }),
    ).rejects.toBe(failure);

    expect((await server.db.query("SELECT 1 FROM notifications")).rows).toHaveLength(0);
    expect(await worker(mail.port).runOnce()).toEqual({ taken: 0, sent: 0, retried: 0, failed: 0 });
    expect(mail.received).toHaveLength(0);
    expect((await server.db.query("SELECT 1 FROM sms_outbox")).rows).toHaveLength(0);
  });

  test("committed with its claim, the acknowledgment goes out by SMS and e-mail", async () => {
    const ids = await server.db.transaction(async (tx) => {
      const claimId = await insertClaim(tx);
      return enqueueClaimAcknowledgment(
        tx,
        {
          claimId,
          webReferenceNumber: "KL-7KQ4-M9XP",
          companyName: "Kalinga Life",
          claimType: "Death",
          firstName: "Maria",
          mobileNumber: "9171234567",
          emailAddress: " maria.santos@example.ph ",
        },
        server.clock.now(),
      );
    });
    expect(ids).toHaveLength(2);

    expect(await worker(mail.port).runOnce()).toEqual({ taken: 2, sent: 2, retried: 0, failed: 0 });
    const sms = await server.db.query<{ recipient: string; body: string }>(
      "SELECT recipient, body FROM sms_outbox",
    );
    expect(sms.rows).toEqual([
      {
        recipient: "639171234567",
        body: "Kalinga Life received your claim, ref. KL-7KQ4-M9XP. We will update you by SMS and e-mail. To follow it, use Check claim status on our website.",
      },
    ]);
    expect(mail.received).toHaveLength(1);
    const message = parseMessage(mail.received[0]?.raw ?? "");
    expect(mail.received[0]?.rcptTo).toEqual(["maria.santos@example.ph"]);
    expect(message.headers.subject).toBe("We received your claim KL-7KQ4-M9XP");
    const expected = acknowledgmentMessages({
      webReferenceNumber: "KL-7KQ4-M9XP",
      companyName: "Kalinga Life",
      claimType: "Death",
      firstName: "Maria",
    }).email;
    expect(message.text).toMatch(/^Dear Maria,\n\nWe are sorry for your loss\. /);
    expect(message.text).toBe(expected.text);
    expect(message.html).toBe(expected.html);
  });

  test("a claim without an e-mail address gets the SMS only", async () => {
    const ids = await server.db.transaction(async (tx) =>
      enqueueClaimAcknowledgment(
        tx,
        {
          claimId: await insertClaim(tx),
          webReferenceNumber: "KL-7KQ4-M9XP",
          companyName: "Kalinga Life",
          claimType: "Living",
          firstName: "Maria",
          mobileNumber: "9171234567",
          emailAddress: "",
        },
        server.clock.now(),
      ),
    );
    const { rows } = await server.db.query<{ channel: string }>(
      "SELECT channel FROM notifications WHERE id = ANY($1)",
      [ids],
    );
    expect(rows).toEqual([{ channel: "sms" }]);
  });

  test("a recipient of the wrong shape is refused before anything is written", async () => {
    await expect(
      enqueueNotification(
        server.db,
        { claimId: null, channel: "sms", to: "+63 917", text: "x" },
        server.clock.now(),
      ),
    ).rejects.toThrow("Not a sms recipient");
    await expect(queueEmail(server.db, "not-an-address")).rejects.toThrow("Not a email recipient");
  });
});

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

describe("SMS notifications", () => {
  test("go through the SMS adapter (the outbox provider here)", async () => {
    const id = await enqueueNotification(
      server.db,
      {
        claimId: null,
        channel: "sms",
        to: "639171234567",
        text: "Kalinga Life received your claim.",
      },
      server.clock.now(),
    );
    expect((await worker(mail.port).runOnce()).sent).toBe(1);
    const { rows } = await server.db.query<{ recipient: string; body: string }>(
      "SELECT recipient, body FROM sms_outbox",
    );
    expect(rows).toEqual([
      { recipient: "639171234567", body: "Kalinga Life received your claim." },
    ]);
    expect((await notification(id)).status).toBe("sent");
    expect(mail.received).toHaveLength(0);
  });
});

describe("polling", () => {
  test("start() runs a round at once, wake() runs one before the next poll, stop() waits for it", async () => {
    const polling = worker(mail.port, { pollIntervalMs: 10 * 60_000 });
    await queueEmail(server.db, "first@example.ph");
    polling.start();
    const until = async (count: number) => {
      for (let i = 0; i < 200 && mail.received.length < count; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    await until(1);
    expect(mail.received).toHaveLength(1);

    // The next poll is ten minutes away: only wake() can send this one in time.
    await queueEmail(server.db, "second@example.ph");
    polling.wake();
    await until(2);
    expect(mail.received.map((message) => message.rcptTo[0])).toEqual([
      "first@example.ph",
      "second@example.ph",
    ]);

    await polling.stop();
    await queueEmail(server.db, "third@example.ph");
    polling.wake();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.received).toHaveLength(2);
    const { rows } = await server.db.query<{ status: string }>(
      "SELECT status FROM notifications WHERE recipient = 'third@example.ph'",
    );
    expect(rows).toEqual([{ status: "pending" }]);
  });
});

describe("crashes and several servers", () => {
  test("a send interrupted by a crash is taken again once its lease runs out, and sent once", async () => {
    let releaseStalled = () => {};
    const stalled = await startMailServer({
      onData(_stream, _session, callback) {
        releaseStalled = () => callback(null);
      },
    });
    try {
      const id = await queueEmail();
      // This worker takes the row and then "dies": its send never finishes while we watch.
      const dying = worker(stalled.port, { leaseMs: 60_000 });
      const abandoned = dying.runOnce();
      for (let i = 0; i < 100 && (await notification(id)).status !== "sending"; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await notification(id)).toMatchObject({ status: "sending", attempts: 1 });

      const survivor = worker(mail.port, { leaseMs: 60_000 });
      server.clock.advance(59);
      expect((await survivor.runOnce()).taken).toBe(0);
      server.clock.advance(1);
      expect(await survivor.runOnce()).toEqual({ taken: 1, sent: 1, retried: 0, failed: 0 });
      expect(mail.received).toHaveLength(1);
      expect(await notification(id)).toMatchObject({ status: "sent", attempts: 2 });

      // The dead worker's late answer changes nothing: its attempt is no longer the row's.
      releaseStalled();
      await abandoned;
      expect(await notification(id)).toMatchObject({ status: "sent", attempts: 2 });
      server.clock.advance(3600);
      expect((await survivor.runOnce()).taken).toBe(0);
      expect(mail.received).toHaveLength(1);
    } finally {
      releaseStalled();
      await stalled.close();
    }
  });

  test("a row that keeps dying mid-send stops after the last allowed attempt", async () => {
    const id = await queueEmail();
    await server.db.query(
      "UPDATE notifications SET status = 'sending', attempts = 4, locked_until = $2 WHERE id = $1",
      [id, server.clock.now()],
    );
    expect((await worker(mail.port).runOnce()).failed).toBe(1);
    expect(await notification(id)).toMatchObject({
      status: "failed",
      last_error: "interrupted while sending",
    });
    expect(mail.received).toHaveLength(0);
  });

  test("queued notifications survive a restart of the server", async () => {
    const id = await queueEmail();
    const db = await server.database.reopen();
    expect((await worker(mail.port, { db }).runOnce()).sent).toBe(1);
    expect((await notification(id)).status).toBe("sent");
    expect(mail.received).toHaveLength(1);
  });

  test("two workers on one database never send a notification twice", async () => {
    const slow = await startMailServer({
      onData(_stream, _session, callback) {
        setTimeout(() => callback(null), 30);
      },
    });
    // On PostgreSQL the second worker has its own pool, as a second server would.
    let secondDb: Database = server.db;
    if (server.database.kind === "postgres") {
      const { rows } = await server.db.query<{ schema: string }>(
        "SELECT current_schema() AS schema",
      );
      secondDb = openPostgresDatabase({
        connectionString: process.env.DATABASE_URL ?? "",
        schema: rows[0]?.schema ?? "",
      });
    }
    try {
      const count = 24;
      for (let i = 0; i < count; i++)
        await queueEmail(server.db, `claimant${i}@example.ph`, `Claim ${i}`);
      const first = worker(slow.port, { batchSize: 3 });
      const second = worker(slow.port, { batchSize: 3, db: secondDb });
      const drain = async (w: NotificationWorker) => {
        let sent = 0;
        for (;;) {
          const round = await w.runOnce();
          sent += round.sent;
          if (round.taken === 0) return sent;
        }
      };
      const [byFirst, bySecond] = await Promise.all([drain(first), drain(second)]);
      expect(byFirst + bySecond).toBe(count);
      expect(byFirst).toBeGreaterThan(0);
      expect(bySecond).toBeGreaterThan(0);
      const recipients = slow.received.flatMap((message) => message.rcptTo).sort();
      expect(recipients).toHaveLength(count);
      expect(new Set(recipients).size).toBe(count);
      const { rows } = await server.db.query<{ status: string; attempts: number }>(
        "SELECT DISTINCT status, attempts FROM notifications",
      );
      expect(rows).toEqual([{ status: "sent", attempts: 1 }]);
    } finally {
      if (secondDb !== server.db) await secondDb.close();
      await slow.close();
    }
  });
});

describe("in the server", () => {
  let app: FastifyInstance | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  test("the server's worker sends what was queued; the logs hold no recipient, name or text", async () => {
    const lines: string[] = [];
    let refuseNext = true;
    const picky = await startMailServer({
      onData(_stream, _session, callback) {
        const refuse = refuseNext;
        refuseNext = false;
        callback(refuse ? Object.assign(new Error("Busy"), { responseCode: 451 }) : null);
      },
    });
    try {
      app = await testApp(
        server.db,
        testConfig(
          {
            LOG_LEVEL: "trace",
            EMAIL_PROVIDER: "smtp",
            SMTP_URL: `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${picky.port}`,
            EMAIL_FROM: FROM,
            NOTIFICATION_POLL_MS: "100",
          },
          { now: server.clock.now },
        ),
        { write: (line) => void lines.push(line) },
      );
      const claimId = await insertClaim(server.db);
      const planted = {
        firstName: "Zelphinekka",
        mobileNumber: "9175550199",
        emailAddress: "zelphinekka.reyes@example.ph",
      };
      const ids = await server.db.transaction((tx) =>
        enqueueClaimAcknowledgment(
          tx,
          {
            claimId,
            webReferenceNumber: "KL-7KQ4-M9XP",
            companyName: "Kalinga Life",
            claimType: "Living",
            ...planted,
          },
          server.clock.now(),
        ),
      );
      const settled = async (status: string) => {
        for (let i = 0; i < 200; i++) {
          const { rows } = await server.db.query<{ status: string }>(
            "SELECT status FROM notifications WHERE id = ANY($1)",
            [ids],
          );
          if (rows.every((row) => row.status === status)) return;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        throw new Error(`notifications did not become ${status}`);
      };
      // The SMS goes at once; the e-mail is refused once (451), then sent after its 30 s wait.
      for (let i = 0; i < 200 && lines.join("").includes("will retry") === false; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      server.clock.advance(40);
      await settled("sent");
      expect(picky.received).toHaveLength(1);

      const log = lines.join("");
      if (process.env.KALINGA_SHOW_LOGS) console.log(log);
      expect(log).toContain('"msg":"notification sent"');
      expect(log).toContain('"msg":"notification not sent, will retry"');
      expect(log).toContain('"reason":"SMTP EMESSAGE 451"');
      expect(log).toContain(`"notificationId":"${ids[1]}"`);
      for (const secret of [
        planted.firstName,
        planted.mobileNumber,
        planted.emailAddress,
        "zelphinekka",
        "KL-7KQ4-M9XP",
        "received your claim",
      ]) {
        expect(log.toLowerCase(), `log contains ${secret}`).not.toContain(secret.toLowerCase());
      }
    } finally {
      await app?.close();
      app = null;
      await picky.close();
    }
  });
});
