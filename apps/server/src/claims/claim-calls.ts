import { RETURN_CODES } from "@kalinga/domain/claim-api";
import { CLAIM_RECORD_STATUS } from "@kalinga/domain/claim-record-status";
import type { ServerConfig } from "../config.ts";
import type { Queryable } from "../db/database.ts";
import type { ClaimCallHandlers } from "../http/claim-call-routes.ts";
import type { ClaimLocales } from "./claim-locale.ts";
import { findClaim } from "./claim-repository.ts";
import { startClaimPastGate } from "./claim-start.ts";

// initClaimRequest and validateReferenceNumber: a claim begins, and a claim token says where its
// claim stands (docs/decisions/0025).

export function claimCalls(
  db: Queryable,
  config: ServerConfig,
  locales: ClaimLocales,
): Pick<ClaimCallHandlers, "initClaimRequest" | "validateReferenceNumber"> {
  return {
    async initClaimRequest({ request, body, now, portal, gate }) {
      const input = {
        companyName: body.basicInformation.companyName,
        channelName: body.basicInformation.channelName,
        agentCode: portal?.kind === "agent" ? portal.agentCode : null,
        locale: locales.localeOf(request) ?? "en",
        now,
        tokenExpiresAt: new Date(now.getTime() + config.token.maxAgeSeconds * 1000),
      };
      const { claim, token } = await startClaimPastGate(db, input, gate);
      const { webReferenceNumber } = claim;
      request.log.info({ webReferenceNumber }, "claim started");
      return { returnCode: RETURN_CODES.ok, webReferenceNumber, token };
    },

    async validateReferenceNumber({ claim }) {
      const status = (await findClaim(db, claim.claimId))?.status ?? CLAIM_RECORD_STATUS.draft;
      return {
        returnCode: RETURN_CODES.ok,
        webReferenceNumber: claim.webReferenceNumber,
        status,
        isOpen: status === CLAIM_RECORD_STATUS.draft,
        otpVerified: claim.rights === "otp-verified",
      };
    },
  };
}
