// Where the widget is embedded decides the channel, the company and the environment (section 2).
// Companies and their path and host patterns are configuration (company-config.ts, decision 0083);
// so are the environments' host patterns (decision 0093); the channels' names are defaults here.

export type ChannelId = "corporate-website" | "member-portal" | "agent-assist";
/** A configured company's id. */
export type CompanyId = string;
export type Environment = "DEV" | "SIT" | "UAT" | "PROD";

export const DEFAULT_CHANNEL_NAMES: Record<ChannelId, string> = {
  "corporate-website": "Corporate Website",
  "member-portal": "Member Portal",
  "agent-assist": "Agent Assist",
};

/** Host patterns per environment, as a company configures them (decision 0093). */
export type EnvironmentHosts = Record<Environment, readonly string[]>;

/** The order hosts are read in: a test host that also carries the PROD domain is still a test one. */
export const ENVIRONMENTS: readonly Environment[] = ["DEV", "SIT", "UAT", "PROD"];

const isBoundary = (char: string | undefined) => char === undefined || char === "." || char === "-";

/** Whether a host pattern names this host: it is one or more whole dot- or dash-separated parts. */
export function hostHasPattern(host: string, pattern: string): boolean {
  const name = host.toLowerCase().replace(/:\d+$/, "");
  if (pattern === "") return false;
  for (let at = name.indexOf(pattern); at >= 0; at = name.indexOf(pattern, at + 1)) {
    if (isBoundary(name[at - 1]) && isBoundary(name[at + pattern.length])) return true;
  }
  return false;
}

/** The environment of a host by the company's patterns; SIT when none names it (section 2). */
export function detectEnvironment(host: string, hosts: EnvironmentHosts | null): Environment {
  if (!hosts) return "SIT";
  return ENVIRONMENTS.find((env) => hosts[env].some((p) => hostHasPattern(host, p))) ?? "SIT";
}

/** The login page of an environment; SIT's when the environment has none configured. */
export function loginPageUrl(
  env: Environment,
  loginPages: Partial<Record<Environment, string>> & { SIT: string },
): string {
  return loginPages[env] ?? loginPages.SIT;
}
