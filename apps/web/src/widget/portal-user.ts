// What the widget reads of the portal's signed assertion (decisions 0058, 0059): the policies a
// member may claim on, or the agent's code. The widget does not verify the signature — the server
// does on every call — so nothing read here grants anything; it only fills the form.

export type PortalUser = { policies: string[]; agentCode: string };

/** The assertion's payload, read without checking its signature; null when it is not a JWT. */
export function readPortalUser(assertion: string): PortalUser | null {
  const body = assertion.split(".")[1];
  if (!body) return null;
  try {
    const json = atob(body.replaceAll("-", "+").replaceAll("_", "/"));
    const claims = JSON.parse(json) as { policies?: unknown; agentCode?: unknown };
    const policies = Array.isArray(claims.policies)
      ? claims.policies.filter((policy): policy is string => typeof policy === "string")
      : [];
    const agentCode = typeof claims.agentCode === "string" ? claims.agentCode : "";
    return { policies, agentCode };
  } catch {
    return null;
  }
}
