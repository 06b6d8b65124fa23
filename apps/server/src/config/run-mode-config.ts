import { ConfigError, type Env, flag, text } from "./config-values.ts";

// The run mode and the demo switches, and what a production server must never run with.

export type RunMode = "development" | "test" | "production";

export function runMode(env: Env): RunMode {
  const raw = text(env, "NODE_ENV") ?? "development";
  if (raw === "development" || raw === "test" || raw === "production") return raw;
  throw new ConfigError(`NODE_ENV must be development, test or production, got "${raw}".`);
}

/**
 * Development features are opt-in: a server started any other way than by the demo command
 * (`npm start`, which sets KALINGA_DEMO=true) serves no outbox, claim record or demo page.
 */
export function demoSettings(env: Env, production: boolean): { demo: boolean; demoPages: boolean } {
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
export function refuseUnsafeRunMode(config: {
  mode: RunMode;
  demo: boolean;
  demoPages: boolean;
  sms: { provider: string };
  email: { provider: string };
}): void {
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

/** What a started server has switched off for want of a setting: said once at start-up. */
export function startupWarnings(config: {
  portal: unknown;
  insurer: { keys: readonly string[] };
}): string[] {
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
