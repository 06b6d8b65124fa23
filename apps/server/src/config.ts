import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  type ChannelId,
  type CompanyId,
  DEFAULT_CHANNEL_NAMES,
  DEFAULT_COMPANY_NAMES,
} from "@kalinga/domain/channel";
import { OTP_COUNTDOWN_SECONDS, OTP_SEND_ATTEMPTS } from "@kalinga/domain/constants";
import { type DocumentConfig, loadDocumentConfig } from "./documents/document-config.ts";
import { trustedProxyEntryProblem } from "./http/trusted-proxies.ts";
import { insurerKeyOf, insurerKeysProblem } from "./insurer/insurer-keys.ts";
import type { PortalConfig } from "./portal/portal-assertion.ts";
import { type WebhookConfig, webhookHostProblem } from "./webhooks/webhook-destination.ts";

// Every setting of the server comes from the environment through loadConfig; docs/server.md lists
// each variable with its default. Bad values stop the start-up with a message naming the variable.

export type RunMode = "development" | "test" | "production";

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

export type NotificationConfig = { pollIntervalMs: number; maxAttempts: number };

export type ServerConfig = {
  mode: RunMode;
  port: number;
  host: string;
  /** PostgreSQL when set; otherwise embedded PGlite in dataDir. */
  databaseUrl: string | null;
  /** DATABASE_MIGRATION_URL: the owner role that migrates and grants databaseUrl's role its rights. */
  databaseMigrationUrl: string | null;
  dataDir: string;
  apiKeys: string[];
  /** Keys OTP hashes and rate-limit buckets; null means "generate one and keep it in dataDir". */
  secret: string | null;
  /** Origins of the insurer pages that embed the widget (CORS and frame-ancestors). */
  allowedOrigins: string[];
  /** Load balancers (addresses, CIDR ranges) whose X-Forwarded-For and X-Request-Id are believed. */
  trustedProxies: string[];
  logLevel: string;
  otp: {
    ttlSeconds: number;
    resendWaitSeconds: number;
    sendsPerClaim: number;
    wrongGuessesPerCode: number;
    /** Sends to one number per Manila day from devices that have not proven it (decision 0062). */
    mobileDailyLimit: number;
    /** Sends to one number per Manila day from one device that entered a right code for it. */
    provenDeviceDailyLimit: number;
    /** Every send to one number per Manila day, whoever asks: the most SMS a number can receive. */
    mobileDailyCeiling: number;
    /** How long a device's right code keeps it proven for that number. */
    provenDeviceDays: number;
    /** How long a number whose sends ran out on a claim, unverified, gets no OTP from that device. */
    exhaustedNumberLockHours: number;
    /** OTP sends one client address makes per window before each further send needs a challenge. */
    sendAddressLimit: number;
    sendAddressWindowSeconds: number;
    /** Past this many sends per window from one address, the challenge's work grows without a cap. */
    sendAddressCeiling: number;
    /** SMS sent from all addresses together per hour: bounds the SMS bill whatever the addresses. */
    sendHourlyLimit: number;
  };
  /** Claims one client address starts per window before each further start needs a challenge. */
  claimStart: { addressLimit: number; addressWindowSeconds: number };
  /** The proof-of-work challenge asked above an address's normal rate (docs/decisions/0061). */
  challenge: {
    /** Expected SHA-256 derivations just above the normal rate; doubles every normal rate more. */
    startWork: number;
    /** The most an honest claimant is asked, below the SMS ceiling. */
    maxWork: number;
    ttlSeconds: number;
  };
  /** Calls with an unknown or expired token one address may make per window; valid tokens never count. */
  failedToken: { addressLimit: number; addressWindowSeconds: number };
  /** Console password tries one client address may make per window, across all e-mails. */
  staffSignIn: { addressLimit: number; addressWindowSeconds: number };
  token: { idleSeconds: number; maxAgeSeconds: number };
  sms: SmsConfig;
  email: EmailConfig;
  notifications: NotificationConfig;
  /** The insurer integration API and the claim lifecycle (docs/decisions/0050–0052). */
  insurer: {
    /** KALINGA_INSURER_KEYS: Bearer keys of the core claims system, `name:key` or plain; never a widget key. Empty: the API is off. */
    keys: string[];
    requirementDueDays: number;
    reopenDays: number;
    serviceLevelDays: { Death: number; Living: number };
    statusPageUrl: string | null;
    /** INSURER_WEBHOOK_URL and INSURER_WEBHOOK_SECRET: where claim events are posted, signed. */
    webhook: WebhookConfig | null;
  };
  /** A draft is deleted expiryDays after its last save; one SMS reminder reminderDaysBefore that. */
  drafts: { expiryDays: number; reminderDaysBefore: number };
  /** Document store and upload limits (DOCUMENT_*, KALINGA_DOCUMENTS_DIR). */
  documents: DocumentConfig;
  companyNames: Record<CompanyId, string>;
  channelNames: Record<ChannelId, string>;
  contentDir: string;
  noticeFile: string | null;
  widgetDir: string;
  /** The built claims-staff console, served at /console (KALINGA_CONSOLE_DIR). */
  consoleDir: string;
  /** How the member and agent portals' signed assertions are verified (decisions 0058, 0060); null: off. */
  portal: PortalConfig | null;
  /** KALINGA_DEMO=true: /api/dev/* (the SMS and e-mail outboxes, claim records) and demo pages. */
  demo: boolean;
  /** The demo host pages, which hand demoApiKey to the widget: only with demo. */
  demoPages: boolean;
  /** KALINGA_DEMO_POLICIES=true (npm start): the demo policy records are loaded at start-up. */
  demoPoliciesFile: string | null;
  demoApiKey: string;
  /** The clock every time rule reads; tests move it instead of sleeping. */
  now: () => Date;
};

function draftConfig(env: Env): ServerConfig["drafts"] {
  const expiryDays = integer(env, "DRAFT_EXPIRY_DAYS", 30, 1, 365);
  const reminderDaysBefore = integer(env, "DRAFT_REMINDER_DAYS_BEFORE", 7, 0, 364);
  if (reminderDaysBefore >= expiryDays) {
    throw new ConfigError(
      `DRAFT_REMINDER_DAYS_BEFORE must be less than DRAFT_EXPIRY_DAYS (${expiryDays}), got ${reminderDaysBefore}.`,
    );
  }
  return { expiryDays, reminderDaysBefore };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const repositoryRoot = path.resolve(serverRoot, "../..");

export const DEVELOPMENT_API_KEY = "kalinga-dev-key";
const MIN_SECRET_LENGTH = 32;
const MIN_PRODUCTION_API_KEY_LENGTH = 16;

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}".`);
  const value = Number(raw);
  if (value < min || value > max) {
    throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}.`);
  }
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (["1", "true", "yes", "on"].includes(raw.toLowerCase())) return true;
  if (["0", "false", "no", "off"].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}".`);
}

function list(env: Env, name: string): string[] {
  return (text(env, name) ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

function origins(env: Env, name: string): string[] {
  return list(env, name).map((value) => {
    let origin: string;
    try {
      origin = new URL(value).origin;
    } catch {
      throw new ConfigError(`${name}: "${value}" is not an origin like https://www.example.ph.`);
    }
    if (origin !== value.replace(/\/$/, "")) {
      throw new ConfigError(`${name}: "${value}" must be an origin only (scheme, host, port).`);
    }
    return origin;
  });
}

function httpUrl(env: Env, name: string): string {
  const raw = text(env, name);
  if (raw === null) throw new ConfigError(`${name} is required when SMS_PROVIDER=http.`);
  try {
    const url = new URL(raw);
    if (url.protocol === "http:" || url.protocol === "https:") return url.toString();
  } catch {
    // reported below
  }
  throw new ConfigError(`${name} must be an http(s) URL, got "${raw}".`);
}

function runMode(env: Env): RunMode {
  const raw = text(env, "NODE_ENV") ?? "development";
  if (raw === "development" || raw === "test" || raw === "production") return raw;
  throw new ConfigError(`NODE_ENV must be development, test or production, got "${raw}".`);
}

/**
 * Development features are opt-in: a server started any other way than by the demo command
 * (`npm start`, which sets KALINGA_DEMO=true) serves no outbox, claim record or demo page.
 */
function demoSettings(env: Env, production: boolean): { demo: boolean; demoPages: boolean } {
  const demo = flag(env, "KALINGA_DEMO", false);
  if (demo && production) {
    throw new ConfigError(
      "KALINGA_DEMO=true cannot run with NODE_ENV=production: it serves every one-time PIN, e-mail and claim without a key.",
    );
  }
  const demoPages = flag(env, "KALINGA_DEMO_PAGES", demo);
  if (demoPages && !demo) {
    throw new ConfigError("KALINGA_DEMO_PAGES=true needs KALINGA_DEMO=true (never in production).");
  }
  return { demo, demoPages };
}

/**
 * What a production server must never run with, checked again by buildApp for a configuration
 * made in code: an outbox keeps one-time PINs and acknowledgments in a table and delivers none.
 */
export function refuseUnsafeRunMode(
  config: Pick<ServerConfig, "mode" | "demo" | "demoPages" | "sms" | "email">,
): void {
  if (config.mode !== "production") return;
  if (config.demo || config.demoPages) {
    throw new ConfigError("KALINGA_DEMO=true cannot run with NODE_ENV=production.");
  }
  if (config.sms.provider === "outbox") {
    throw new ConfigError(
      "SMS_PROVIDER must be http in production (with SMS_HTTP_URL and SMS_HTTP_TOKEN): the outbox sends no one-time PIN.",
    );
  }
  if (config.email.provider === "outbox") {
    throw new ConfigError(
      "EMAIL_PROVIDER must be smtp in production (with EMAIL_FROM and SMTP_URL or SMTP_HOST): the outbox sends no acknowledgment.",
    );
  }
}

/** The demo's key of the integration API: published, so it opens the API only in demo mode. */
export const DEVELOPMENT_INSURER_KEY = "kalinga-dev-insurer-key";

function insurerSettings(env: Env, production: boolean, demo: boolean, widgetKeys: string[]) {
  const entries = list(env, "KALINGA_INSURER_KEYS");
  const problem = insurerKeysProblem(entries);
  if (problem) throw new ConfigError(problem);
  // `name:key` entries (decision 0064): the rules below are about the keys themselves.
  const keys = entries.map((entry) => insurerKeyOf(entry).key);
  if (production && keys.length === 0) {
    throw new ConfigError("KALINGA_INSURER_KEYS is required in production (comma-separated keys).");
  }
  if (production && keys.some((key) => key.length < 32 || key === DEVELOPMENT_INSURER_KEY)) {
    throw new ConfigError(
      "KALINGA_INSURER_KEYS: each key needs at least 32 characters in production, and not the development key.",
    );
  }
  if (!demo && keys.includes(DEVELOPMENT_INSURER_KEY)) {
    throw new ConfigError(
      "KALINGA_INSURER_KEYS: the development key is published; it runs only with KALINGA_DEMO=true.",
    );
  }
  // Without a key of its own the integration API is off (decision 0060); the demo has one built in.
  if (entries.length === 0 && demo) {
    entries.push(DEVELOPMENT_INSURER_KEY);
    keys.push(DEVELOPMENT_INSURER_KEY);
  }
  // The widget's key is public in the host page: it must never open the insurer's API.
  if (keys.some((key) => widgetKeys.includes(key))) {
    throw new ConfigError("KALINGA_INSURER_KEYS must not repeat a key of KALINGA_API_KEYS.");
  }
  const statusPageUrl = text(env, "KALINGA_STATUS_PAGE_URL");
  return {
    keys: entries,
    webhook: webhookSettings(env, production),
    requirementDueDays: integer(env, "REQUIREMENT_DUE_DAYS", 90, 1, 365),
    reopenDays: integer(env, "REOPEN_DAYS", 90, 0, 365),
    serviceLevelDays: {
      Death: integer(env, "SERVICE_LEVEL_DAYS_DEATH", 30, 1, 365),
      Living: integer(env, "SERVICE_LEVEL_DAYS_LIVING", 15, 1, 365),
    },
    statusPageUrl: statusPageUrl === null ? null : httpUrl(env, "KALINGA_STATUS_PAGE_URL"),
  };
}

/** The demo's key of the portal assertions, for its signer: published, so only in demo mode. */
export const DEVELOPMENT_PORTAL_SECRET = "kalinga-development-portal-secret-0123456789";
export const DEVELOPMENT_PORTAL_ISSUER = "kalinga-demo-portal";

/**
 * The portal assertions: KALINGA_PORTAL_ISSUER and KALINGA_PORTAL_AUDIENCE, with
 * KALINGA_PORTAL_SECRET (HS256) or KALINGA_PORTAL_JWKS_URL (RS256/ES256). In demo mode the
 * development secret and issuer stand in; in any other mode the logged-in channels stay off until set.
 */
function portalSettings(env: Env, production: boolean, demo: boolean): PortalConfig | null {
  const secret = text(env, "KALINGA_PORTAL_SECRET");
  const jwks = text(env, "KALINGA_PORTAL_JWKS_URL");
  const issuer = text(env, "KALINGA_PORTAL_ISSUER");
  const audience = text(env, "KALINGA_PORTAL_AUDIENCE") ?? "kalinga";
  if (secret && jwks) {
    throw new ConfigError("Set KALINGA_PORTAL_SECRET or KALINGA_PORTAL_JWKS_URL, not both.");
  }
  if (secret !== null && secret.length < 32) {
    throw new ConfigError("KALINGA_PORTAL_SECRET needs at least 32 characters.");
  }
  if (!demo && secret === DEVELOPMENT_PORTAL_SECRET) {
    throw new ConfigError(
      "KALINGA_PORTAL_SECRET: the development secret is published; it runs only with KALINGA_DEMO=true.",
    );
  }
  if (jwks !== null) {
    const url = httpUrl(env, "KALINGA_PORTAL_JWKS_URL");
    if (production && !url.startsWith("https:")) {
      throw new ConfigError("KALINGA_PORTAL_JWKS_URL must be https in production.");
    }
    if (!issuer)
      throw new ConfigError("KALINGA_PORTAL_ISSUER is required with KALINGA_PORTAL_JWKS_URL.");
    return { issuer, audience, key: { kind: "jwks", url } };
  }
  if (secret !== null) {
    if (!issuer)
      throw new ConfigError("KALINGA_PORTAL_ISSUER is required with KALINGA_PORTAL_SECRET.");
    return { issuer, audience, key: { kind: "secret", secret } };
  }
  if (!demo) return null;
  return {
    issuer: issuer ?? DEVELOPMENT_PORTAL_ISSUER,
    audience,
    key: { kind: "secret", secret: DEVELOPMENT_PORTAL_SECRET },
  };
}

/** What a started server has switched off for want of a setting: said once at start-up. */
export function startupWarnings(config: Pick<ServerConfig, "portal" | "insurer">): string[] {
  const warnings: string[] = [];
  if (config.portal === null) {
    warnings.push(
      "The member portal and agent assist are off: set KALINGA_PORTAL_SECRET (or KALINGA_PORTAL_JWKS_URL) and KALINGA_PORTAL_ISSUER.",
    );
  }
  if (config.insurer.keys.length === 0) {
    warnings.push("The insurer integration API is off: set KALINGA_INSURER_KEYS.");
  }
  return warnings;
}

/** One endpoint of the insurer's that receives every claim event, signed with its own secret. */
function webhookSettings(env: Env, production: boolean): WebhookConfig | null {
  const raw = text(env, "INSURER_WEBHOOK_URL");
  if (raw === null) return null;
  const url = httpUrl(env, "INSURER_WEBHOOK_URL");
  if (production && !url.startsWith("https:")) {
    throw new ConfigError("INSURER_WEBHOOK_URL must be https in production.");
  }
  const secret = text(env, "INSURER_WEBHOOK_SECRET");
  if (secret === null || secret.length < 32) {
    throw new ConfigError(
      "INSURER_WEBHOOK_SECRET (at least 32 characters) is required with INSURER_WEBHOOK_URL.",
    );
  }
  // In production the server must not be made to post into its own network (decision 0065).
  const allowPrivate = flag(env, "INSURER_WEBHOOK_ALLOW_PRIVATE", !production);
  const problem = allowPrivate ? null : webhookHostProblem(new URL(url).hostname);
  if (problem) {
    throw new ConfigError(
      `INSURER_WEBHOOK_URL: ${problem}; set INSURER_WEBHOOK_ALLOW_PRIVATE=true if the insurer's endpoint really is there.`,
    );
  }
  return { url, secret, allowPrivate };
}

/** DATABASE_MIGRATION_URL is the owner role of DATABASE_URL's tables; it means nothing alone. */
function databaseMigrationUrl(env: Env): string | null {
  const url = text(env, "DATABASE_MIGRATION_URL");
  if (url !== null && text(env, "DATABASE_URL") === null) {
    throw new ConfigError(
      "DATABASE_MIGRATION_URL needs DATABASE_URL (the server's own role); the embedded database has one role.",
    );
  }
  return url;
}

function smsConfig(env: Env): SmsConfig {
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

function emailConfig(env: Env, production: boolean): EmailConfig {
  const provider = text(env, "EMAIL_PROVIDER") ?? "outbox";
  const from = text(env, "EMAIL_FROM");
  if (from !== null && !/^[^<>]*<?[^\s@<>]+@[^\s@<>]+>?$/.test(from)) {
    throw new ConfigError(
      `EMAIL_FROM must be an address, e.g. "Kalinga Life <claims@example.ph>".`,
    );
  }
  if (provider === "outbox") return { provider, from: from ?? DEFAULT_EMAIL_FROM };
  if (provider !== "smtp") {
    throw new ConfigError(`EMAIL_PROVIDER must be outbox or smtp, got "${provider}".`);
  }
  if (from === null) throw new ConfigError("EMAIL_FROM is required when EMAIL_PROVIDER=smtp.");

  // SMTP_URL (smtp:// or smtps://user:pass@host:port) or the separate SMTP_* variables.
  const raw = text(env, "SMTP_URL");
  let url: URL | null = null;
  if (raw !== null) {
    try {
      url = new URL(raw);
    } catch {
      // reported below
    }
    if (url === null || (url.protocol !== "smtp:" && url.protocol !== "smtps:") || !url.hostname) {
      throw new ConfigError("SMTP_URL must look like smtp://user:password@host:587 or smtps://…");
    }
  }
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

// The per-address limits are sized for many claimants behind one carrier-grade NAT address
// (docs/decisions/0030-limits-behind-carrier-nat.md); above the normal rates of starts and sends a
// proof-of-work challenge is asked instead of a refusal (docs/decisions/0061).
const ADDRESS_WINDOW_SECONDS = 600;

function challengeSettings(env: Env): ServerConfig["challenge"] {
  const startWork = integer(env, "CHALLENGE_START_WORK", 2_000, 1, 1_000_000_000);
  return {
    startWork,
    // Below the start the work would shrink as the rate grows.
    maxWork: integer(
      env,
      "CHALLENGE_MAX_WORK",
      Math.max(50_000, startWork),
      startWork,
      1_000_000_000,
    ),
    ttlSeconds: integer(env, "CHALLENGE_TTL_SECONDS", 300, 10, 3600),
  };
}

/** Variables whose meaning changed: a deployment that still sets them is told what to set instead. */
const RETIRED_VARIABLES: Record<string, string> = {
  OTP_ADDRESS_LIMIT:
    "OTP calls are no longer counted per address: set OTP_SEND_ADDRESS_LIMIT (SMS sends per address) instead",
  OTP_ADDRESS_WINDOW_SECONDS: "set OTP_SEND_ADDRESS_WINDOW_SECONDS instead",
};

function trustedProxies(env: Env): string[] {
  const legacy = text(env, "KALINGA_TRUST_PROXY");
  // "true" or a hop count believes X-Forwarded-For from anyone, so any client could pick its address.
  if (legacy !== null && !["0", "false", "no", "off"].includes(legacy.toLowerCase())) {
    throw new ConfigError(
      `KALINGA_TRUST_PROXY is no longer read: remove it and list your load balancers' addresses in KALINGA_TRUSTED_PROXIES, e.g. KALINGA_TRUSTED_PROXIES=10.0.0.0/8,127.0.0.1.`,
    );
  }
  const entries = list(env, "KALINGA_TRUSTED_PROXIES");
  for (const entry of entries) {
    const problem = trustedProxyEntryProblem(entry);
    if (problem) throw new ConfigError(`KALINGA_TRUSTED_PROXIES: ${problem}.`);
  }
  return entries;
}

/** Reads the environment into a typed configuration; throws ConfigError on the first bad value. */
export function loadConfig(env: Env = process.env): ServerConfig {
  for (const [name, instead] of Object.entries(RETIRED_VARIABLES)) {
    if (text(env, name) !== null) throw new ConfigError(`${name} is no longer read: ${instead}.`);
  }
  const mode = runMode(env);
  const production = mode === "production";
  const demoModes = demoSettings(env, production);

  const apiKeys = list(env, "KALINGA_API_KEYS");
  if (production && apiKeys.length === 0) {
    throw new ConfigError("KALINGA_API_KEYS is required in production (comma-separated keys).");
  }
  if (production && apiKeys.some((key) => key.length < MIN_PRODUCTION_API_KEY_LENGTH)) {
    throw new ConfigError(
      `KALINGA_API_KEYS: each key needs at least ${MIN_PRODUCTION_API_KEY_LENGTH} characters in production.`,
    );
  }
  if (apiKeys.length === 0) apiKeys.push(DEVELOPMENT_API_KEY);

  const secret = text(env, "KALINGA_SECRET");
  if (production && secret === null) {
    throw new ConfigError("KALINGA_SECRET is required in production (32 characters or more).");
  }
  if (secret !== null && secret.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(`KALINGA_SECRET must have at least ${MIN_SECRET_LENGTH} characters.`);
  }

  const idleSeconds = integer(env, "TOKEN_IDLE_SECONDS", 30 * 60, 60, 24 * 3600);
  const maxAgeSeconds = integer(env, "TOKEN_MAX_AGE_SECONDS", 12 * 3600, 60, 7 * 24 * 3600);
  if (idleSeconds > maxAgeSeconds) {
    throw new ConfigError("TOKEN_IDLE_SECONDS cannot be longer than TOKEN_MAX_AGE_SECONDS.");
  }

  // The ceiling must leave a proven device its whole allowance after strangers used theirs (decision 0062).
  const mobileDailyLimit = integer(env, "OTP_MOBILE_DAILY_LIMIT", 10, 1, 1000);
  const provenDeviceDailyLimit = integer(env, "OTP_PROVEN_DEVICE_DAILY_LIMIT", 10, 1, 1000);
  const mobileDailyCeiling = integer(
    env,
    "OTP_MOBILE_DAILY_CEILING",
    mobileDailyLimit + 2 * provenDeviceDailyLimit,
    1,
    10_000,
  );
  if (mobileDailyCeiling < mobileDailyLimit + provenDeviceDailyLimit) {
    throw new ConfigError(
      `OTP_MOBILE_DAILY_CEILING must be at least OTP_MOBILE_DAILY_LIMIT + OTP_PROVEN_DEVICE_DAILY_LIMIT (${mobileDailyLimit + provenDeviceDailyLimit}), so strangers' sends cannot use up the number owner's allowance.`,
    );
  }

  const settings = {
    mode,
    port: integer(env, "PORT", 8080, 0, 65_535),
    host: text(env, "HOST") ?? "0.0.0.0",
    databaseUrl: text(env, "DATABASE_URL"),
    databaseMigrationUrl: databaseMigrationUrl(env),
    dataDir: path.resolve(text(env, "KALINGA_DATA_DIR") ?? "data"),
    apiKeys,
    secret,
    allowedOrigins: origins(env, "KALINGA_ALLOWED_ORIGINS"),
    trustedProxies: trustedProxies(env),
    logLevel: text(env, "LOG_LEVEL") ?? (mode === "test" ? "silent" : "info"),
    otp: {
      ttlSeconds: integer(env, "OTP_TTL_SECONDS", 300, 1, 600),
      resendWaitSeconds: integer(env, "OTP_RESEND_WAIT_SECONDS", OTP_COUNTDOWN_SECONDS, 0, 3600),
      sendsPerClaim: OTP_SEND_ATTEMPTS,
      wrongGuessesPerCode: 5,
      mobileDailyLimit,
      provenDeviceDailyLimit,
      mobileDailyCeiling,
      provenDeviceDays: integer(env, "OTP_PROVEN_DEVICE_DAYS", 365, 1, 3660),
      exhaustedNumberLockHours: integer(env, "OTP_EXHAUSTED_NUMBER_LOCK_HOURS", 24, 0, 168),
      sendAddressLimit: integer(env, "OTP_SEND_ADDRESS_LIMIT", 30, 1, 1_000_000),
      sendAddressWindowSeconds: integer(
        env,
        "OTP_SEND_ADDRESS_WINDOW_SECONDS",
        ADDRESS_WINDOW_SECONDS,
        1,
        24 * 3600,
      ),
      sendAddressCeiling: integer(env, "OTP_SEND_ADDRESS_CEILING", 300, 1, 1_000_000),
      sendHourlyLimit: integer(env, "OTP_SEND_HOURLY_LIMIT", 2_000, 1, 10_000_000),
    },
    claimStart: {
      addressLimit: integer(env, "CLAIM_START_ADDRESS_LIMIT", 30, 1, 1_000_000),
      addressWindowSeconds: integer(
        env,
        "CLAIM_START_ADDRESS_WINDOW_SECONDS",
        ADDRESS_WINDOW_SECONDS,
        1,
        24 * 3600,
      ),
    },
    challenge: challengeSettings(env),
    failedToken: {
      addressLimit: integer(env, "FAILED_TOKEN_ADDRESS_LIMIT", 100, 1, 1_000_000),
      addressWindowSeconds: integer(
        env,
        "FAILED_TOKEN_ADDRESS_WINDOW_SECONDS",
        ADDRESS_WINDOW_SECONDS,
        1,
        24 * 3600,
      ),
    },
    staffSignIn: {
      addressLimit: integer(env, "STAFF_SIGN_IN_ADDRESS_LIMIT", 300, 1, 1_000_000),
      addressWindowSeconds: integer(env, "STAFF_SIGN_IN_ADDRESS_WINDOW_SECONDS", 900, 1, 24 * 3600),
    },
    token: { idleSeconds, maxAgeSeconds },
    sms: smsConfig(env),
    email: emailConfig(env, production),
    notifications: {
      pollIntervalMs: integer(env, "NOTIFICATION_POLL_MS", 5_000, 100, 10 * 60_000),
      maxAttempts: integer(env, "NOTIFICATION_MAX_ATTEMPTS", 8, 1, 50),
    },
    drafts: draftConfig(env),
    companyNames: { ...DEFAULT_COMPANY_NAMES },
    channelNames: { ...DEFAULT_CHANNEL_NAMES },
    contentDir: path.resolve(text(env, "KALINGA_CONTENT_DIR") ?? path.join(serverRoot, "content")),
    noticeFile: text(env, "KALINGA_NOTICE_FILE"),
    widgetDir: path.resolve(
      text(env, "KALINGA_WIDGET_DIR") ?? path.join(repositoryRoot, "apps/web/dist"),
    ),
    portal: portalSettings(env, production, demoModes.demo),
    consoleDir: path.resolve(
      text(env, "KALINGA_CONSOLE_DIR") ?? path.join(repositoryRoot, "apps/console/dist"),
    ),
    ...demoModes,
    demoPoliciesFile:
      flag(env, "KALINGA_DEMO", false) && flag(env, "KALINGA_DEMO_POLICIES", false)
        ? path.join(serverRoot, "demo", "policies.csv")
        : null,
    demoApiKey: text(env, "KALINGA_DEMO_API_KEY") ?? (apiKeys[0] as string),
    insurer: insurerSettings(env, production, demoModes.demo, apiKeys),
    now: () => new Date(),
  };
  // Documents go under the data folder by default and never inside a folder the server serves.
  const documents = loadDocumentConfig(env, {
    dataDir: settings.dataDir,
    servedDirs: [settings.widgetDir, settings.contentDir, settings.consoleDir],
  });
  const config = { ...settings, documents };
  refuseUnsafeRunMode(config);
  return config;
}
