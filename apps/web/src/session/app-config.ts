import type { CompanyId } from "@kalinga/domain/channel";
import { type AppConfig, session } from "./session-store.ts";

// Section 7's application config, kept as the `config` session item once the content service
// answered; screens read what they need of it here, each value checked, so a config without it
// leaves the screen on its own default.

export function keepAppConfig(config: AppConfig): void {
  session.set("config", config);
}

function appConfig(): AppConfig | undefined {
  return session.get("config");
}

/** The member portal's enrolment page of a company, when the config names its portal. */
export function memberPortalEnrollUrl(company: CompanyId): string | undefined {
  const portals = appConfig()?.memberPortalUrl;
  if (typeof portals !== "object" || portals === null) return undefined;
  const portal = (portals as Record<string, unknown>)[company];
  return typeof portal === "string" && portal.startsWith("/") ? `${portal}/enroll` : undefined;
}
