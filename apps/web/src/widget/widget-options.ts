import {
  type ChannelId,
  type CompanyId,
  DEFAULT_CHANNEL_NAMES,
  DEFAULT_COMPANY_NAMES,
  detectChannel,
  detectCompany,
  detectEnvironment,
  type Environment,
} from "@kalinga/domain/channel";

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
  channel: ChannelId;
  company: CompanyId;
  environment: Environment;
  channelName: string;
  companyName: string;
};

/** The channel, company and environment come from where the widget is embedded (section 2). */
export function resolveWidgetSetting(options: WidgetOptions, where: Location): WidgetSetting {
  const channel = detectChannel(where.pathname);
  const storedCompany = sessionStorage.getItem("kalinga:company");
  const company = detectCompany(
    { path: where.pathname, host: where.host },
    storedCompany === "first" || storedCompany === "bank-partner" ? storedCompany : null,
  );
  return {
    ...options,
    channel,
    company,
    environment: detectEnvironment(where.host),
    channelName: DEFAULT_CHANNEL_NAMES[channel],
    companyName: DEFAULT_COMPANY_NAMES[company],
  };
}
