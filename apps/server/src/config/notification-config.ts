import { ConfigError, type Env, flag, httpUrl, integer, text } from "./config-values.ts";

// How the server sends SMS and e-mail, and how its notification worker retries them.

export type SmsConfig =
  | { provider: "outbox" }
  | { provider: "http"; url: string; token: string; senderName: string; timeoutMs: number };

export type EmailConfig =
  | { provider: "outbox"; from: string }
  | {
      provider: "smtp";
      from: string;
      host: string;
      port: number;
      /** TLS from the first byte (port 465); otherwise STARTTLS when offered or required. */
      secure: boolean;
      requireTls: boolean;
      user: string | null;
      pass: string | null;
      timeoutMs: number;
    };

export type NotificationConfig = { pollIntervalMs: number; maxAttempts: number; leaseMs: number };

export function smsConfig(env: Env): SmsConfig {
  const provider = text(env, "SMS_PROVIDER") ?? "outbox";
  if (provider === "outbox") return { provider };
  if (provider !== "http") {
    throw new ConfigError(`SMS_PROVIDER must be outbox or http, got "${provider}".`);
  }
  const token = text(env, "SMS_HTTP_TOKEN");
  if (token === null) throw new ConfigError("SMS_HTTP_TOKEN is required when SMS_PROVIDER=http.");
  return {
    provider,
    url: httpUrl(env, "SMS_HTTP_URL"),
    token,
    senderName: text(env, "SMS_SENDER_NAME") ?? "KALINGA",
    timeoutMs: integer(env, "SMS_HTTP_TIMEOUT_MS", 10_000, 100, 60_000),
  };
}

const DEFAULT_EMAIL_FROM = "Kalinga Claims <claims@kalinga.invalid>";

export function emailConfig(env: Env, production: boolean): EmailConfig {
  const provider = text(env, "EMAIL_PROVIDER") ?? "outbox";
  const from = text(env, "EMAIL_FROM");
  if (from !== null && !/^[^<>]*<?[^\s@<>]+@[^\s@<>]+>?$/.test(from)) {
    throw new ConfigError(`EMAIL_FROM must be an address, e.g. "Claims <claims@insurer.example>".`);
  }
  if (provider === "outbox") return { provider, from: from ?? DEFAULT_EMAIL_FROM };
  if (provider !== "smtp") {
    throw new ConfigError(`EMAIL_PROVIDER must be outbox or smtp, got "${provider}".`);
  }
  if (from === null) throw new ConfigError("EMAIL_FROM is required when EMAIL_PROVIDER=smtp.");

  const url = smtpUrl(env);
  const host = url?.hostname ?? text(env, "SMTP_HOST");
  if (!host) throw new ConfigError("SMTP_HOST or SMTP_URL is required when EMAIL_PROVIDER=smtp.");
  const secure = url ? url.protocol === "smtps:" : flag(env, "SMTP_SECURE", false);
  const port = url?.port
    ? Number(url.port)
    : integer(env, "SMTP_PORT", secure ? 465 : 587, 1, 65_535);
  const user = url?.username ? decodeURIComponent(url.username) : text(env, "SMTP_USER");
  const pass = url?.password ? decodeURIComponent(url.password) : text(env, "SMTP_PASS");
  return {
    provider,
    from,
    host,
    port,
    secure,
    // Claimants' names and claim numbers must not cross the network in clear in production.
    requireTls: secure ? false : flag(env, "SMTP_REQUIRE_TLS", production),
    user,
    pass,
    timeoutMs: integer(env, "SMTP_TIMEOUT_MS", 20_000, 100, 120_000),
  };
}

/** SMTP_URL (smtp:// or smtps://user:pass@host:port), or null for the separate SMTP_* variables. */
function smtpUrl(env: Env): URL | null {
  const raw = text(env, "SMTP_URL");
  if (raw === null) return null;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    // reported below
  }
  if (url === null || (url.protocol !== "smtp:" && url.protocol !== "smtps:") || !url.hostname) {
    throw new ConfigError("SMTP_URL must look like smtp://user:password@host:587 or smtps://…");
  }
  return url;
}

export function notificationConfig(env: Env): NotificationConfig {
  return {
    pollIntervalMs: integer(env, "NOTIFICATION_POLL_MS", 5_000, 100, 10 * 60_000),
    maxAttempts: integer(env, "NOTIFICATION_MAX_ATTEMPTS", 8, 1, 50),
    // How long a server that took a message may hold it before another server sends it instead
    // (the taker died); sends are cut off at half of it, so it must outlast the slowest provider.
    leaseMs: integer(env, "NOTIFICATION_LEASE_MS", 10 * 60_000, 2_000, 6 * 3_600_000),
  };
}
