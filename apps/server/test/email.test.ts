import { describe, expect, test } from "vitest";
import { ConfigError } from "../src/config/config-values.ts";
import { loadConfig } from "../src/config.ts";
import { enqueueNotification } from "../src/notifications/enqueue-notification.ts";
import { useServerTest } from "./support/server-test.ts";
import { PRODUCTION_ENV, testApp, testConfig } from "./support/test-app.ts";

// E-mail settings from the environment, and the default outbox provider read through the
// development route, sent by the server's own notification worker.

describe("e-mail and notification settings", () => {
  test("defaults: the outbox provider, a placeholder sender, 5 s polls, 8 attempts, 10 min leases", () => {
    const config = loadConfig({});
    expect(config.email).toEqual({
      provider: "outbox",
      from: "Kalinga Claims <claims@kalinga.invalid>",
    });
    expect(config.notifications).toEqual({
      pollIntervalMs: 5_000,
      maxAttempts: 8,
      leaseMs: 600_000,
    });
  });

  test("SMTP_URL gives host, port, login and TLS from the start for smtps", () => {
    const { email } = loadConfig({
      EMAIL_PROVIDER: "smtp",
      EMAIL_FROM: "Kalinga Life <claims@kalinga-life.example>",
      SMTP_URL: "smtps://mailer%40kalinga:p%40ss@smtp.kalinga-life.example",
    });
    expect(email).toEqual({
      provider: "smtp",
      from: "Kalinga Life <claims@kalinga-life.example>",
      host: "smtp.kalinga-life.example",
      port: 465,
      secure: true,
      requireTls: false,
      user: "mailer@kalinga",
      pass: "p@ss",
      timeoutMs: 20_000,
    });
  });

  test("the SMTP_* variables; production requires STARTTLS unless told otherwise", () => {
    const env = {
      NODE_ENV: "production",
      KALINGA_API_KEYS: "insurer-production-key-1",
      KALINGA_INSURER_KEYS: "core-claims-system-key-0123456789abcdef",
      KALINGA_SECRET: "s".repeat(32),
      KALINGA_DOCUMENT_KEYS: PRODUCTION_ENV.KALINGA_DOCUMENT_KEYS,
      SMS_PROVIDER: "http",
      SMS_HTTP_URL: "https://sms.kalinga-life.example/send",
      SMS_HTTP_TOKEN: "sms-token",
      EMAIL_PROVIDER: "smtp",
      EMAIL_FROM: "claims@kalinga-life.example",
      SMTP_HOST: "relay.internal",
      SMTP_USER: "mailer",
      SMTP_PASS: "secret",
      SMTP_TIMEOUT_MS: "5000",
      NOTIFICATION_POLL_MS: "1000",
      NOTIFICATION_MAX_ATTEMPTS: "12",
      NOTIFICATION_LEASE_MS: "15000",
    };
    const config = loadConfig(env);
    expect(config.email).toEqual({
      provider: "smtp",
      from: "claims@kalinga-life.example",
      host: "relay.internal",
      port: 587,
      secure: false,
      requireTls: true,
      user: "mailer",
      pass: "secret",
      timeoutMs: 5_000,
    });
    expect(config.notifications).toEqual({
      pollIntervalMs: 1_000,
      maxAttempts: 12,
      leaseMs: 15_000,
    });
    expect(() => loadConfig({ ...env, NOTIFICATION_LEASE_MS: "500" })).toThrow(
      /NOTIFICATION_LEASE_MS/,
    );
    expect(loadConfig({ ...env, SMTP_REQUIRE_TLS: "false", SMTP_PORT: "25" }).email).toMatchObject({
      port: 25,
      requireTls: false,
    });
  });

  test.each([
    [{ EMAIL_PROVIDER: "pigeon" }, /EMAIL_PROVIDER must be outbox or smtp/],
    [{ EMAIL_PROVIDER: "smtp", SMTP_HOST: "relay" }, /EMAIL_FROM is required/],
    [{ EMAIL_FROM: "claims at kalinga" }, /EMAIL_FROM must be an address/],
    [{ EMAIL_PROVIDER: "smtp", EMAIL_FROM: "a@b.ph" }, /SMTP_HOST or SMTP_URL is required/],
    [{ EMAIL_PROVIDER: "smtp", EMAIL_FROM: "a@b.ph", SMTP_URL: "http://relay" }, /SMTP_URL must/],
    [{ EMAIL_PROVIDER: "smtp", EMAIL_FROM: "a@b.ph", SMTP_HOST: "r", SMTP_PORT: "0" }, /SMTP_PORT/],
    [{ NOTIFICATION_MAX_ATTEMPTS: "0" }, /NOTIFICATION_MAX_ATTEMPTS must be between 1 and 50/],
    [{ NOTIFICATION_POLL_MS: "10" }, /NOTIFICATION_POLL_MS must be between 100/],
  ])("refuses %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe("the e-mail outbox", () => {
  const server = useServerTest({
    env: { EMAIL_FROM: "Kalinga Life <claims@kalinga-life.example>", NOTIFICATION_POLL_MS: "100" },
  });

  async function readOutbox(to: string) {
    const response = await server.app.inject({
      method: "GET",
      url: `/api/dev/email-outbox?to=${encodeURIComponent(to)}`,
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { messages: Record<string, unknown>[] }).messages;
  }

  test("a queued e-mail is kept in the outbox by the server's worker and listed for its address", async () => {
    await enqueueNotification(
      server.db,
      {
        claimId: null,
        channel: "email",
        to: "Maria.Santos@example.ph",
        subject: "We received your claim KL-7KQ4-M9XP",
        text: "Dear Maria,\n",
        html: "<p>Dear Maria,</p>",
      },
      server.clock.now(),
    );
    let messages: Record<string, unknown>[] = [];
    for (let i = 0; i < 200 && messages.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      messages = await readOutbox("maria.santos@example.ph");
    }
    expect(messages).toEqual([
      {
        to: "Maria.Santos@example.ph",
        from: "Kalinga Life <claims@kalinga-life.example>",
        subject: "We received your claim KL-7KQ4-M9XP",
        text: "Dear Maria,\n",
        html: "<p>Dear Maria,</p>",
        createdAt: server.clock.now().toISOString(),
      },
    ]);
    expect(await readOutbox("someone.else@example.ph")).toEqual([]);
    const { rows } = await server.db.query<{ status: string }>("SELECT status FROM notifications");
    expect(rows).toEqual([{ status: "sent" }]);
  });

  test("the route wants an address", async () => {
    const response = await server.app.inject({
      method: "GET",
      url: "/api/dev/email-outbox?to=maria",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: [{ field: "to", message: "Give an e-mail address, e.g. maria@example.ph." }],
    });
  });

  test("is not served in production", async () => {
    const production = await testApp(server.db, testConfig(PRODUCTION_ENV));
    try {
      const response = await production.inject({
        method: "GET",
        url: "/api/dev/email-outbox?to=maria%40example.ph",
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
