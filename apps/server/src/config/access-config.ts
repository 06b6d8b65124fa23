import { ConfigError, type Env, flag, list, text } from "./config-values.ts";
import { trustedProxyEntryProblem } from "./trusted-proxies.ts";

// Who may call the server: the widget's keys, the server's secret, the proxies it believes.

export const DEVELOPMENT_API_KEY = "kalinga-dev-key";
const MIN_SECRET_LENGTH = 32;
const MIN_PRODUCTION_API_KEY_LENGTH = 16;

/** Variables whose meaning changed: a deployment that still sets them is told what to set instead. */
const RETIRED_VARIABLES: Record<string, string> = {
  OTP_ADDRESS_LIMIT:
    "OTP calls are no longer counted per address: set OTP_SEND_ADDRESS_LIMIT (SMS sends per address) instead",
  OTP_ADDRESS_WINDOW_SECONDS: "set OTP_SEND_ADDRESS_WINDOW_SECONDS instead",
};

export function refuseRetiredVariables(env: Env): void {
  for (const [name, instead] of Object.entries(RETIRED_VARIABLES)) {
    if (text(env, name) !== null) throw new ConfigError(`${name} is no longer read: ${instead}.`);
  }
}

/** KALINGA_API_KEYS, or the development key when none is set outside production. */
export function widgetApiKeys(env: Env, production: boolean): string[] {
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
  return apiKeys;
}

export function serverSecret(env: Env, production: boolean): string | null {
  const secret = text(env, "KALINGA_SECRET");
  if (production && secret === null) {
    throw new ConfigError("KALINGA_SECRET is required in production (32 characters or more).");
  }
  if (secret !== null && secret.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(`KALINGA_SECRET must have at least ${MIN_SECRET_LENGTH} characters.`);
  }
  return secret;
}

export function trustedProxies(env: Env): string[] {
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

/** DATABASE_MIGRATION_URL is the owner role of DATABASE_URL's tables; it means nothing alone. */
export function databaseMigrationUrl(env: Env): string | null {
  const url = text(env, "DATABASE_MIGRATION_URL");
  if (url !== null && text(env, "DATABASE_URL") === null) {
    throw new ConfigError(
      "DATABASE_MIGRATION_URL needs DATABASE_URL (the server's own role); the embedded database has one role.",
    );
  }
  return url;
}

/**
 * KALINGA_MIGRATE_ON_START: whether the server applies the migrations at start-up. Yes by default,
 * except in production on PostgreSQL, where `npm run migrate` applies them as the owner role before
 * the servers start, and a server only checks that none is missing (docs/decisions/0105).
 */
export function migrateOnStart(env: Env, production: boolean): boolean {
  return flag(env, "KALINGA_MIGRATE_ON_START", !(production && text(env, "DATABASE_URL") !== null));
}
