import { track } from "../analytics/analytics.ts";
import { keepAppConfig } from "../session/app-config.ts";
import type { AppConfig } from "../session/session-store.ts";

// Section 7: the application config at data.jsonByPath.item.appConfig. On any failure "not found"
// is logged (to the analytics data layer: the browser console stays quiet in production) and
// nothing is stored, so the screens keep their defaults.

async function fetchAppConfig(apiBase: string): Promise<AppConfig | null> {
  try {
    const response = await fetch(`${apiBase}/content/app-config`, {
      headers: { accept: "application/json" },
    });
    if (response.ok) {
      const value = (await response.json()) as {
        data?: { jsonByPath?: { item?: { appConfig?: unknown } } };
      };
      const config = value?.data?.jsonByPath?.item?.appConfig;
      if (typeof config === "object" && config !== null && !Array.isArray(config)) {
        return config as AppConfig;
      }
    }
  } catch {
    // Offline or not JSON: the same as an answer without the config.
  }
  track("content_error", { call: "app-config", message: "not found" });
  return null;
}

/** Fetches the config beside the session's opening and keeps it once both are done. */
export async function loadAppConfig(apiBase: string, sessionOpened: Promise<unknown>) {
  const [config] = await Promise.all([fetchAppConfig(apiBase), sessionOpened]);
  if (config) keepAppConfig(config);
}
