import { firstErrorPerField } from "@kalinga/domain/start-form";
import type { FastifyRequest } from "fastify";
import type { ServerConfig } from "../config.ts";
import type { Queryable } from "../db/database.ts";
import { API_MESSAGES, badRequest, forbidden, unauthorized } from "../http/api-error.ts";
import { type ClaimSession, useToken } from "./claim-token.ts";

// The steps every claim call shares: token (401), body (400), the
// token's claim is the body's claim (403), and for documents and the submit an OTP-verified token.

type Issue = { path: PropertyKey[]; message: string };
export type BodySchema<T> = {
  safeParse(
    input: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: Issue[] } };
};
type BasicInformation = { companyName: string; channelName: string };

export const CLAIM_CALL_MESSAGES = {
  notVerified: "Verify the mobile number with the OTP before sending documents or the claim.",
  /** An OTP call on a submitted claim: its verified number is part of what was submitted. */
  claimClosed: "This claim has been submitted, so its mobile number can no longer be changed.",
} as const;

/** Called before a call with a missing or unknown token is refused; may refuse it with 429 instead. */
export type FailedTokenHook = (request: FastifyRequest) => Promise<void>;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== "string") return null;
  const match = /^Bearer ([^\s]+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export function claimCall(
  db: Queryable,
  config: ServerConfig,
  onFailedToken: FailedTokenHook | null = null,
) {
  const companyNames = new Set(Object.values(config.companyNames));
  const channelNames = new Set(Object.values(config.channelNames));

  async function authenticate(request: FastifyRequest): Promise<ClaimSession> {
    const token = bearerToken(request);
    const session = token
      ? await useToken(db, token, config.now(), config.token.idleSeconds)
      : null;
    if (!session) {
      await onFailedToken?.(request);
      throw unauthorized(API_MESSAGES.unknownToken);
    }
    return session;
  }

  return {
    authenticate,
    /** A token that passed the OTP; an unverified one is refused with 403. */
    async authenticateVerified(request: FastifyRequest): Promise<ClaimSession> {
      const session = await authenticate(request);
      if (session.rights !== "otp-verified") throw forbidden(CLAIM_CALL_MESSAGES.notVerified);
      return session;
    },
    sameClaim(session: ClaimSession, webReferenceNumber: string) {
      if (session.webReferenceNumber !== webReferenceNumber) {
        throw forbidden(API_MESSAGES.otherClaim);
      }
    },
    /** The body as the schema allows it, with the configured company and channel names. */
    parseBody<T extends { basicInformation: BasicInformation }>(
      schema: BodySchema<T>,
      body: unknown,
    ): T {
      const result = schema.safeParse(body);
      const issues: Issue[] = result.success ? [] : [...result.error.issues];
      const basic = (body as { basicInformation?: Partial<BasicInformation> } | null)
        ?.basicInformation;
      if (typeof basic?.companyName === "string" && !companyNames.has(basic.companyName)) {
        issues.push({
          path: ["basicInformation", "companyName"],
          message: API_MESSAGES.unknownCompany,
        });
      }
      if (typeof basic?.channelName === "string" && !channelNames.has(basic.channelName)) {
        issues.push({
          path: ["basicInformation", "channelName"],
          message: API_MESSAGES.unknownChannel,
        });
      }
      if (!result.success || issues.length > 0) throw badRequest(firstErrorPerField(issues));
      return result.data;
    },
  };
}

export type ClaimCall = ReturnType<typeof claimCall>;
