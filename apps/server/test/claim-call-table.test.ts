import { CLAIM_CALLS, type ClaimCallName } from "@kalinga/domain/claim-calls";
import { describe, expect, test } from "vitest";
import { API_MESSAGES } from "../src/http/api-error.ts";
import { CLAIM_API_PREFIX } from "../src/http/claim-call-routes.ts";
import { useServerTest } from "./support/server-test.ts";
import { basicInformation, callClaim, callClaimRaw, startClaim } from "./support/test-app.ts";

// Every row of the domain's call table is a route, and every route runs the one chain of checks
// the row asks for: the table decides what answers, not a list kept by hand.

const server = useServerTest({ scope: "file" });

const names = Object.keys(CLAIM_CALLS) as ClaimCallName[];
const needing = (credential: string) =>
  names.filter((name) => CLAIM_CALLS[name].credential === credential);
const withToken = [...needing("claim-token"), ...needing("verified-claim-token")];

describe("the claim call table", () => {
  test.each(names)("%s answers another method with 405 and Allow: POST", async (name) => {
    const response = await server.app.inject({
      method: "GET",
      url: `${CLAIM_API_PREFIX}${CLAIM_CALLS[name].path}`,
    });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe("POST");
  });

  test.each(names)("%s refuses a call without the api key with 401", async (name) => {
    const response = await callClaim(server.app, name, { basicInformation }, { apiKey: null });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ returnCode: "401", message: API_MESSAGES.unknownApiKey });
  });

  test.each(withToken)("%s refuses a call without a claim token with 401", async (name) => {
    const response = await callClaim(server.app, name, { basicInformation });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ returnCode: "401", message: API_MESSAGES.unknownToken });
  });

  test.each(needing("verified-claim-token"))(
    "%s refuses a token that has not passed the OTP with 403",
    async (name) => {
      const claim = await startClaim(server.app);
      const response = await callClaim(
        server.app,
        name,
        { basicInformation, webReferenceNumber: claim.webReferenceNumber },
        { token: claim.token },
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ returnCode: "403", message: API_MESSAGES.notVerified });
    },
  );

  test.each(needing("claim-token"))(
    "%s refuses a body naming another claim than the token's with 403",
    async (name) => {
      const claim = await startClaim(server.app);
      const other = await startClaim(server.app);
      // A body each of these calls accepts, but for the claim it names.
      const body = {
        basicInformation,
        webReferenceNumber: other.webReferenceNumber,
        countryCode: "63",
        mobileNumber: "9171234567",
        firstName: "Maria",
        oneTimePIN: "123456",
        policyInformation: { policyNumber: "1234567890" },
      };
      const response = await callClaim(server.app, name, body, { token: claim.token });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ returnCode: "403", message: API_MESSAGES.otherClaim });
    },
  );

  test.each(needing("api-key"))("%s refuses a body its schema refuses with 400", async (name) => {
    const response = await callClaimRaw(server.app, name, {
      basicInformation: { companyName: "" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ returnCode: "400", errors: expect.any(Array) });
  });
});
