import { accidentPayload } from "@kalinga/domain/fixtures/claim-fixtures";
import { mandatorySlotKeys, slotFactsOfPayload } from "@kalinga/domain/upload-slots";
import { SignJWT } from "jose";
import { expect } from "vitest";
import { samplePhoto, uploadDocument } from "./claim-documents.ts";
import { submitBodyOf, TODAY } from "./claim-payloads.ts";
import { callInsurer } from "./insurer.ts";
import type { ServerTest } from "./server-test.ts";
import { callClaim, type StartedClaim } from "./test-app.ts";

// The member portal and agent assist as the server meets them (decision 0058): the policies the
// insurer loaded, the portal's signed assertion, and a claim filed on a logged-in channel.

/** What the portal's assertion says of its user: policies, an agentCode, a company. */
export type Claims = Record<string, unknown>;

export const PORTAL_SECRET = "kalinga-life-portal-shared-secret-0123456789";
export const PORTAL_ISSUER = "https://portal.kalinga-life.example";
/** The server options of a test file on the portal channels: this portal's secret and issuer. */
export const PORTAL_SERVER = {
  env: {
    KALINGA_PORTAL_SECRET: PORTAL_SECRET,
    KALINGA_PORTAL_ISSUER: PORTAL_ISSUER,
    NOTIFICATION_POLL_MS: "600000",
  },
  documentsDir: true,
};

/** A policy as the insurer loads it: in force, insured and owned by `firstName` Dela Cruz. */
export const policy = (policyNumber: string, firstName: string, agentCode: string) => ({
  companyName: "Kalinga Life",
  policyNumber,
  policyType: "Individual",
  status: "in-force",
  insuredFirstName: firstName,
  insuredLastName: "Dela Cruz",
  insuredDateOfBirth: "1980-03-05",
  ownerFirstName: firstName,
  ownerLastName: "Dela Cruz",
  ownerMobile: "9171234567",
  ownerEmail: `${firstName.toLowerCase()}@example.ph`,
  agentCode,
});

export type SignOptions = {
  secret?: string;
  lifetime?: number;
  audience?: string;
  issuer?: string;
  /** Seconds between this server's clock and the assertion's iat. */
  issuedIn?: number;
};

/** The portal's side of a server test: its policies, its assertions and its users' claims. */
export function portalOf(server: ServerTest) {
  /** Maria's policy 1234567890 (agent AG-1001) and Ben's 2234567890 (agent AG-2002). */
  async function seed() {
    const answer = await callInsurer(server.app, "POST", "/policies", {
      policies: [policy("1234567890", "Maria", "AG-1001"), policy("2234567890", "Ben", "AG-2002")],
    });
    expect(answer.statusCode, answer.body).toBe(200);
  }

  /** Signed as the first company's portal signs, unless the claims name another `company`. */
  async function sign(claims: Claims, options: SignOptions = {}) {
    const issuedAt = Math.floor(server.clock.now().getTime() / 1000) + (options.issuedIn ?? 0);
    return new SignJWT({ company: "first", ...claims })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(options.issuer ?? PORTAL_ISSUER)
      .setAudience(options.audience ?? "kalinga")
      .setSubject("member-0001")
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + (options.lifetime ?? 900))
      .sign(new TextEncoder().encode(options.secret ?? PORTAL_SECRET));
  }

  /** A claim started on a channel; the logged-in channels' calls carry the portal's assertion. */
  async function loggedInClaim(
    channelName = "Member Portal",
    claims: Claims = { policies: ["1234567890"] },
  ): Promise<StartedClaim> {
    const assertion = channelName === "Corporate Website" ? null : await sign(claims);
    const started = await callClaim(
      server.app,
      "initClaimRequest",
      { basicInformation: { companyName: "Kalinga Life", channelName } },
      { headers: assertion ? { "x-kalinga-assertion": assertion } : {} },
    );
    expect(started.statusCode, started.body).toBe(200);
    return started.json() as StartedClaim;
  }

  function details(
    claim: StartedClaim,
    policyNumber: string,
    assertion: string | null,
    channelName = "Member Portal",
  ) {
    return callClaim(
      server.app,
      "getPolicyDetails",
      {
        basicInformation: { companyName: "Kalinga Life", channelName },
        webReferenceNumber: claim.webReferenceNumber,
        policyInformation: { policyNumber },
      },
      { token: claim.token, headers: assertion ? { "x-kalinga-assertion": assertion } : {} },
    );
  }

  /** A claim filed on a channel with a policy number, the portal verifying it. */
  async function file(channelName: string, claims: Claims, policyNumber: string) {
    const jpeg = await samplePhoto();
    const claim = await loggedInClaim(channelName, claims);
    const assertion = await sign(claims);
    const chosen = await details(claim, policyNumber, assertion, channelName);
    expect(chosen.statusCode, chosen.body).toBe(200);
    const filing = { ...claim, token: (chosen.json() as { token: string }).token };
    for (const slotKey of mandatorySlotKeys(slotFactsOfPayload(accidentPayload, TODAY))) {
      const uploaded = await uploadDocument(server.app, filing, {
        slotKey,
        bytes: jpeg,
        headers: { "x-kalinga-assertion": assertion },
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
    }
    const body = submitBodyOf(filing);
    const submitted = await callClaim(
      server.app,
      "finalSubmitClaim",
      {
        ...body,
        basicInformation: { ...body.basicInformation, channelName },
        policyInformation: { ...body.policyInformation, policyNumber },
        ...(channelName === "Agent Assist" ? { agentCode: claims.agentCode as string } : {}),
      },
      { token: filing.token, headers: { "x-kalinga-assertion": assertion } },
    );
    expect(submitted.statusCode, submitted.body).toBe(200);
    return claim.webReferenceNumber;
  }

  return { seed, sign, loggedInClaim, details, file };
}
