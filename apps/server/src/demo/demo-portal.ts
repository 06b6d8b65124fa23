import { SignJWT } from "jose";
import type { PortalConfig } from "../config/portal-config.ts";
import type { DemoSite } from "./demo-page.ts";

// The demo's member portal and agent assist (decision 0059): each page is signed in as a demo
// member or agent of its company, whose assertion a development-only signer makes with the
// development secret. Their policies are rows of the demo policy set (apps/server/demo/policies.csv).

export type DemoPortalUser = {
  subject: string;
  name: string;
  policies: string[];
  agentCode: string;
};

export const DEMO_PORTAL_USERS: Record<
  DemoSite["company"],
  { member: DemoPortalUser; agent: DemoPortalUser }
> = {
  first: {
    member: {
      subject: "demo-member-0001",
      name: "Maria Peña Dela Cruz",
      policies: ["1234567890", "2234567891"],
      agentCode: "",
    },
    agent: {
      subject: "demo-agent-1001",
      name: "Agent AG-1001",
      policies: ["2234567891", "3798935572", "3358409929"],
      agentCode: "AG-1001",
    },
  },
  "bank-partner": {
    member: {
      subject: "demo-member-0101",
      name: "Ramon Rizal",
      policies: ["5488246102"],
      agentCode: "",
    },
    agent: {
      subject: "demo-agent-2001",
      name: "Agent BK-2001",
      policies: ["5488246102", "5663925448"],
      agentCode: "BK-2001",
    },
  },
};

/** Where each site's portals embed the widget: the customer-portal and its service segment (section 2). */
export function portalBases(site: DemoSite) {
  const prefix = site.routerBase.replace(/\/help-support\/claims$/, "");
  return {
    member: `${prefix}/customer-portal/claims`,
    agent: `${prefix}/customer-portal-service/claims`,
  };
}

/** Signs as the portal would, for the site's company; only with the demo's shared secret. */
export async function signDemoAssertion(
  portal: PortalConfig,
  company: DemoSite["company"],
  user: DemoPortalUser,
  kind: "member" | "agent",
  now: Date,
): Promise<string | null> {
  if (portal.key.kind !== "secret") return null;
  const issuedAt = Math.floor(now.getTime() / 1000);
  const claims =
    kind === "member"
      ? { company, policies: user.policies }
      : { company, agentCode: user.agentCode };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(portal.issuer)
    .setAudience(portal.audience)
    .setSubject(user.subject)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 15 * 60)
    .sign(new TextEncoder().encode(portal.key.secret));
}
