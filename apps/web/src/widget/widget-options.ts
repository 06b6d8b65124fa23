import {
  DEFAULT_CHANNEL_NAMES,
  detectEnvironment,
  type Environment,
  loginPageUrl,
} from "@kalinga/domain/channel";
import type { PublicCompany } from "@kalinga/domain/company-config";
import { selectCompany } from "@kalinga/domain/company-selection";

/** How an insurer's page configures the widget (data-* attributes of the script, or mount()). */
export type WidgetOptions = {
  /** Base of the Kalinga service's API, e.g. "/api" or "https://claims.example.ph/api". */
  apiBase: string;
  apiKey: string;
  /** The host page's path under which the widget's routes live, e.g. "/help-support/claims". */
  routerBase: string;
  locale: string;
  /**
   * The member portal's or agent assist's signed assertion of its user (decisions 0058, 0059),
   * sent with every call of those channels; the agent's code is read from it.
   */
  assertion?: string | undefined;
  /** The policy the portal's user came from (policy details, or agent assist): read-only on /cfm. */
  policyNumber?: string | undefined;
};

export type WidgetSetting = WidgetOptions & {
  channel: keyof typeof DEFAULT_CHANNEL_NAMES;
  /** The configured company's id; "" when the companies could not be read. */
  company: string;
  environment: Environment;
  channelName: string;
  companyName: string;
  /** The company's brand colours, set on the widget's root; null leaves the host page's theme. */
  brand: PublicCompany["brand"] | null;
  /** The company's words per locale (display name, member portal's name); null without a company. */
  companyTexts: PublicCompany["texts"] | null;
  /** Where the reminder's "Enroll in …" leads: the company's member portal, else the content's. */
  memberPortalUrl: string | null;
  /** The portal's login page of this environment (SIT's when it has none); never shown as text. */
  loginPage: string | null;
};

/**
 * The channel, company and environment come from where the widget is embedded (section 2), read
 * against the companies the service configures (decisions 0083, 0093). Without them the widget still
 * shows its screens, as the corporate website of no company: its calls are then refused.
 */
export function resolveWidgetSetting(
  options: WidgetOptions,
  where: Location,
  companies: readonly PublicCompany[],
): WidgetSetting {
  const selected = selectCompany(
    companies,
    { path: where.pathname, host: where.host },
    sessionStorage.getItem("kalinga:company"),
  );
  const channel = selected?.channel ?? "corporate-website";
  const company = selected?.company ?? null;
  const environment = detectEnvironment(where.host, company?.environmentHosts ?? null);
  return {
    ...options,
    channel,
    company: company?.id ?? "",
    environment,
    channelName: DEFAULT_CHANNEL_NAMES[channel],
    companyName: company?.companyName ?? "",
    brand: company?.brand ?? null,
    companyTexts: company?.texts ?? null,
    memberPortalUrl: company?.memberPortalUrl ?? null,
    loginPage: company ? loginPageUrl(environment, company.loginPages) : null,
  };
}
