import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, test } from "vitest";
import type { Database, Queryable } from "../src/db/database.ts";
import { openPostgresDatabase } from "../src/db/postgres-database.ts";
import {
  acknowledgmentMessages,
  enqueueClaimAcknowledgment,
  enqueueNotification,
} from "../src/notifications/enqueue-notification.ts";
import type { NotificationWorker } from "../src/notifications/notification-worker.ts";
import {
  FROM,
  parseMessage,
  SMTP_PASS,
  SMTP_USER,
  startMailServer,
} from "./support/mail-server.ts";
import { fileWordsOf } from "./support/message-words.ts";
import { useNotificationOutbox } from "./support/notification-outbox.ts";
import { useServerTest } from "./support/server-test.ts";
import { testApp, testConfig } from "./support/test-app.ts";

// The notifications outbox and its worker against the file's real database and a real SMTP server
// (smtp-server) on a random local port, with authentication; messages are parsed and checked.

// No app: the worker is driven on the file's database and clock; "in the server" starts its own.
const server = useServerTest({ app: false });
const { mail, worker, queueEmail, notification, insertClaim } = useNotificationOutbox(server);

type Acknowledgment = Parameters<typeof enqueueClaimAcknowledgment>[1];

/** Maria's acknowledgment of her Living claim, queued in tx; a test names only what it is about. */
function queueAcknowledgment(
  tx: Queryable,
  claim: Pick<Acknowledgment, "claimId"> & Partial<Acknowledgment>,
) {
  const acknowledgment: Acknowledgment = {
    webReferenceNumber: "KL-7KQ4-M9XP",
    companyName: "Kalinga Life",
    claimType: "Living",
    firstName: "Maria",
    channelName: "Corporate Website",
    mobileNumber: "9171234567",
    emailAddress: "maria.santos@example.ph",
    ...claim,
  };
  return enqueueClaimAcknowledgment(tx, acknowledgment, server.clock.now(), fileWordsOf);
}

describe("enqueue", () => {
  test("a notification queued in a transaction that rolls back is never sent", async () => {
    const failure = new Error("the submit failed after queuing");
    await expect(
      server.db.transaction(async (tx) => {
        const claimId = await insertClaim(tx);
        await queueAcknowledgment(tx, { claimId });
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
      return queueAcknowledgment(tx, {
        claimId,
        claimType: "Death",
        emailAddress: " maria.santos@example.ph ",
      });
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
      queueAcknowledgment(tx, { claimId: await insertClaim(tx), emailAddress: "" }),
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
        queueAcknowledgment(tx, { claimId, ...planted }),
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
