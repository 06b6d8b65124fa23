import path from "node:path";
import { fileURLToPath } from "node:url";
import { type ChannelId, DEFAULT_CHANNEL_NAMES } from "@kalinga/domain/channel";
import {
  databaseMigrationUrl,
  migrateOnStart,
  refuseRetiredVariables,
  serverSecret,
  trustedProxies,
  widgetApiKeys,
} from "./config/access-config.ts";
import { type CompanySettings, companySettings } from "./config/company-settings.ts";
import { type Env, flag, integer, origins, text } from "./config/config-values.ts";
import { type DocumentConfig, loadDocumentConfig } from "./config/document-config.ts";
import { type DocumentEncryption, loadDocumentEncryption } from "./config/document-key-config.ts";
import { type InsurerConfig, insurerSettings } from "./config/insurer-config.ts";
import {
  type AddressLimit,
  addressLimits,
  type ChallengeConfig,
  challengeConfig,
  type DraftConfig,
  draftConfig,
  type OtpConfig,
  otpConfig,
  type TokenConfig,
  tokenConfig,
} from "./config/limits-config.ts";
import {
  type EmailConfig,
  emailConfig,
  type NotificationConfig,
  notificationConfig,
  type SmsConfig,
  smsConfig,
} from "./config/notification-config.ts";
import {
  type MetricsConfig,
  metricsConfig,
  type TracingConfig,
  tracingConfig,
} from "./config/observability-config.ts";
import type { PortalConfig } from "./config/portal-config.ts";
import { portalSettings } from "./config/portal-config.ts";
import { type RetentionJobSettings, retentionConfig } from "./config/retention-config.ts";
import {
  demoSettings,
  type RunMode,
  refuseUnsafeRunMode,
  runMode,
} from "./config/run-mode-config.ts";

// Every setting of the server comes from the environment through loadConfig; docs/server.md lists
// each variable with its default. Bad values stop the start-up with a message naming the variable.
// Each topic's settings are read in its own file under config/.

export type ServerConfig = {
  mode: RunMode;
  port: number;
  host: string;
  /** PostgreSQL when set; otherwise embedded PGlite in dataDir. */
  databaseUrl: string | null;
  /** DATABASE_MIGRATION_URL: the owner role that migrates and grants databaseUrl's role its rights. */
  databaseMigrationUrl: string | null;
  /** KALINGA_MIGRATE_ON_START: migrate at start-up, or only refuse a database behind the code. */
  migrateOnStart: boolean;
  dataDir: string;
  apiKeys: string[];
  /** Keys OTP hashes and rate-limit buckets; null means "generate one and keep it in dataDir". */
  secret: string | null;
  /** Origins of the insurer pages that embed the widget (CORS and frame-ancestors). */
  allowedOrigins: string[];
  /** Load balancers (addresses, CIDR ranges) whose X-Forwarded-For and X-Request-Id are believed. */
  trustedProxies: string[];
  logLevel: string;
  otp: OtpConfig;
  /** Claims one client address starts per window before each further start needs a challenge. */
  claimStart: AddressLimit;
  challenge: ChallengeConfig;
  /** Calls with an unknown or expired token one address may make per window; valid tokens never count. */
  failedToken: AddressLimit;
  /** Console password tries one client address may make per window, across all e-mails. */
  staffSignIn: AddressLimit;
  token: TokenConfig;
  sms: SmsConfig;
  email: EmailConfig;
  notifications: NotificationConfig;
  /** The insurer integration API and the claim lifecycle (docs/decisions/0050–0052). */
  insurer: InsurerConfig;
  drafts: DraftConfig;
  /** How long claims are kept, and whether the job only reports (RETENTION_*, decisions 0106, 0111). */
  retention: RetentionJobSettings;
  /** Document store and upload limits (DOCUMENT_*, KALINGA_DOCUMENTS_DIR, KALINGA_S3_*). */
  documents: DocumentConfig;
  /** Who encrypts the documents at rest, with which keys (KALINGA_DOCUMENT_*, decision 0099). */
  documentEncryption: DocumentEncryption;
  /** Where the companies' table is seeded from and how often it is re-read (decision 0083). */
  companies: CompanySettings;
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
  /** Where the Prometheus metrics are served (decision 0104). */
  metrics: MetricsConfig;
  /** Where OpenTelemetry traces go, when anywhere (decision 0104). */
  tracing: TracingConfig;
  /** The clock every time rule reads; tests move it instead of sleeping. */
  now: () => Date;
};

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const repositoryRoot = path.resolve(serverRoot, "../..");

/** The folders the server reads its pages and texts from. */
function servedFolders(env: Env) {
  return {
    contentDir: path.resolve(text(env, "KALINGA_CONTENT_DIR") ?? path.join(serverRoot, "content")),
    widgetDir: path.resolve(
      text(env, "KALINGA_WIDGET_DIR") ?? path.join(repositoryRoot, "apps/web/dist"),
    ),
    consoleDir: path.resolve(
      text(env, "KALINGA_CONSOLE_DIR") ?? path.join(repositoryRoot, "apps/console/dist"),
    ),
  };
}

/** Reads the environment into a typed configuration; throws ConfigError on the first bad value. */
export function loadConfig(env: Env = process.env): ServerConfig {
  refuseRetiredVariables(env);
  const mode = runMode(env);
  const production = mode === "production";
  const demoModes = demoSettings(env, production);
  const apiKeys = widgetApiKeys(env, production);
  const secret = serverSecret(env, production);
  const token = tokenConfig(env);
  const otp = otpConfig(env);
  const { claimStart, failedToken, staffSignIn } = addressLimits(env);
  const drafts = draftConfig(env);
  const settings = {
    mode,
    port: integer(env, "PORT", 8080, 0, 65_535),
    host: text(env, "HOST") ?? "0.0.0.0",
    databaseUrl: text(env, "DATABASE_URL"),
    databaseMigrationUrl: databaseMigrationUrl(env),
    migrateOnStart: migrateOnStart(env, production),
    dataDir: path.resolve(text(env, "KALINGA_DATA_DIR") ?? "data"),
    apiKeys,
    secret,
    allowedOrigins: origins(env, "KALINGA_ALLOWED_ORIGINS"),
    trustedProxies: trustedProxies(env),
    logLevel: text(env, "LOG_LEVEL") ?? (mode === "test" ? "silent" : "info"),
    otp,
    claimStart,
    challenge: challengeConfig(env),
    failedToken,
    staffSignIn,
    token,
    sms: smsConfig(env),
    email: emailConfig(env, production),
    notifications: notificationConfig(env),
    drafts,
    retention: retentionConfig(env, drafts.expiryDays),
    companies: companySettings(env, serverRoot),
    channelNames: { ...DEFAULT_CHANNEL_NAMES },
    noticeFile: text(env, "KALINGA_NOTICE_FILE"),
    ...servedFolders(env),
    portal: portalSettings(env, production, demoModes.demo),
    ...demoModes,
    demoPoliciesFile:
      flag(env, "KALINGA_DEMO", false) && flag(env, "KALINGA_DEMO_POLICIES", false)
        ? path.join(serverRoot, "demo", "policies.csv")
        : null,
    demoApiKey: text(env, "KALINGA_DEMO_API_KEY") ?? (apiKeys[0] as string),
    documentEncryption: loadDocumentEncryption(env, production),
    insurer: insurerSettings(env, production, demoModes.demo, apiKeys),
    metrics: metricsConfig(env),
    tracing: tracingConfig(env),
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
