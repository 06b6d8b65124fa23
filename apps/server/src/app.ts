import { randomUUID } from "node:crypto";
import zlib from "node:zlib";
import fastifyCompress from "@fastify/compress";
import type { ChannelId } from "@kalinga/domain/channel";
import type { ClaimCallName } from "@kalinga/domain/claim-calls";
import Fastify, { type FastifyInstance, type RouteOptions } from "fastify";
import { addLifecycleHooks } from "./app-hooks.ts";
import { createAppMetrics, serveMetrics } from "./app-metrics.ts";
import { claimCalls } from "./claims/claim-calls.ts";
import { claimLocales } from "./claims/claim-locale.ts";
import { devClaimRoutes } from "./claims/dev-claim-routes.ts";
import { type CompanyDirectory, createCompanyDirectory } from "./companies/company-directory.ts";
import { refuseUnsafeRunMode, startupWarnings } from "./config/run-mode-config.ts";
import { trustedProxyCheck } from "./config/trusted-proxies.ts";
import type { ServerConfig } from "./config.ts";
import { consolePages } from "./console/console-pages.ts";
import { consoleRoutes } from "./console/console-routes.ts";
import { CONSOLE_ISSUER, createStaffAccounts } from "./console/staff-accounts.ts";
import { createStaffSessions } from "./console/staff-sessions.ts";
import { createSignInThrottle } from "./console/staff-sign-in.ts";
import { contentRoutes } from "./content/content-routes.ts";
import { createContentStore, SUPPORTED_LOCALES } from "./content/content-store.ts";
import { type ContentTexts, widgetTexts } from "./content/content-texts.ts";
import { type LocaleCatalogues, readLocaleCatalogues } from "./content/locale-catalogues.ts";
import { servedNotice } from "./content/notice-repository.ts";
import { previewPlace } from "./content/preview-token.ts";
import type { Database } from "./db/database.ts";
import { auditLogOverreach, prepareDatabase } from "./db/database-roles.ts";
import { readMigrations, refuseDatabaseBehind } from "./db/migrate.ts";
import { openDatabase } from "./db/open-database.ts";
import { checkSharedSecret } from "./db/secret-fingerprint.ts";
import { demoRoutes, widgetRoutes } from "./demo/demo-routes.ts";
import { documentCalls } from "./documents/document-calls.ts";
import type { DocumentStore } from "./documents/document-store.ts";
import { openDocumentStore } from "./documents/open-document-store.ts";
import { draftCalls } from "./drafts/draft-calls.ts";
import { emailOutboxRoutes } from "./email/email-outbox-routes.ts";
import { createOutboxEmailSender } from "./email/outbox-email-sender.ts";
import { createSmtpEmailSender } from "./email/smtp-email-sender.ts";
import { healthRoutes } from "./health/health-routes.ts";
import { CLAIM_API_PREFIX, claimCallRoutes } from "./http/claim-call-routes.ts";
import { registerApiCors } from "./http/cors.ts";
import {
  frameworkErrorHandler,
  handleClientError,
  installErrorHandlers,
} from "./http/error-handler.ts";
import { registerSecurityHeaders } from "./http/security-headers.ts";
import { widgetOriginRoutes } from "./http/widget-origin.ts";
import { insurerApiOff } from "./insurer/insurer-api-off.ts";
import { insurerRoutes } from "./insurer/insurer-routes.ts";
import { createLifecycleService, type LifecycleService } from "./lifecycle/lifecycle-service.ts";
import { type LogStream, loggerOptions } from "./logging.ts";
import type { ServerMetrics } from "./metrics/server-metrics.ts";
import {
  type MessageWordsOf,
  messageWordsOf,
  useMessageCatalogues,
} from "./notifications/message-locale.ts";
import {
  createNotificationWorker,
  type NotificationWorker,
} from "./notifications/notification-worker.ts";
import { claimOpenApiRoute } from "./openapi/openapi-routes.ts";
import { otpCalls } from "./otp/otp-calls.ts";
import { createOtpService, type OtpService } from "./otp/otp-service.ts";
import { agentClaimsCalls } from "./policies/agent-claims-report.ts";
import { policyCalls } from "./policies/policy-calls.ts";
import { importPolicies } from "./policies/policy-import.ts";
import { ratingCalls } from "./ratings/rating-calls.ts";
import { resolveSecret } from "./server-secret.ts";
import { createHttpSmsSender } from "./sms/http-sms-sender.ts";
import { outboxRoutes } from "./sms/outbox-routes.ts";
import { createOutboxSmsSender } from "./sms/outbox-sms-sender.ts";
import { submissionCalls } from "./submission/submission-calls.ts";
import { trackingCalls } from "./tracking/tracking-calls.ts";
import { createWebhookSender, queueClaimEventWebhooks } from "./webhooks/claim-event-webhooks.ts";

// The Kalinga service as a Fastify instance that does not listen: main.ts starts it, tests call
// inject() or listen on port 0. Plugins load in order: cross-cutting HTTP rules, then features.

export type AppOptions = {
  /** A database the caller owns (tests share one per file); otherwise one is opened and closed here. */
  database?: Database;
  /** Where log lines go (tests capture them); standard output otherwise. */
  logStream?: LogStream;
  /** Told of every route as it is added (the OpenAPI test lists them). */
  onRoute?: (route: RouteOptions) => void;
};

const SAFE_REQUEST_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

type PreparedDatabase = {
  db: Database;
  ownsDatabase: boolean;
  migrations: Awaited<ReturnType<typeof readMigrations>>;
  secret: string;
  /** Where documents are kept, encrypted unless the store encrypts on its own. */
  documentStore: DocumentStore;
  /** Rights the server's role holds on the audit log beyond adding and reading (PostgreSQL only). */
  overreach: string[];
};

/** Opens (or takes) the database, migrates (or checks) it, resolves the secret and the document keys; closes what it opened on failure. */
async function prepareStorage(
  config: ServerConfig,
  options: AppOptions,
): Promise<PreparedDatabase> {
  const db = options.database ?? (await openDatabase(config));
  const ownsDatabase = options.database === undefined;
  try {
    const migrations = await readMigrations();
    if (config.migrateOnStart) await prepareDatabase(db, config, migrations);
    else await refuseDatabaseBehind(db, migrations);
    const overreach = db.kind === "postgres" ? await auditLogOverreach(db) : [];
    const secret = await resolveSecret(config);
    await checkSharedSecret(db, secret, config.now());
    const documentStore = await openDocumentStore(config);
    return { db, ownsDatabase, migrations, secret, documentStore, overreach };
  } catch (error) {
    if (ownsDatabase) await db.close();
    throw error;
  }
}

function createFastify(config: ServerConfig, options: AppOptions): FastifyInstance {
  const isTrustedProxy = trustedProxyCheck(config.trustedProxies);
  return Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    // X-Forwarded-For is read from the right while each hop is a listed proxy, so the client
    // address is the last one a trusted proxy saw; a client's own entries are never believed.
    trustProxy:
      config.trustedProxies.length > 0 ? (address: string) => isTrustedProxy(address) : false,
    // A trusted load balancer's request id is kept when it looks like one; a client's never is,
    // so a client cannot write a token or a mobile number into every log line of its requests.
    genReqId: (request) => {
      const incoming = request.headers["x-request-id"];
      const peer = request.socket?.remoteAddress;
      return typeof incoming === "string" &&
        SAFE_REQUEST_ID.test(incoming) &&
        peer !== undefined &&
        isTrustedProxy(peer)
        ? incoming
        : randomUUID();
    },
    bodyLimit: 64 * 1024,
    connectionTimeout: 90_000,
    keepAliveTimeout: 72_000,
    requestTimeout: 60_000,
    return503OnClosing: true,
    forceCloseConnections: "idle",
    // Refusals Fastify and Node make before any hook still carry the security headers.
    frameworkErrors: frameworkErrorHandler(isTrustedProxy),
    clientErrorHandler: handleClientError,
  });
}

/** The SMS and e-mail senders, and the worker that sends the notification queue through them. */
function createSenders(
  app: FastifyInstance,
  db: Database,
  config: ServerConfig,
  metrics: ServerMetrics,
) {
  const sms =
    config.sms.provider === "http"
      ? createHttpSmsSender(config.sms)
      : createOutboxSmsSender(db, config.now);
  const email =
    config.email.provider === "smtp"
      ? createSmtpEmailSender(config.email)
      : createOutboxEmailSender(db, config.email.from, config.now);
  const webhook = config.insurer.webhook;
  const notificationWorker = createNotificationWorker({
    db,
    sms,
    email,
    ...(webhook
      ? {
          webhook: createWebhookSender(webhook, config.now),
          beforeRound: () => queueClaimEventWebhooks(db, config.now()),
        }
      : {}),
    now: config.now,
    log: app.log,
    onOutcome: metrics.delivery,
    maxAttempts: config.notifications.maxAttempts,
    pollIntervalMs: config.notifications.pollIntervalMs,
    leaseMs: config.notifications.leaseMs,
  });
  return { sms, email, notificationWorker };
}

type AppParts = {
  db: Database;
  config: ServerConfig;
  secret: string;
  notificationWorker: NotificationWorker;
  documentStore: DocumentStore;
  otpService: OtpService;
  lifecycle: LifecycleService;
  companies: CompanyDirectory;
  catalogues: LocaleCatalogues;
  texts: ContentTexts;
  /** The claimant's messages' words: the published content of the claim's place (decision 0096). */
  wordsOf: MessageWordsOf;
  metrics: ServerMetrics;
};

/** The claimant's API, its OpenAPI description and the texts. */
async function registerClaimantApi(app: FastifyInstance, parts: AppParts) {
  const { db, config, secret, notificationWorker, documentStore, otpService, lifecycle } = parts;
  const companies = () => parts.companies.companies();
  const locales = claimLocales(db, () => parts.catalogues.list().map((entry) => entry.locale));
  await app.register(claimCallRoutes, {
    prefix: CLAIM_API_PREFIX,
    db,
    config,
    secret,
    companies,
    metrics: parts.metrics,
    recordCallLocale: locales.recordCallLocale,
    callLocaleChange: locales.callLocaleChange,
    // Their gate's free hit is part of their one statement (decision 0108).
    gatedByHandler: new Set<ClaimCallName>([
      "initClaimRequest",
      "initClaimTracking",
      "requestOneTimePIN",
      "resetOneTimePIN",
      "requestTrackingOneTimePIN",
    ]),
    handlers: {
      ...claimCalls(db, config, locales),
      ...otpCalls(otpService),
      ...documentCalls(db, config, documentStore),
      ...submissionCalls(db, () => notificationWorker.wake(), parts.wordsOf),
      ...ratingCalls(db),
      ...draftCalls(db, config, secret),
      ...trackingCalls({ db, config, store: documentStore, otpService, lifecycle }),
      ...agentClaimsCalls(db),
      ...policyCalls(db, {
        memberPortal: config.channelNames["member-portal"],
        agentAssist: config.channelNames["agent-assist"],
      }),
    },
  });
  await app.register(claimOpenApiRoute);
  const content = createContentStore({
    contentDir: config.contentDir,
    noticeFile: config.noticeFile,
    companyIds: (await companies()).map((company) => company.id),
  });
  const { catalogues } = parts;
  const scheduledNotice = (company: string, channel: ChannelId) =>
    servedNotice(db, { company, channel, now: config.now() });
  await app.register(contentRoutes, {
    content,
    companies,
    catalogues,
    scheduledNotice,
    texts: parts.texts,
    previewPlace: (token) => previewPlace(secret, token, config.now()),
  });
}

/** The insurer's API, the staff console, and the development and demo pages when asked for. */
async function registerStaffAndDemo(app: FastifyInstance, parts: AppParts) {
  const { db, config, secret, documentStore, lifecycle } = parts;
  if (config.insurer.keys.length > 0) {
    await app.register(insurerRoutes, {
      keys: config.insurer.keys,
      db,
      now: config.now,
      lifecycle,
      documentStore,
      importPolicies: (rows) => importPolicies(db, rows, config.now()),
    });
  } else {
    await app.register(insurerApiOff);
  }
  const staffSessions = createStaffSessions(db);
  const signInThrottle = createSignInThrottle(db, { secret, ...config.staffSignIn });
  await app.register(consoleRoutes, {
    db,
    accounts: createStaffAccounts(db, { serverSecret: secret, issuer: CONSOLE_ISSUER }),
    sessions: staffSessions,
    throttle: signInThrottle,
    lifecycle,
    documentStore,
    serviceLevelDays: config.insurer.serviceLevelDays,
    retention: config.retention,
    companies: parts.companies,
    texts: parts.texts,
    secret,
    secureCookies: config.mode === "production",
    now: config.now,
  });
  await app.register(consolePages, { consoleDir: config.consoleDir });
  // Development features only when the demo command asks for them (docs/decisions/0031).
  if (config.demo) {
    await app.register(outboxRoutes, { db });
    await app.register(emailOutboxRoutes, { db });
    await app.register(devClaimRoutes, { db, now: config.now });
  }
  await app.register(widgetRoutes, { widgetDir: config.widgetDir });
  if (config.demo && config.demoPages) {
    await app.register(demoRoutes, {
      widgetDir: config.widgetDir,
      apiKey: config.demoApiKey,
      allowedOrigins: config.allowedOrigins,
      portal: config.portal,
      now: config.now,
    });
  }
  return { staffSessions, signInThrottle };
}

export async function buildApp(
  config: ServerConfig,
  options: AppOptions = {},
): Promise<FastifyInstance> {
  refuseUnsafeRunMode(config);
  const { db, ownsDatabase, migrations, secret, documentStore, overreach } = await prepareStorage(
    config,
    options,
  );
  const app = createFastify(config, options);

  if (options.onRoute) app.addHook("onRoute", options.onRoute);
  if (overreach.length > 0 && (config.mode === "production" || config.databaseMigrationUrl)) {
    app.log.warn(
      { privileges: overreach },
      "the server's database role can change the audit log: run migrations with DATABASE_MIGRATION_URL and give DATABASE_URL a role of its own",
    );
  }
  // A channel or API left off for want of its secret says so once, where operators look.
  for (const warning of startupWarnings(config)) app.log.warn(warning);

  const metrics = createAppMetrics(db, config);
  serveMetrics(app, metrics, config);
  const { sms, email, notificationWorker } = createSenders(app, db, config, metrics);
  // An S3 client's connections close with the app.
  app.addHook("onClose", async () => documentStore.close?.());
  const catalogues = readLocaleCatalogues(config.contentDir);
  useMessageCatalogues(catalogues);
  const texts = widgetTexts(db, catalogues, {
    ...config,
    warn: (detail, message) => app.log.warn(detail, message),
  });
  const wordsOf = messageWordsOf(texts, config.channelNames);

  // Content and pages leave compressed; the widget's own files are compressed once, at build time.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  registerSecurityHeaders(app);
  const companies = createCompanyDirectory(db, {
    ...config.companies,
    locales: SUPPORTED_LOCALES,
    apiKeys: config.apiKeys,
    now: config.now,
    warn: (detail, message) => app.log.warn(detail, message),
  });
  const listed = async (o: string) =>
    config.allowedOrigins.includes(o) || companies.allowsOrigin(o);
  await registerApiCors(app, listed);
  await app.register(widgetOriginRoutes, { listed });
  installErrorHandlers(app);

  await app.register(healthRoutes, { db, migrations });
  const lifecycle = createLifecycleService(db, config.insurer, config.now, wordsOf);
  const otpService = createOtpService({
    ...{ db, config, secret, sms, wordsOf, metrics },
    companies: () => companies.companies(),
  });
  // A refused seed or set stops the start with its reasons, and closes what was opened here.
  await companies.start().catch(async (error: unknown) => {
    if (ownsDatabase) await db.close();
    throw error;
  });
  const parts = {
    ...{ db, config, secret, notificationWorker, documentStore, otpService },
    ...{
      lifecycle,
      companies,
      ...{ catalogues, texts, wordsOf, metrics },
    },
  };
  await registerClaimantApi(app, parts);
  const staff = await registerStaffAndDemo(app, parts);
  addLifecycleHooks(app, { ...parts, ...staff, ownsDatabase, email });
  return app;
}
