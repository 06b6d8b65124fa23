import { PORTAL_ASSERTION_HEADER, TOKEN_END_REASONS } from "@kalinga/domain/claim-api";
import type { ClaimCallSpec } from "@kalinga/domain/claim-calls";
import type { CompanyConfig } from "@kalinga/domain/company-config";
import type { FastifyRequest } from "fastify";
import type { ServerConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import {
  API_MESSAGES,
  continuedElsewhere,
  forbidden,
  portalChannelsOff,
  unauthorized,
} from "./api-error.ts";
import type { ClaimCallLimits } from "./claim-call-limits.ts";
import { type ClaimAccess, tokenEndReason, useToken } from "./claim-token.ts";
import { createAssertionVerifier, type PortalIdentity } from "./portal-assertion.ts";

// Who may make a claim call: the claim token its row asks for (401, 403), and on the logged-in
// channels the portal's signed assertion (decisions 0058, 0059, 0060).

type CallBody = {
  webReferenceNumber?: unknown;
  basicInformation?: { channelName?: unknown; companyName?: unknown };
  agentCode?: unknown;
};

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== "string") return null;
  const match = /^Bearer ([^\s]+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** The claim a call's token names (401, 403), or null on a call that takes the api key alone. */
export function claimTokenCheck(db: Database, config: ServerConfig, limits: ClaimCallLimits) {
  return async (request: FastifyRequest, spec: ClaimCallSpec): Promise<ClaimAccess | null> => {
    if (spec.credential === "api-key") return null;
    const token = bearerToken(request);
    const claim = token ? await useToken(db, token, config.now(), config.token.idleSeconds) : null;
    if (!claim) {
      // A token ended by a resume elsewhere was this caller's own: say so, and count no failure.
      if (token && (await tokenEndReason(db, token)) === TOKEN_END_REASONS.continuedElsewhere) {
        throw continuedElsewhere();
      }
      await limits.countFailedToken(request);
      throw unauthorized(API_MESSAGES.unknownToken);
    }
    if (spec.credential === "verified-claim-token" && claim.rights !== "otp-verified") {
      throw forbidden(API_MESSAGES.notVerified);
    }
    // A tracking check's token opens no filing call, and a filing token no tracking call.
    if (spec.purpose !== "either" && spec.purpose !== claim.purpose) {
      throw forbidden(API_MESSAGES.otherClaim);
    }
    return claim;
  };
}

/** The token's claim is the body's, but on a tracking call, whose service checks the claim it names. */
export function checkClaimNamed(spec: ClaimCallSpec, claim: ClaimAccess | null, body: CallBody) {
  if (claim && !spec.namesTrackedClaim && claim.webReferenceNumber !== body.webReferenceNumber) {
    throw forbidden(API_MESSAGES.otherClaim);
  }
}

type PortalChecking = {
  config: ServerConfig;
  verify: ReturnType<typeof createAssertionVerifier> | null;
  companies: () => Promise<readonly CompanyConfig[]>;
};

/**
 * The portal's user of a logged-in channel's call (decisions 0058, 0060): of the company the body
 * and the claim name, and a member on the member portal, an agent on agent assist.
 */
async function portalUserOf(
  request: FastifyRequest,
  call: { companyNames: unknown[]; channelNames: string[] },
  { config, verify, companies }: PortalChecking,
): Promise<PortalIdentity> {
  // No secret of the insurer's portal: the logged-in channels are off, and say so.
  if (!verify) throw portalChannelsOff();
  const header = request.headers[PORTAL_ASSERTION_HEADER];
  const identity = await verify(typeof header === "string" ? header : undefined, config.now());
  const ofIdentity =
    "refused" in identity ? undefined : (await companies()).find((c) => c.id === identity.company);
  const refused =
    "refused" in identity
      ? identity.refused
      : call.companyNames.some((name) => name !== ofIdentity?.companyName)
        ? "other-company"
        : null;
  if (refused !== null || "refused" in identity) {
    request.log.info({ refused }, "portal assertion refused");
    throw unauthorized(API_MESSAGES.portalAssertion);
  }
  // A good sign-in on the other portal's calls: a member's on agent assist, an agent's on the member portal.
  const agentAssist = config.channelNames["agent-assist"];
  if (call.channelNames.some((name) => (name === agentAssist) !== (identity.kind === "agent"))) {
    request.log.info({ kind: identity.kind }, "portal assertion of the other channel");
    throw forbidden(API_MESSAGES.portalOtherChannel);
  }
  return identity;
}

/**
 * The portal's user of a call, or null: the logged-in channels the call names are its body's and
 * its claim's (the uploads' forms name none). Such a call, or one of a table's portal calls, or one
 * that carries an assertion at all, has the assertion checked against the companies the body and
 * the claim name.
 */
export function portalCheck(
  config: ServerConfig,
  companies: () => Promise<readonly CompanyConfig[]>,
) {
  // Every call of these channels carries the portal's assertion (decision 0059).
  const loggedInChannelNames = new Set([
    config.channelNames["member-portal"],
    config.channelNames["agent-assist"],
  ]);
  const verify = config.portal
    ? createAssertionVerifier(config.portal, async () => (await companies()).map((c) => c.id))
    : null;

  return async (
    request: FastifyRequest,
    spec: ClaimCallSpec,
    claim: ClaimAccess | null,
    body: CallBody,
  ): Promise<PortalIdentity | null> => {
    const { basicInformation, agentCode } = body;
    const channels = [basicInformation?.channelName, claim?.channelName].filter(
      (name): name is string => typeof name === "string" && loggedInChannelNames.has(name),
    );
    const companyNames = [basicInformation?.companyName, claim?.companyName].filter(
      (name) => name !== undefined,
    );
    const carried = request.headers[PORTAL_ASSERTION_HEADER] !== undefined;
    const call = { companyNames, channelNames: channels };
    const portal =
      spec.portal || channels.length > 0 || carried
        ? await portalUserOf(request, call, { config, verify, companies })
        : null;
    // The agent code of a body is the assertion's, or the call is not the agent's.
    if (agentCode !== undefined && (portal?.kind !== "agent" || portal.agentCode !== agentCode)) {
      throw unauthorized(API_MESSAGES.portalAssertion);
    }
    return portal;
  };
}
