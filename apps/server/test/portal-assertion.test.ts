import { accidentPayload } from "@kalinga/domain/fixtures/claim-fixtures";
import { mandatorySlotKeys, slotFactsOfPayload } from "@kalinga/domain/upload-slots";
import { SignJWT, UnsecuredJWT } from "jose";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { DEVELOPMENT_INSURER_KEY } from "../src/config/insurer-config.ts";
import {
  DEVELOPMENT_PORTAL_ISSUER,
  DEVELOPMENT_PORTAL_SECRET,
} from "../src/config/portal-config.ts";
import { uploadDocument } from "./support/claim-documents.ts";
import { submitBodyOf, TODAY } from "./support/claim-payloads.ts";
import { useServerTest } from "./support/server-test.ts";
import { callClaim, type StartedClaim, testApp, testConfig } from "./support/test-app.ts";

type Claims = Record<string, unknown>;

// The member portal's and agent assist's signed assertions (decision 0058) on getPolicyDetails:
// who may read which policy, and every way an assertion can be wrong.

const SECRET = "kalinga-life-portal-shared-secret-0123456789";
const ISSUER = "https://portal.kalinga-life.example";
const server = useServerTest({
  env: {
    KALINGA_PORTAL_SECRET: SECRET,
    KALINGA_PORTAL_ISSUER: ISSUER,
    NOTIFICATION_POLL_MS: "600000",
  },
  documentsDir: true,
});

const policy = (policyNumber: string, firstName: string, agentCode: string) => ({
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

async function seed() {
  const answer = await server.app.inject({
    method: "POST",
    url: "/api/insurer/policies",
    headers: {
      authorization: "Bearer kalinga-dev-insurer-key",
      "content-type": "application/json",
    },
    payload: JSON.stringify({
      policies: [policy("1234567890", "Maria", "AG-1001"), policy("2234567890", "Ben", "AG-2002")],
    }),
  });
  expect(answer.statusCode, answer.body).toBe(200);
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

/** Signed as the first company's portal signs, unless the claims name another `company`. */
async function sign(
  claims: Claims,
  options: {
    secret?: string;
    lifetime?: number;
    audience?: string;
    issuer?: string;
    /** Seconds between this server's clock and the assertion's iat. */
    issuedIn?: number;
  } = {},
) {
  const issuedAt = Math.floor(server.clock.now().getTime() / 1000) + (options.issuedIn ?? 0);
  return new SignJWT({ company: "first", ...claims })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? "kalinga")
    .setSubject("member-0001")
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + (options.lifetime ?? 900))
    .sign(new TextEncoder().encode(options.secret ?? SECRET));
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
  const jpeg = await sharp({
    create: { width: 64, height: 48, channels: 3, background: "#336699" },
  })
    .jpeg()
    .toBuffer();
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
      ...(channelName === "Agent Assist" ? { agentCode: claims.agentCode } : {}),
    },
    { token: filing.token, headers: { "x-kalinga-assertion": assertion } },
  );
  expect(submitted.statusCode, submitted.body).toBe(200);
  return claim.webReferenceNumber;
}

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
      .setIssuer(ISSUER)
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
    const jpeg = await sharp({
      create: { width: 64, height: 48, channels: 3, background: "#336699" },
    })
      .jpeg()
      .toBuffer();
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
    const portalCall = async (
      call: string,
      claims: Claims | null,
      channelName: string,
      extra: Record<string, unknown> = {},
      token?: string,
    ) =>
      callClaim(
        server.app,
        call,
        { basicInformation: { companyName: "Kalinga Life", channelName }, ...extra },
        {
          ...(token ? { token } : {}),
          headers: claims ? { "x-kalinga-assertion": await sign(claims) } : {},
        },
      );
    const started = await portalCall("initClaimTracking", member, "Member Portal");
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

describe("what an assertion must say (decision 0060)", () => {
  test("its company: the body's and the claim's, by the configuration's id, or it is refused", async () => {
    await seed();
    const claim = await loggedInClaim();
    const member = { policies: ["1234567890"] };
    for (const company of [undefined, "bank-partner", "Kalinga Life", "another-insurer", 7]) {
      const answer = await details(claim, "1234567890", await sign({ ...member, company }));
      expect(answer.statusCode, String(company)).toBe(401);
      expect(answer.json()).toMatchObject({
        message: "Sign in to the portal again: its sign-in could not be verified.",
      });
    }
    const assertion = await sign(member);
    const chosen = await details(claim, "1234567890", assertion);
    expect(chosen.statusCode, chosen.body).toBe(200);
    // An upload's form names no company: the claim's is checked.
    const filing = { ...claim, token: (chosen.json() as { token: string }).token };
    const bytes = await sharp({
      create: { width: 64, height: 48, channels: 3, background: "#336699" },
    })
      .jpeg()
      .toBuffer();
    const slotKey = mandatorySlotKeys(slotFactsOfPayload(accidentPayload, TODAY))[0] ?? "";
    const otherCompany = await uploadDocument(server.app, filing, {
      slotKey,
      bytes,
      headers: { "x-kalinga-assertion": await sign({ ...member, company: "bank-partner" }) },
    });
    expect(otherCompany.statusCode).toBe(401);
    const own = await uploadDocument(server.app, filing, {
      slotKey,
      bytes,
      headers: { "x-kalinga-assertion": assertion },
    });
    expect(own.statusCode, own.body).toBe(200);

    // The bank partner's portal signs for its own company's calls, not the first company's.
    const list = async (companyName: string) =>
      callClaim(
        server.app,
        "listPortalPolicies",
        { basicInformation: { companyName, channelName: "Member Portal" } },
        {
          headers: {
            "x-kalinga-assertion": await sign({
              company: "bank-partner",
              policies: ["5488246102"],
            }),
          },
        },
      );
    expect((await list("Kalinga Bank Life")).statusCode).toBe(200);
    expect((await list("Kalinga Life")).statusCode).toBe(401);
  });

  test("its user's channel: a member's assertion opens no agent-assist call, an agent's no member-portal call (403)", async () => {
    await seed();
    const member = await sign({ policies: ["1234567890"] });
    const agent = await sign({ agentCode: "AG-1001" });
    const call = (name: string, channelName: string, assertion: string) =>
      callClaim(
        server.app,
        name,
        { basicInformation: { companyName: "Kalinga Life", channelName } },
        { headers: { "x-kalinga-assertion": assertion } },
      );
    const memberOnAgentAssist = await call("listPortalPolicies", "Agent Assist", member);
    expect(memberOnAgentAssist.statusCode).toBe(403);
    expect(memberOnAgentAssist.json()).toEqual({
      returnCode: "403",
      message: "This portal sign-in does not open this channel's calls.",
    });
    expect((await call("initClaimRequest", "Agent Assist", member)).statusCode).toBe(403);
    expect((await call("initClaimRequest", "Member Portal", agent)).statusCode).toBe(403);
    expect((await server.db.query("SELECT 1 FROM claims")).rows).toHaveLength(0);
    expect((await call("listPortalPolicies", "Agent Assist", agent)).statusCode).toBe(200);
    // A claim started on the member portal stays the member's, whatever channel a body names.
    const claim = await loggedInClaim();
    const posing = await details(claim, "1234567890", agent, "Agent Assist");
    expect(posing.statusCode).toBe(403);
  });

  test("its iat: a minute ahead of this server's clock is tolerated, further ahead is refused", async () => {
    await seed();
    const member = { policies: ["1234567890"] };
    // Issued two hours ahead and living fifteen minutes: without the check it is good for 2 h 15.
    for (const [issuedIn, lifetime] of [
      [2 * 3600, 900],
      [3600, 3600],
      [61, 900],
    ] as const) {
      const answer = await details(
        await loggedInClaim(),
        "1234567890",
        await sign(member, { issuedIn, lifetime }),
      );
      expect(answer.statusCode, `${issuedIn}`).toBe(401);
    }
    const skewed = await details(
      await loggedInClaim(),
      "1234567890",
      await sign(member, { issuedIn: 60 }),
    );
    expect(skewed.statusCode, skewed.body).toBe(200);
  });
});

describe("a server started without KALINGA_DEMO=true", () => {
  /** An app on this file's database as a staging server would start: no demo, no portal secret. */
  async function plainApp(env: Record<string, string> = {}) {
    const lines: string[] = [];
    const config = testConfig(
      { KALINGA_DEMO: "false", LOG_LEVEL: "warn", ...env },
      { now: server.clock.now },
    );
    const app = await testApp(server.db, config, { write: (line) => lines.push(line) });
    return { app, lines };
  }

  test("trusts no development secret or key: the portal channels and the integration API are off, and say so", async () => {
    await seed();
    // A member-portal claim of the demo server, on the same database.
    const demoClaim = await loggedInClaim();
    const { app, lines } = await plainApp();
    try {
      const forged = await new SignJWT({ company: "first", policies: ["1234567890"] })
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer(DEVELOPMENT_PORTAL_ISSUER)
        .setAudience("kalinga")
        .setSubject("anyone")
        .setIssuedAt(Math.floor(server.clock.now().getTime() / 1000))
        .setExpirationTime(Math.floor(server.clock.now().getTime() / 1000) + 600)
        .sign(new TextEncoder().encode(DEVELOPMENT_PORTAL_SECRET));
      const headers = { "x-kalinga-assertion": forged };
      const basicInformation = { companyName: "Kalinga Life", channelName: "Member Portal" };
      const answers = [
        await callClaim(app, "initClaimRequest", { basicInformation }, { headers }),
        await callClaim(app, "listPortalPolicies", { basicInformation }, { headers }),
        await callClaim(
          app,
          "getPolicyDetails",
          {
            basicInformation,
            webReferenceNumber: demoClaim.webReferenceNumber,
            policyInformation: { policyNumber: "1234567890" },
          },
          { token: demoClaim.token, headers },
        ),
      ];
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(503);
        expect(answer.json()).toEqual({
          returnCode: "503",
          message: "The member portal and agent assist are not set up on this server.",
        });
        expect(answer.body).not.toContain("9171234567");
      }
      // The public channel is not touched.
      const publicClaim = await callClaim(app, "initClaimRequest", {
        basicInformation: { companyName: "Kalinga Life", channelName: "Corporate Website" },
      });
      expect(publicClaim.statusCode).toBe(200);

      for (const [method, url] of [
        ["GET", "/api/insurer/claims"],
        ["POST", "/api/insurer/policies"],
      ] as const) {
        const answer = await app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${DEVELOPMENT_INSURER_KEY}` },
          ...(method === "POST" ? { payload: { policies: [] } } : {}),
        });
        expect(answer.statusCode, url).toBe(503);
        expect(answer.json()).toEqual({
          error: "not-configured",
          message:
            "The insurer integration API is not set up on this server (KALINGA_INSURER_KEYS).",
          errors: [],
        });
      }
      const warnings = lines.join("\n");
      expect(warnings).toContain("The member portal and agent assist are off");
      expect(warnings).toContain("The insurer integration API is off");
    } finally {
      await app.close();
    }
  });

  test("with the portal's own secret and the insurer's own key, both work", async () => {
    const insurerKey = "core-claims-system-key-0123456789abcdef";
    const { app, lines } = await plainApp({
      KALINGA_PORTAL_SECRET: SECRET,
      KALINGA_PORTAL_ISSUER: ISSUER,
      KALINGA_INSURER_KEYS: insurerKey,
    });
    try {
      const seeded = await app.inject({
        method: "POST",
        url: "/api/insurer/policies",
        headers: { authorization: `Bearer ${insurerKey}` },
        payload: { policies: [policy("1234567890", "Maria", "AG-1001")] },
      });
      expect(seeded.statusCode, seeded.body).toBe(200);
      const listed = await callClaim(
        app,
        "listPortalPolicies",
        { basicInformation: { companyName: "Kalinga Life", channelName: "Member Portal" } },
        { headers: { "x-kalinga-assertion": await sign({ policies: ["1234567890"] }) } },
      );
      expect(listed.json()).toEqual({
        returnCode: "0",
        policies: [{ policyNumber: "1234567890", insuredName: "Maria Dela Cruz" }],
      });
      expect(lines.join("\n")).not.toContain("are off");
      expect(lines.join("\n")).not.toContain("is off");
    } finally {
      await app.close();
    }
  });
});
