import { describe, expect, test } from "vitest";
import { ConfigError } from "../src/config/config-values.ts";
import { loadConfig } from "../src/config.ts";
import { PRODUCTION_ENV } from "./support/test-app.ts";

// Configuration from the environment: documented defaults, and a clear refusal of bad values.

describe("loadConfig", () => {
  test("development defaults", () => {
    const config = loadConfig({});
    expect(config.mode).toBe("development");
    expect(config.port).toBe(8080);
    expect(config.host).toBe("0.0.0.0");
    expect(config.databaseUrl).toBeNull();
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.apiKeys).toEqual(["kalinga-dev-key"]);
    expect(config.secret).toBeNull();
    expect(config.otp).toEqual({
      ttlSeconds: 300,
      resendWaitSeconds: 120,
      sendsPerClaim: 4,
      wrongGuessesPerCode: 5,
      mobileDailyLimit: 10,
      provenDeviceDailyLimit: 10,
      mobileDailyCeiling: 30,
      provenDeviceDays: 365,
      exhaustedNumberLockHours: 24,
      sendAddressLimit: 30,
      sendAddressWindowSeconds: 600,
      sendAddressCeiling: 300,
      sendHourlyLimit: 2_000,
    });
    expect(config.claimStart).toEqual({ addressLimit: 30, addressWindowSeconds: 600 });
    expect(config.challenge).toEqual({ startWork: 2_000, maxWork: 50_000, ttlSeconds: 300 });
    expect(config.failedToken).toEqual({ addressLimit: 100, addressWindowSeconds: 600 });
    expect(config.trustedProxies).toEqual([]);
    expect(config.token).toEqual({ idleSeconds: 1800, maxAgeSeconds: 43_200 });
    expect(config.sms).toEqual({ provider: "outbox" });
    expect(config.drafts).toEqual({ expiryDays: 30, reminderDaysBefore: 7 });
    // Without KALINGA_DEMO=true (set by npm start) no development feature is served.
    expect(config.demo).toBe(false);
    expect(config.demoPages).toBe(false);
    expect(config.allowedOrigins).toEqual([]);
    expect(config.widgetDir).toMatch(/apps\/web\/dist$/);
    // No built-in key outside demo mode: the integration API is off until KALINGA_INSURER_KEYS.
    expect(config.insurer).toEqual({
      keys: [],
      requirementDueDays: 90,
      reopenDays: 90,
      serviceLevelDays: { Death: 30, Living: 15 },
      statusPageUrl: null,
      webhook: null,
    });
    expect(config.consoleDir).toMatch(/apps\/console\/dist$/);
  });

  test("the development portal secret and insurer key: in demo mode only, off in every other mode until set", () => {
    const demo = loadConfig({ KALINGA_DEMO: "true" });
    expect(demo.portal).toEqual({
      issuer: "kalinga-demo-portal",
      audience: "kalinga",
      key: { kind: "secret", secret: "kalinga-development-portal-secret-0123456789" },
    });
    expect(demo.insurer.keys).toEqual(["kalinga-dev-insurer-key"]);
    for (const env of [{}, { NODE_ENV: "test" }, { KALINGA_DEMO: "false" }, PRODUCTION_ENV]) {
      expect(loadConfig(env).portal, JSON.stringify(env)).toBeNull();
    }
    expect(loadConfig({ NODE_ENV: "test" }).insurer.keys).toEqual([]);
    // Set by hand on a staging server, the published secret and key are refused outright.
    expect(() =>
      loadConfig({
        KALINGA_PORTAL_SECRET: "kalinga-development-portal-secret-0123456789",
        KALINGA_PORTAL_ISSUER: "kalinga-demo-portal",
      }),
    ).toThrow(/KALINGA_PORTAL_SECRET: the development secret is published/);
    expect(() => loadConfig({ KALINGA_INSURER_KEYS: "kalinga-dev-insurer-key" })).toThrow(
      /KALINGA_INSURER_KEYS: the development key is published/,
    );
    // A demo server given its own secret and key uses them instead.
    expect(
      loadConfig({
        KALINGA_DEMO: "true",
        KALINGA_PORTAL_SECRET: "q".repeat(32),
        KALINGA_PORTAL_ISSUER: "https://portal.example",
        KALINGA_INSURER_KEYS: "own-insurer-key",
      }),
    ).toMatchObject({
      portal: { issuer: "https://portal.example", key: { kind: "secret", secret: "q".repeat(32) } },
      insurer: { keys: ["own-insurer-key"] },
    });
  });

  test("the portal assertions: a configured secret in production, and its mistakes", () => {
    const secret = "p".repeat(32);
    expect(
      loadConfig({
        ...PRODUCTION_ENV,
        KALINGA_PORTAL_SECRET: secret,
        KALINGA_PORTAL_ISSUER: "https://portal.example",
      }).portal,
    ).toEqual({
      issuer: "https://portal.example",
      audience: "kalinga",
      key: { kind: "secret", secret },
    });
    expect(() =>
      loadConfig({ KALINGA_PORTAL_SECRET: "short", KALINGA_PORTAL_ISSUER: "x" }),
    ).toThrow(/32 characters/);
    expect(() => loadConfig({ KALINGA_PORTAL_SECRET: secret })).toThrow(
      /KALINGA_PORTAL_ISSUER is required/,
    );
    expect(() =>
      loadConfig({
        KALINGA_PORTAL_SECRET: secret,
        KALINGA_PORTAL_JWKS_URL: "https://portal.example/jwks",
      }),
    ).toThrow(/not both/);
  });

  test("a webhook needs its secret, and https in production", () => {
    const url = "https://core.insurer.example/kalinga-events";
    const secret = "w".repeat(32);
    expect(
      loadConfig({ INSURER_WEBHOOK_URL: url, INSURER_WEBHOOK_SECRET: secret }).insurer.webhook,
    ).toEqual({
      url,
      secret,
      // Outside production a local endpoint is allowed (decision 0065).
      allowPrivate: true,
    });
    expect(() => loadConfig({ INSURER_WEBHOOK_URL: url })).toThrow(/INSURER_WEBHOOK_SECRET/);
    expect(() => loadConfig({ INSURER_WEBHOOK_URL: url, INSURER_WEBHOOK_SECRET: "short" })).toThrow(
      /at least 32 characters/,
    );
    expect(() =>
      loadConfig({
        ...PRODUCTION_ENV,
        INSURER_WEBHOOK_URL: "http://core.insurer.example/hooks",
        INSURER_WEBHOOK_SECRET: secret,
      }),
    ).toThrow(/must be https in production/);
  });

  const production = { ...PRODUCTION_ENV, KALINGA_SECRET: "s".repeat(32) };

  test.each([
    [{ NODE_ENV: "production" }, /KALINGA_API_KEYS is required in production/],
    [{ ...production, KALINGA_API_KEYS: "short" }, /at least 16 characters/],
    [{ NODE_ENV: "production", KALINGA_API_KEYS: "k".repeat(16) }, /KALINGA_SECRET is required/],
    [{ KALINGA_SECRET: "too-short" }, /KALINGA_SECRET must have at least 32/],
    [{ ...production, KALINGA_INSURER_KEYS: "" }, /KALINGA_INSURER_KEYS is required in production/],
    [
      { ...production, KALINGA_INSURER_KEYS: "kalinga-dev-insurer-key" },
      /KALINGA_INSURER_KEYS: each key needs at least 32 characters/,
    ],
    [
      { KALINGA_API_KEYS: "shared-key", KALINGA_INSURER_KEYS: "shared-key" },
      /KALINGA_INSURER_KEYS must not repeat a key of KALINGA_API_KEYS/,
    ],
    [{ REQUIREMENT_DUE_DAYS: "0" }, /REQUIREMENT_DUE_DAYS must be between 1 and 365, got 0/],
    [{ KALINGA_STATUS_PAGE_URL: "claims page" }, /KALINGA_STATUS_PAGE_URL must be an http/],
    [{ OTP_TTL_SECONDS: "601" }, /OTP_TTL_SECONDS must be between 1 and 600, got 601/],
    [{ OTP_TTL_SECONDS: "5m" }, /OTP_TTL_SECONDS must be a whole number/],
    [
      { OTP_EXHAUSTED_NUMBER_LOCK_HOURS: "169" },
      /OTP_EXHAUSTED_NUMBER_LOCK_HOURS must be between 0 and 168, got 169/,
    ],
    [{ PORT: "http" }, /PORT must be a whole number/],
    [{ DRAFT_EXPIRY_DAYS: "0" }, /DRAFT_EXPIRY_DAYS must be between 1 and 365, got 0/],
    [
      { DRAFT_EXPIRY_DAYS: "5", DRAFT_REMINDER_DAYS_BEFORE: "5" },
      /DRAFT_REMINDER_DAYS_BEFORE must be less than DRAFT_EXPIRY_DAYS \(5\), got 5/,
    ],
    [{ NODE_ENV: "staging" }, /NODE_ENV must be development, test or production/],
    [{ SMS_PROVIDER: "carrier-pigeon" }, /SMS_PROVIDER must be outbox or http/],
    [{ SMS_PROVIDER: "http", SMS_HTTP_TOKEN: "t" }, /SMS_HTTP_URL is required/],
    [
      { SMS_PROVIDER: "http", SMS_HTTP_URL: "ftp://x", SMS_HTTP_TOKEN: "t" },
      /SMS_HTTP_URL must be an http/,
    ],
    [{ SMS_PROVIDER: "http", SMS_HTTP_URL: "https://sms.example" }, /SMS_HTTP_TOKEN is required/],
    [{ KALINGA_ALLOWED_ORIGINS: "https://ok.example,not a url" }, /is not an origin/],
    [{ KALINGA_ALLOWED_ORIGINS: "https://ok.example/path" }, /must be an origin only/],
    [{ KALINGA_DEMO_PAGES: "maybe" }, /KALINGA_DEMO_PAGES must be true or false/],
    [{ KALINGA_DEMO: "maybe" }, /KALINGA_DEMO must be true or false/],
    [{ KALINGA_DEMO_PAGES: "true" }, /KALINGA_DEMO_PAGES=true needs KALINGA_DEMO=true/],
    [
      { ...production, KALINGA_DEMO: "true" },
      /KALINGA_DEMO=true cannot run with NODE_ENV=production/,
    ],
    [{ ...production, KALINGA_DEMO_PAGES: "true" }, /KALINGA_DEMO_PAGES=true needs KALINGA_DEMO/],
    [{ ...production, SMS_PROVIDER: "" }, /SMS_PROVIDER must be http in production/],
    [{ ...production, SMS_PROVIDER: "outbox" }, /SMS_PROVIDER must be http in production/],
    [{ ...production, EMAIL_PROVIDER: "" }, /EMAIL_PROVIDER must be smtp in production/],
    [{ ...production, EMAIL_PROVIDER: "outbox" }, /EMAIL_PROVIDER must be smtp in production/],
    [{ TOKEN_IDLE_SECONDS: "7200", TOKEN_MAX_AGE_SECONDS: "3600" }, /cannot be longer/],
    [
      { KALINGA_TRUST_PROXY: "true" },
      /KALINGA_TRUST_PROXY is no longer read.*KALINGA_TRUSTED_PROXIES=10\.0\.0\.0\/8/,
    ],
    [
      { KALINGA_TRUST_PROXY: "2" },
      /list your load balancers' addresses in KALINGA_TRUSTED_PROXIES/,
    ],
    [
      { KALINGA_TRUSTED_PROXIES: "10.0.0.0/8,*" },
      /KALINGA_TRUSTED_PROXIES: "\*" is not an IP address, a CIDR range/,
    ],
    [{ KALINGA_TRUSTED_PROXIES: "10.0.0.0/33" }, /"10\.0\.0\.0\/33" is not an IP address/],
    [{ KALINGA_TRUSTED_PROXIES: "lb.internal" }, /"lb\.internal" is not an IP address/],
    [
      { OTP_ADDRESS_LIMIT: "30" },
      /OTP_ADDRESS_LIMIT is no longer read: .*set OTP_SEND_ADDRESS_LIMIT/,
    ],
    [{ OTP_ADDRESS_WINDOW_SECONDS: "600" }, /set OTP_SEND_ADDRESS_WINDOW_SECONDS instead/],
    [{ OTP_SEND_ADDRESS_LIMIT: "0" }, /OTP_SEND_ADDRESS_LIMIT must be between 1 and/],
    [
      { CHALLENGE_START_WORK: "900", CHALLENGE_MAX_WORK: "800" },
      /CHALLENGE_MAX_WORK must be between 900 and/,
    ],
    [{ OTP_SEND_HOURLY_LIMIT: "0" }, /OTP_SEND_HOURLY_LIMIT must be between 1 and/],
    [{ FAILED_TOKEN_ADDRESS_LIMIT: "many" }, /FAILED_TOKEN_ADDRESS_LIMIT must be a whole number/],
    [
      {
        OTP_MOBILE_DAILY_LIMIT: "10",
        OTP_PROVEN_DEVICE_DAILY_LIMIT: "10",
        OTP_MOBILE_DAILY_CEILING: "19",
      },
      /OTP_MOBILE_DAILY_CEILING must be at least OTP_MOBILE_DAILY_LIMIT \+ OTP_PROVEN_DEVICE_DAILY_LIMIT \(20\)/,
    ],
  ])("refuses %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  test("production with its key and secret: no demo pages, the given keys only", () => {
    const config = loadConfig({
      ...production,
      KALINGA_API_KEYS: "insurer-key-000001, insurer-key-000002",
    });
    expect(config.apiKeys).toEqual(["insurer-key-000001", "insurer-key-000002"]);
    expect(config.demo).toBe(false);
    expect(config.demoPages).toBe(false);
    expect(config.demoApiKey).toBe("insurer-key-000001");
  });

  test("KALINGA_DEMO=true turns the development features and demo pages on outside production", () => {
    expect(loadConfig({ KALINGA_DEMO: "true" })).toMatchObject({ demo: true, demoPages: true });
    expect(loadConfig({ NODE_ENV: "test", KALINGA_DEMO: "1" })).toMatchObject({
      demo: true,
      demoPages: true,
    });
    expect(loadConfig({ KALINGA_DEMO: "true", KALINGA_DEMO_PAGES: "false" })).toMatchObject({
      demo: true,
      demoPages: false,
    });
    expect(loadConfig({ NODE_ENV: "test" })).toMatchObject({ demo: false, demoPages: false });
  });

  test("the http SMS provider and the other settings", () => {
    const config = loadConfig({
      SMS_PROVIDER: "http",
      SMS_HTTP_URL: "https://sms.example/send",
      SMS_HTTP_TOKEN: "abc",
      KALINGA_ALLOWED_ORIGINS: "https://www.kalinga-life.example/",
      KALINGA_TRUSTED_PROXIES: "10.0.0.0/8, 127.0.0.1,fd00::/8,loopback",
      KALINGA_TRUST_PROXY: "false",
      OTP_SEND_ADDRESS_LIMIT: "50",
      CLAIM_START_ADDRESS_LIMIT: "70",
      FAILED_TOKEN_ADDRESS_WINDOW_SECONDS: "60",
      OTP_RESEND_WAIT_SECONDS: "0",
      OTP_SEND_ADDRESS_CEILING: "500",
      OTP_SEND_HOURLY_LIMIT: "900",
      CHALLENGE_START_WORK: "10",
      CHALLENGE_MAX_WORK: "20",
      CHALLENGE_TTL_SECONDS: "60",
    });
    expect(config.sms).toEqual({
      provider: "http",
      url: "https://sms.example/send",
      token: "abc",
      senderName: "KALINGA",
      timeoutMs: 10_000,
    });
    expect(config.allowedOrigins).toEqual(["https://www.kalinga-life.example"]);
    expect(config.trustedProxies).toEqual(["10.0.0.0/8", "127.0.0.1", "fd00::/8", "loopback"]);
    expect(config.otp.sendAddressLimit).toBe(50);
    expect(config.claimStart.addressLimit).toBe(70);
    expect(config.failedToken).toEqual({ addressLimit: 100, addressWindowSeconds: 60 });
    expect(config.otp.resendWaitSeconds).toBe(0);
    expect(config.otp.sendAddressCeiling).toBe(500);
    expect(config.otp.sendHourlyLimit).toBe(900);
    expect(config.challenge).toEqual({ startWork: 10, maxWork: 20, ttlSeconds: 60 });
  });
});

describe("metrics and traces (decision 0104)", () => {
  test("off by default, the listener on loopback", () => {
    const config = loadConfig({});
    expect(config.metrics).toEqual({
      port: null,
      host: "127.0.0.1",
      token: null,
      cacheSeconds: 15,
    });
    expect(config.tracing.endpoint).toBeNull();
  });

  test("the collector's URL from Kalinga's variable first, then the standard one", () => {
    const standard = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/" };
    expect(loadConfig(standard).tracing.endpoint).toBe("http://collector:4318");
    const both = { ...standard, KALINGA_OTEL_EXPORTER_OTLP_ENDPOINT: "https://otel.example:4318" };
    expect(loadConfig(both).tracing.endpoint).toBe("https://otel.example:4318");
  });

  test("bad values are refused, naming the variable", () => {
    expect(() => loadConfig({ KALINGA_METRICS_TOKEN: "short" })).toThrow(/KALINGA_METRICS_TOKEN/);
    expect(() => loadConfig({ KALINGA_METRICS_PORT: "http" })).toThrow(/KALINGA_METRICS_PORT/);
    expect(() => loadConfig({ KALINGA_METRICS_CACHE_SECONDS: "9999" })).toThrow(ConfigError);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT must be an http\(s\) URL/,
    );
  });
});
