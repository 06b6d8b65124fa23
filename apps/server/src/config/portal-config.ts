import { ConfigError, type Env, httpUrl, text } from "./config-values.ts";

/** How the portal assertions are verified (decision 0058). */
export type PortalConfig = {
  issuer: string;
  audience: string;
  /** HS256 with a secret shared with the portal, or RS256/ES256 keys from the portal's JWKS. */
  key: { kind: "secret"; secret: string } | { kind: "jwks"; url: string };
};

/** The demo's key of the portal assertions, for its signer: published, so only in demo mode. */
export const DEVELOPMENT_PORTAL_SECRET = "kalinga-development-portal-secret-0123456789";
export const DEVELOPMENT_PORTAL_ISSUER = "kalinga-demo-portal";

/**
 * The portal assertions: KALINGA_PORTAL_ISSUER and KALINGA_PORTAL_AUDIENCE, with
 * KALINGA_PORTAL_SECRET (HS256) or KALINGA_PORTAL_JWKS_URL (RS256/ES256). In demo mode the
 * development secret and issuer stand in; in any other mode the logged-in channels stay off until set.
 */
export function portalSettings(env: Env, production: boolean, demo: boolean): PortalConfig | null {
  const secret = text(env, "KALINGA_PORTAL_SECRET");
  const jwks = text(env, "KALINGA_PORTAL_JWKS_URL");
  const issuer = text(env, "KALINGA_PORTAL_ISSUER");
  const audience = text(env, "KALINGA_PORTAL_AUDIENCE") ?? "kalinga";
  if (secret && jwks) {
    throw new ConfigError("Set KALINGA_PORTAL_SECRET or KALINGA_PORTAL_JWKS_URL, not both.");
  }
  if (secret !== null && secret.length < 32) {
    throw new ConfigError("KALINGA_PORTAL_SECRET needs at least 32 characters.");
  }
  if (!demo && secret === DEVELOPMENT_PORTAL_SECRET) {
    throw new ConfigError(
      "KALINGA_PORTAL_SECRET: the development secret is published; it runs only with KALINGA_DEMO=true.",
    );
  }
  if (jwks !== null) {
    const url = httpUrl(env, "KALINGA_PORTAL_JWKS_URL");
    if (production && !url.startsWith("https:")) {
      throw new ConfigError("KALINGA_PORTAL_JWKS_URL must be https in production.");
    }
    if (!issuer)
      throw new ConfigError("KALINGA_PORTAL_ISSUER is required with KALINGA_PORTAL_JWKS_URL.");
    return { issuer, audience, key: { kind: "jwks", url } };
  }
  if (secret !== null) {
    if (!issuer)
      throw new ConfigError("KALINGA_PORTAL_ISSUER is required with KALINGA_PORTAL_SECRET.");
    return { issuer, audience, key: { kind: "secret", secret } };
  }
  if (!demo) return null;
  return {
    issuer: issuer ?? DEVELOPMENT_PORTAL_ISSUER,
    audience,
    key: { kind: "secret", secret: DEVELOPMENT_PORTAL_SECRET },
  };
}
