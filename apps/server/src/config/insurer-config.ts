import { ConfigError, type Env, flag, httpUrl, integer, list, text } from "./config-values.ts";
import { insurerKeyOf, insurerKeysProblem } from "./insurer-key-entries.ts";
import { type WebhookConfig, webhookHostProblem } from "./webhook-address.ts";

// The insurer integration API and the claim lifecycle's settings (docs/decisions/0050–0052).

export type InsurerConfig = {
  /** KALINGA_INSURER_KEYS: Bearer keys of the core claims system, `name:key` or plain; never a widget key. Empty: the API is off. */
  keys: string[];
  requirementDueDays: number;
  reopenDays: number;
  serviceLevelDays: { Death: number; Living: number };
  statusPageUrl: string | null;
  /** INSURER_WEBHOOK_URL and INSURER_WEBHOOK_SECRET: where claim events are posted, signed. */
  webhook: WebhookConfig | null;
};

/** The demo's key of the integration API: published, so it opens the API only in demo mode. */
export const DEVELOPMENT_INSURER_KEY = "kalinga-dev-insurer-key";

export function insurerSettings(
  env: Env,
  production: boolean,
  demo: boolean,
  widgetKeys: string[],
): InsurerConfig {
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
