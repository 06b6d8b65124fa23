// Where the widget is embedded decides the channel, the company and the environment (section 2).
// The path segments and host patterns are deployment settings; these are the documented defaults.

export type ChannelId = "corporate-website" | "member-portal" | "agent-assist";
export type CompanyId = "first" | "bank-partner";
export type Environment = "DEV" | "SIT" | "UAT" | "PROD";

export const DEFAULT_CHANNEL_NAMES: Record<ChannelId, string> = {
  "corporate-website": "Corporate Website",
  "member-portal": "Member Portal",
  "agent-assist": "Agent Assist",
};

export const DEFAULT_COMPANY_NAMES: Record<CompanyId, string> = {
  first: "Kalinga Life",
  "bank-partner": "Kalinga Bank Life",
};

type DetectionSettings = {
  /** Path segment of the agent-assist portal (checked first: it contains the member portal's). */
  agentAssistSegment: string;
  memberPortalSegment: string;
  corporateWebsiteSegment: string;
  /** A path segment or a host part that means the bank-partner company. */
  bankPartnerMarkers: string[];
  /** Host name patterns per environment; a host that matches none is PROD. */
  environmentHosts: Record<Exclude<Environment, "PROD">, RegExp>;
};

const DEFAULT_DETECTION: DetectionSettings = {
  agentAssistSegment: "customer-portal-service",
  memberPortalSegment: "customer-portal",
  corporateWebsiteSegment: "help-support",
  bankPartnerMarkers: ["bank-life", "banklife"],
  environmentHosts: {
    DEV: /(^|[.-])dev([.-]|$)|^localhost$|^127\./,
    SIT: /(^|[.-])sit([.-]|$)/,
    UAT: /(^|[.-])uat([.-]|$)/,
  },
};

const segments = (path: string) => path.toLowerCase().split("/").filter(Boolean);

export function detectChannel(
  path: string,
  settings: DetectionSettings = DEFAULT_DETECTION,
): ChannelId {
  const parts = segments(path);
  if (parts.includes(settings.agentAssistSegment)) return "agent-assist";
  if (parts.includes(settings.memberPortalSegment)) return "member-portal";
  return "corporate-website";
}

/** On the member portal the company is the one the portal stored; elsewhere path or host decide. */
export function detectCompany(
  location: { path: string; host: string },
  storedCompany: CompanyId | null = null,
  settings: DetectionSettings = DEFAULT_DETECTION,
): CompanyId {
  if (detectChannel(location.path, settings) === "member-portal" && storedCompany) {
    return storedCompany;
  }
  const parts = segments(location.path);
  const host = location.host.toLowerCase();
  const bankPartner = settings.bankPartnerMarkers.some(
    (marker) => parts.includes(marker) || host.includes(marker),
  );
  return bankPartner ? "bank-partner" : "first";
}

export function detectEnvironment(
  host: string,
  settings: DetectionSettings = DEFAULT_DETECTION,
): Environment {
  const name = host.toLowerCase().replace(/:\d+$/, "");
  for (const env of ["DEV", "SIT", "UAT"] as const) {
    if (settings.environmentHosts[env].test(name)) return env;
  }
  return "PROD";
}

/** The login page of an environment; SIT's when the environment has none configured. */
export function loginPageUrl(
  env: Environment,
  loginPages: Partial<Record<Environment, string>> & { SIT: string },
): string {
  return loginPages[env] ?? loginPages.SIT;
}
