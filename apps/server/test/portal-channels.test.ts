import type { ClaimCallName } from "@kalinga/domain/claim-calls";
import { accidentPayload } from "@kalinga/domain/fixtures/claim-fixtures";
import { mandatorySlotKeys, slotFactsOfPayload } from "@kalinga/domain/upload-slots";
import { UnsecuredJWT } from "jose";
import { describe, expect, test } from "vitest";
import { samplePhoto, uploadDocument } from "./support/claim-documents.ts";
import { submitBodyOf, TODAY } from "./support/claim-payloads.ts";
import { type Claims, PORTAL_ISSUER, PORTAL_SERVER, portalOf } from "./support/portal.ts";
import { useServerTest } from "./support/server-test.ts";
import { callClaim, callClaimRaw } from "./support/test-app.ts";

// What the member portal and agent assist open with the portal's signed assertion (decision 0058):
// the policies read, claims filed without an OTP, the agent's report and the claims followed.

const server = useServerTest({ ...PORTAL_SERVER });
const { seed, sign, loggedInClaim, details, file } = portalOf(server);

describe("getPolicyDetails", () => {
  test("a member reads a policy of the assertion, as section 3's lookup answers it; another member's is not found", async () => {
    await seed();
    const claim = await loggedInClaim();
    const assertion = await sign({ policies: ["1234567890"] });
    const own = await details(claim, "1234567890", assertion);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual({
      token: expect.stringMatching(/^[\w-]{43}$/),
      returnCode: "0",
      insuredInformation: {
        firstName: "Maria",
        lastName: "Dela Cruz",
        middleName: "",
        suffix: "",
        dateOfBirth: "03/05/1980",
      },
      policyOwnerInformation: { phoneNumber: "9171234567", emailAddress: "maria@example.ph" },
    });
    // The portal's sign-in stands in for the OTP: the new token files the claim, the old one is gone.
    const { token } = own.json() as { token: string };
    const member = { headers: { "x-kalinga-assertion": assertion } };
    const basicInformation = { companyName: "Kalinga Life", channelName: "Member Portal" };
    const listed = await callClaim(
      server.app,
      "listDocuments",
      { basicInformation, webReferenceNumber: claim.webReferenceNumber },
      { token, ...member },
    );
    expect(listed.statusCode, listed.body).toBe(200);
    const stale = await details(claim, "1234567890", assertion);
    expect(stale.statusCode).toBe(401);
    // Without the assertion, a call of the member portal is refused though the token is good.
    const bare = await callClaim(
      server.app,
      "listDocuments",
      { basicInformation, webReferenceNumber: claim.webReferenceNumber },
      { token },
    );
    expect(bare.statusCode).toBe(401);

    const other = await details(await loggedInClaim(), "2234567890", assertion);
    expect(other.statusCode).toBe(417);
    expect(other.json()).toMatchObject({
      returnCode: "18",
      message: "We could not find this policy for your account.",
    });
  });

  test("an agent reads the policies the agent serves, and not another agent's client", async () => {
    await seed();
    const agent = { agentCode: "AG-1001" };
    const claim = await loggedInClaim("Agent Assist", agent);
    const assertion = await sign(agent);
    expect((await details(claim, "1234567890", assertion, "Agent Assist")).statusCode).toBe(200);
    const { rows } = await server.db.query<{ agent_code: string }>(
      "SELECT agent_code FROM claims WHERE web_reference_number = $1",
      [claim.webReferenceNumber],
    );
    expect(rows[0]?.agent_code).toBe("AG-1001");
    const other = await details(
      await loggedInClaim("Agent Assist", agent),
      "2234567890",
      assertion,
      "Agent Assist",
    );
    expect((other.json() as { returnCode: string }).returnCode).toBe("18");
    // A body naming another agent than the assertion's is not this agent's call.
    const posing = await callClaim(
      server.app,
      "initClaimRequest",
      {
        basicInformation: { companyName: "Kalinga Life", channelName: "Agent Assist" },
        agentCode: "AG-2002",
      },
      { headers: { "x-kalinga-assertion": assertion } },
    );
    expect(posing.statusCode).toBe(401);
  });

  test("the /cfm list: a member's policies of the assertion the store holds, an agent's by code", async () => {
    await seed();
    const list = async (claims: Claims | null, channelName = "Member Portal") =>
      callClaim(
        server.app,
        "listPortalPolicies",
        { basicInformation: { companyName: "Kalinga Life", channelName } },
        { headers: claims ? { "x-kalinga-assertion": await sign(claims) } : {} },
      );
    const member = await list({ policies: ["1234567890", "9999999999"] });
    expect(member.json()).toEqual({
      returnCode: "0",
      policies: [{ policyNumber: "1234567890", insuredName: "Maria Dela Cruz" }],
    });
    const agent = await list({ agentCode: "AG-2002" }, "Agent Assist");
    expect((agent.json() as { policies: unknown[] }).policies).toEqual([
      { policyNumber: "2234567890", insuredName: "Ben Dela Cruz" },
    ]);
    expect((await list(null)).statusCode).toBe(401);
  });

  test("a public-channel claim reads no policy, even with a member's assertion", async () => {
    await seed();
    const claim = await loggedInClaim("Corporate Website");
    const answer = await details(
      claim,
      "1234567890",
      await sign({ policies: ["1234567890"] }),
      "Corporate Website",
    );
    expect((answer.json() as { returnCode: string }).returnCode).toBe("18");
  });

  test("no, unsigned, wrongly signed, wrong-audience, wrong-issuer, too long-lived, expired or identity-less assertions are refused", async () => {
    await seed();
    const claim = await loggedInClaim();
    const member = { policies: ["1234567890"] };
    const unsigned = new UnsecuredJWT(member)
      .setIssuer(PORTAL_ISSUER)
      .setAudience("kalinga")
      .setSubject("member-0001")
      .setIssuedAt()
      .setExpirationTime("10m")
      .encode();
    const refused = [
      null,
      unsigned,
      await sign(member, { secret: "another-portal-secret-0123456789abcdef" }),
      await sign(member, { audience: "someone-else" }),
      await sign(member, { issuer: "https://evil.example" }),
      await sign(member, { lifetime: 2 * 3600 }),
      await sign({}),
      "not.a.jwt",
    ];
    for (const assertion of refused) {
      const answer = await details(claim, "1234567890", assertion);
      expect(answer.statusCode, String(assertion)).toBe(401);
      expect(answer.json()).toMatchObject({
        message: "Sign in to the portal again: its sign-in could not be verified.",
      });
    }
    // Good now; the same assertion replayed after it expired is refused.
    const short = await sign(member, { lifetime: 60 });
    expect((await details(claim, "1234567890", short)).statusCode).toBe(200);
    server.clock.advance(61);
    const replayed = await details(await loggedInClaim(), "1234567890", short);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({
      message: "Sign in to the portal again: its sign-in could not be verified.",
    });
  });
});

describe("a member portal claim", () => {
  test("files with the portal's token and no OTP, for the policy chosen and no other", async () => {
    await seed();
    const claim = await loggedInClaim();
    const assertion = await sign({ policies: ["1234567890"] });
    const chosen = await details(claim, "1234567890", assertion);
    expect(chosen.statusCode, chosen.body).toBe(200);
    const filing = { ...claim, token: (chosen.json() as { token: string }).token };
    const jpeg = await samplePhoto();
    const slots = mandatorySlotKeys(slotFactsOfPayload(accidentPayload, TODAY));
    // A claim of the member portal takes no file without the portal's sign-in, even by a good token.
    const unsigned = await uploadDocument(server.app, filing, {
      slotKey: slots[0] ?? "",
      bytes: jpeg,
    });
    expect(unsigned.statusCode).toBe(401);
    for (const slotKey of slots) {
      const uploaded = await uploadDocument(server.app, filing, {
        slotKey,
        bytes: jpeg,
        headers: { "x-kalinga-assertion": assertion },
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
    }
    const submit = (policyNumber: string) => {
      const body = submitBodyOf(filing);
      return callClaim(
        server.app,
        "finalSubmitClaim",
        {
          ...body,
          basicInformation: { ...body.basicInformation, channelName: "Member Portal" },
          policyInformation: { ...body.policyInformation, policyNumber },
        },
        { token: filing.token, headers: { "x-kalinga-assertion": assertion } },
      );
    };
    const other = await submit("2234567890");
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({
      errors: [
        {
          field: "policyInformation.policyNumber",
          message:
            "This claim was started for another policy. Please start again from your portal.",
        },
      ],
    });
    const own = await submit("1234567890");
    expect(own.statusCode, own.body).toBe(200);
    const { rows } = await server.db.query<{ verified_mobile_number: string }>(
      "SELECT verified_mobile_number FROM claims WHERE web_reference_number = $1",
      [claim.webReferenceNumber],
    );
    // The policy owner's number, so the member can follow the claim like any claimant.
    expect(rows[0]?.verified_mobile_number).toBe("9171234567");
  });
});

describe("the agent's claims report", () => {
  test("lists the agent's filed claims and claims on the agent's policies, nothing of another agent's", async () => {
    await seed();
    const byAgent = await file("Agent Assist", { agentCode: "AG-1001" }, "1234567890");
    const byMember = await file("Member Portal", { policies: ["1234567890"] }, "1234567890");
    const otherAgents = await file("Member Portal", { policies: ["2234567890"] }, "2234567890");

    const report = async (claims: Claims | null) =>
      callClaim(
        server.app,
        "listAgentClaims",
        { basicInformation: { companyName: "Kalinga Life", channelName: "Agent Assist" } },
        { headers: claims ? { "x-kalinga-assertion": await sign(claims) } : {} },
      );
    const answer = await report({ agentCode: "AG-1001" });
    expect(answer.statusCode, answer.body).toBe(200);
    const listed = (
      answer.json() as { claims: { webReferenceNumber: string; filedByAgent: boolean }[] }
    ).claims;
    expect(listed.map((claim) => claim.webReferenceNumber).sort()).toEqual(
      [byAgent, byMember].sort(),
    );
    expect(listed.find((claim) => claim.webReferenceNumber === byAgent)).toMatchObject({
      filedByAgent: true,
      policyNumber: "1234567890",
      claimInfo: { type: "Living", subType: "AC" },
      status: "CLAIM APPLICATION SUBMITTED",
      openRequirements: 0,
      daysOpen: 0,
    });
    expect(listed.map((claim) => claim.webReferenceNumber)).not.toContain(otherAgents);
    const other = await report({ agentCode: "AG-2002" });
    expect(
      (other.json() as { claims: { webReferenceNumber: string }[] }).claims.map(
        (c) => c.webReferenceNumber,
      ),
    ).toEqual([otherAgents]);
    expect((await report({ policies: ["1234567890"] })).statusCode).toBe(403);
    expect((await report(null)).statusCode).toBe(401);
  });
});

describe("following claims on the logged-in channels", () => {
  test("a member follows the claims on the member's policies without an OTP; an agent the agent's clients'", async () => {
    await seed();
    const marias = await file("Member Portal", { policies: ["1234567890"] }, "1234567890");
    const bens = await file("Member Portal", { policies: ["2234567890"] }, "2234567890");
    const member = { policies: ["1234567890"] };
    // Raw: listTrackedClaims is sent the check's own reference too, a field its schema drops.
    const portalCall = async (
      call: ClaimCallName,
      claims: Claims | null,
      channelName: string,
      extra: Record<string, unknown>,
      token?: string,
    ) =>
      callClaimRaw(
        server.app,
        call,
        { basicInformation: { companyName: "Kalinga Life", channelName }, ...extra },
        {
          ...(token ? { token } : {}),
          headers: claims ? { "x-kalinga-assertion": await sign(claims) } : {},
        },
      );
    const started = await portalCall("initClaimTracking", member, "Member Portal", {});
    expect(started.statusCode, started.body).toBe(200);
    const check = started.json() as {
      token: string;
      verified: boolean;
      webReferenceNumber: string;
    };
    expect(check.verified).toBe(true);
    const refs = (answer: { json(): unknown }) =>
      (answer.json() as { claims: { webReferenceNumber: string }[] }).claims.map(
        (claim) => claim.webReferenceNumber,
      );
    const own = { webReferenceNumber: check.webReferenceNumber };
    expect(
      refs(await portalCall("listTrackedClaims", member, "Member Portal", own, check.token)),
    ).toEqual([marias]);
    const read = await portalCall(
      "readTrackedClaim",
      member,
      "Member Portal",
      { webReferenceNumber: bens },
      check.token,
    );
    expect(read.statusCode).toBe(417);
    expect((read.json() as { returnCode: string }).returnCode).toBe("14");
    // The check's token without the portal's sign-in opens nothing, whatever channel the body names.
    const bare = await portalCall("listTrackedClaims", null, "Corporate Website", own, check.token);
    expect(bare.statusCode).toBe(401);

    const agent = { agentCode: "AG-2002" };
    const agentCheck = (
      await portalCall("initClaimTracking", agent, "Agent Assist", {
        agentCode: "AG-2002",
      })
    ).json() as { token: string; webReferenceNumber: string };
    const listed = await portalCall(
      "listTrackedClaims",
      agent,
      "Agent Assist",
      { webReferenceNumber: agentCheck.webReferenceNumber, agentCode: "AG-2002" },
      agentCheck.token,
    );
    expect(refs(listed)).toEqual([bens]);
  });
});
