import { randomBytes } from "node:crypto";
import path from "node:path";
import type {
  ClaimCallName,
  ClaimCallRequest,
  ClaimCallResponse,
} from "@kalinga/domain/claim-calls";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { inject } from "vitest";
import { buildApp } from "../../src/app.ts";
import { loadConfig, type ServerConfig } from "../../src/config.ts";
import type { Database } from "../../src/db/database.ts";
import type { LogStream } from "../../src/logging.ts";

// Building blocks for server tests: a configuration with a movable clock, an app on the file's
// database, and the claim calls as the widget makes them.

export const API_KEY = "kalinga-dev-key";
export const TEST_SECRET = "test-secret-that-is-long-enough-0123456789";
/** The documents' key-encryption key of test apps, so no test writes a generated one anywhere. */
const TEST_DOCUMENT_KEYS = `test:${Buffer.alloc(32, 0x5a).toString("base64")}`;
export const basicInformation = { companyName: "Kalinga Life", channelName: "Corporate Website" };
export const MOBILE = "9171234567";
export const MOBILE_63 = "639171234567";

export class TestClock {
  current = new Date("2026-03-02T01:00:00.000Z");
  readonly now = () => new Date(this.current);
  advance(seconds: number) {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

/**
 * What a production configuration must set; the SMS gateway and mail server are addresses nothing
 * listens on, for tests that start a production app without sending.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: "production",
  KALINGA_API_KEYS: "insurer-production-key-1",
  KALINGA_INSURER_KEYS: "core-claims-system-key-0123456789abcdef",
  // The test secret: servers sharing a database must share it, and a test file's apps share one.
  KALINGA_SECRET: TEST_SECRET,
  KALINGA_DOCUMENT_KEYS: `production:${Buffer.alloc(32, 0xa5).toString("base64")}`,
  SMS_PROVIDER: "http",
  SMS_HTTP_URL: "http://127.0.0.1:9/sms",
  SMS_HTTP_TOKEN: "sms-gateway-token",
  EMAIL_PROVIDER: "smtp",
  EMAIL_FROM: "Kalinga Life <claims@kalinga-life.example>",
  SMTP_HOST: "127.0.0.1",
  SMTP_PORT: "9",
} as const;

/** A test server: the development features on (tests read the outboxes), except in production. */
/** Apps of this worker without a documents folder of their own share one bucket prefix. */
const WORKER_PREFIX = `worker-${randomBytes(6).toString("hex")}`;

/**
 * In the server-s3 project, the settings of the run's local bucket: a test's documents folder
 * names its prefix, so its apps (and their restarts) see its documents and no other test's.
 */
function s3DocumentEnv(env: Record<string, string>): Record<string, string> {
  const bucket = inject("s3DocumentEnv");
  if (!bucket) return {};
  const folder = env.KALINGA_DOCUMENTS_DIR;
  return { ...bucket, KALINGA_S3_PREFIX: folder ? path.basename(folder) : WORKER_PREFIX };
}

export function testConfig(
  env: Record<string, string> = {},
  overrides: Partial<ServerConfig> = {},
): ServerConfig {
  const config = loadConfig({
    NODE_ENV: "test",
    KALINGA_SECRET: TEST_SECRET,
    ...(env.KALINGA_DOCUMENT_ENCRYPTION === "store"
      ? {}
      : { KALINGA_DOCUMENT_KEYS: TEST_DOCUMENT_KEYS }),
    KALINGA_DATA_DIR: "/tmp/kalinga-test-unused",
    LOG_LEVEL: "silent",
    ...(env.NODE_ENV === "production" ? {} : { KALINGA_DEMO: "true" }),
    ...s3DocumentEnv(env),
    ...env,
  });
  return { ...config, ...overrides };
}

export async function testApp(
  database: Database,
  config: ServerConfig,
  logStream?: LogStream,
): Promise<FastifyInstance> {
  const app = await buildApp(config, { database, ...(logStream ? { logStream } : {}) });
  await app.ready();
  return app;
}

export type CallOptions = {
  token?: string | null;
  apiKey?: string | null;
  remoteAddress?: string;
  headers?: Record<string, string>;
};

/**
 * A claim call's answer: json() reads the call's success answer; a test reading a refusal names it,
 * json<ClaimCallError>().
 */
export type ClaimCallAnswer<K extends ClaimCallName> = Omit<LightMyRequestResponse, "json"> & {
  json<T = ClaimCallResponse<K>>(): T;
};

/** A claim call as the widget makes it: the body the domain's call table says the call takes. */
export function callClaim<K extends ClaimCallName>(
  app: FastifyInstance,
  call: K,
  body: ClaimCallRequest<K>,
  options: CallOptions = {},
): Promise<ClaimCallAnswer<K>> {
  return callClaimRaw(app, call, body, options);
}

/**
 * A claim call with any body at all, for tests that send what no widget would: malformed, missing
 * or unknown fields, or a call name the table does not have.
 */
export async function callClaimRaw(
  app: FastifyInstance,
  call: string,
  body: unknown,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    ...options.headers,
  };
  const apiKey = options.apiKey === undefined ? API_KEY : options.apiKey;
  if (apiKey !== null) headers["x-api-key"] = apiKey;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return app.inject({
    method: "POST",
    url: `/api/claims/${call}`,
    headers,
    payload: JSON.stringify(body),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** The widget's device key header for a test device named `name` (decision 0062). */
export function onDevice(name: string): { headers: Record<string, string> } {
  return { headers: { "x-kalinga-device": `test-device-${name}`.padEnd(43, "0") } };
}

export type StartedClaim = { webReferenceNumber: string; token: string };

export async function startClaim(
  app: FastifyInstance,
  options: CallOptions = {},
): Promise<StartedClaim> {
  const response = await callClaim(app, "initClaimRequest", { basicInformation }, options);
  if (response.statusCode !== 200) throw new Error(`init answered ${response.statusCode}`);
  const { webReferenceNumber, token } = response.json() as StartedClaim;
  return { webReferenceNumber, token };
}

/** What both code requests carry: the claim (or check) and the Philippine number to send to. */
const codeRequest = (claim: StartedClaim, mobileNumber: string) => ({
  basicInformation,
  webReferenceNumber: claim.webReferenceNumber,
  countryCode: "63" as const,
  mobileNumber,
});

export function requestCode(
  app: FastifyInstance,
  claim: StartedClaim,
  mobileNumber = MOBILE,
  options: CallOptions = {},
) {
  const body = { ...codeRequest(claim, mobileNumber), firstName: "Maria" };
  return callClaim(app, "requestOneTimePIN", body, { token: claim.token, ...options });
}

/** The tracking check's code request (decision 0055): no first name, the claim is not filed here. */
export function requestTrackingCode(
  app: FastifyInstance,
  check: StartedClaim,
  mobileNumber = MOBILE,
  options: CallOptions = {},
) {
  const body = codeRequest(check, mobileNumber);
  return callClaim(app, "requestTrackingOneTimePIN", body, { token: check.token, ...options });
}

export function resendCode(app: FastifyInstance, claim: StartedClaim, options: CallOptions = {}) {
  return callClaim(
    app,
    "resetOneTimePIN",
    { basicInformation, webReferenceNumber: claim.webReferenceNumber },
    { token: claim.token, ...options },
  );
}

export function validateCode(
  app: FastifyInstance,
  claim: StartedClaim,
  oneTimePIN: string,
  options: CallOptions = {},
) {
  return callClaim(
    app,
    "validateOneTimePIN",
    { basicInformation, webReferenceNumber: claim.webReferenceNumber, oneTimePIN },
    { token: claim.token, ...options },
  );
}

export type OutboxMessage = { to: string; text: string; createdAt: string };

export async function outbox(app: FastifyInstance, to = MOBILE_63): Promise<OutboxMessage[]> {
  const response = await app.inject({ method: "GET", url: `/api/dev/outbox?to=${to}` });
  return (response.json() as { messages: OutboxMessage[] }).messages;
}

/**
 * The code of the newest code SMS to a number: the code is written before its call answers, but an
 * acknowledgment the app's own worker sends may come after it.
 */
export async function latestCode(app: FastifyInstance, to = MOBILE_63): Promise<string> {
  const codes = (await outbox(app, to)).map((message) => message.text.match(/\b(\d{6})\b/)?.[1]);
  const code = codes.findLast((found) => found !== undefined);
  if (!code) throw new Error(`No code in the outbox for ${to}`);
  return code;
}

/** A 6-digit code that is not `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, "0");
}
