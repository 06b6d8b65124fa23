// What the widget reads of the portal's signed assertion (decisions 0058, 0059): that there is one,
// and the agent's code. The widget does not verify the signature — the server does, on every call —
// so nothing read here grants anything; the policies to choose from come from the server.

export type PortalUser = { agentCode: string };

/** The assertion's payload, read without checking its signature; null when it is not a JWT. */
export function readPortalUser(assertion: string): PortalUser | null {
  const body = assertion.split(".")[1];
  if (!body) return null;
  try {
    const json = atob(body.replaceAll("-", "+").replaceAll("_", "/"));
    const claims = JSON.parse(json) as { agentCode?: unknown };
    return { agentCode: typeof claims.agentCode === "string" ? claims.agentCode : "" };
  } catch {
    return null;
  }
}
