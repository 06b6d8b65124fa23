import type { CompanyId } from "@kalinga/domain/channel";
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from "jose";
import type { PortalConfig } from "../config/portal-config.ts";

// Who a member-portal or agent-assist user is, as the insurer's portal asserts it (decision 0058): a
// short-lived JWT the portal signs and hands to the widget, verified here on every call of those
// channels. The widget never decides who its user is.

/** `company` is the company's id as the configuration names it. */
export type PortalIdentity =
  | { kind: "member"; company: CompanyId; subject: string; policies: string[] }
  | { kind: "agent"; company: CompanyId; subject: string; agentCode: string };

export type AssertionRefusal =
  | "missing"
  | "invalid"
  | "expired"
  | "too-long-lived"
  | "issued-in-the-future"
  | "wrong-issuer-or-audience"
  | "no-company"
  | "no-identity";

/** At most an hour between issue and expiry (the limit), and never longer. */
const MAX_ASSERTION_SECONDS = 3600;
/** How far ahead of this server's clock a portal's clock may run: beyond it, `iat` is refused. */
const MAX_CLOCK_SKEW_SECONDS = 60;

/** `companies`: the configured ids, or how to read them now (the set changes without a restart). */
export function createAssertionVerifier(
  config: PortalConfig,
  companies: readonly CompanyId[] | (() => Promise<readonly CompanyId[]>),
) {
  const key =
    config.key.kind === "secret"
      ? new TextEncoder().encode(config.key.secret)
      : createRemoteJWKSet(new URL(config.key.url));
  const algorithms = config.key.kind === "secret" ? ["HS256"] : ["RS256", "ES256"];

  return async function verify(
    jwt: string | undefined,
    now: Date,
  ): Promise<PortalIdentity | { refused: AssertionRefusal }> {
    if (!jwt) return { refused: "missing" };
    let payload: JWTPayload;
    try {
      // Both overloads of jwtVerify take the key; TypeScript needs them apart.
      const options = {
        issuer: config.issuer,
        audience: config.audience,
        algorithms,
        requiredClaims: ["exp", "iat", "sub"],
        currentDate: now,
      };
      const result =
        key instanceof Uint8Array
          ? await jwtVerify(jwt, key, options)
          : await jwtVerify(jwt, key, options);
      payload = result.payload;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "ERR_JWT_EXPIRED") return { refused: "expired" };
      if (code === "ERR_JWT_CLAIM_VALIDATION_FAILED")
        return { refused: "wrong-issuer-or-audience" };
      return { refused: "invalid" };
    }
    // An iat ahead of the clock would stretch the hour's limit between iat and exp.
    if ((payload.iat ?? 0) > Math.floor(now.getTime() / 1000) + MAX_CLOCK_SKEW_SECONDS)
      return { refused: "issued-in-the-future" };
    if ((payload.exp ?? 0) - (payload.iat ?? 0) > MAX_ASSERTION_SECONDS)
      return { refused: "too-long-lived" };
    const ids = typeof companies === "function" ? await companies() : companies;
    const company = ids.find((id) => id === payload.company);
    if (company === undefined) return { refused: "no-company" };
    const subject = payload.sub ?? "";
    const agentCode = payload.agentCode;
    const policies = payload.policies;
    if (typeof agentCode === "string" && /^[\w-]{1,20}$/.test(agentCode)) {
      return { kind: "agent", company, subject, agentCode };
    }
    if (
      Array.isArray(policies) &&
      policies.every((p) => typeof p === "string" && /^\d{10}$/.test(p))
    ) {
      return { kind: "member", company, subject, policies: policies as string[] };
    }
    return { refused: "no-identity" };
  };
}
