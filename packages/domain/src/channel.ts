// Where the widget is embedded decides the channel, the company and the environment (section 2).
// Companies and their path and host patterns are configuration (company-config.ts, decision 0083);
// the channels' names and the environments' host patterns are the documented defaults here.

export type ChannelId = "corporate-website" | "member-portal" | "agent-assist";
/** A configured company's id. */
export type CompanyId = string;
export type Environment = "DEV" | "SIT" | "UAT" | "PROD";

export const DEFAULT_CHANNEL_NAMES: Record<ChannelId, string> = {
  "corporate-website": "Corporate Website",
  "member-portal": "Member Portal",
  "agent-assist": "Agent Assist",
};

/** Host name patterns per environment; a host that matches none is PROD. */
const ENVIRONMENT_HOSTS: Record<Exclude<Environment, "PROD">, RegExp> = {
  DEV: /(^|[.-])dev([.-]|$)|^localhost$|^127\./,
  SIT: /(^|[.-])sit([.-]|$)/,
  UAT: /(^|[.-])uat([.-]|$)/,
};

export function detectEnvironment(host: string): Environment {
  const name = host.toLowerCase().replace(/:\d+$/, "");
  for (const env of ["DEV", "SIT", "UAT"] as const) {
    if (ENVIRONMENT_HOSTS[env].test(name)) return env;
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
