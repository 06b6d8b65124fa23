import { accidentPayload } from "@kalinga/domain/fixtures/claim-fixtures";
import { mandatorySlotKeys, slotFactsOfPayload } from "@kalinga/domain/upload-slots";
import { SignJWT } from "jose";
import { describe, expect, test } from "vitest";
import { DEVELOPMENT_INSURER_KEY } from "../src/config/insurer-config.ts";
import {
  DEVELOPMENT_PORTAL_ISSUER,
  DEVELOPMENT_PORTAL_SECRET,
} from "../src/config/portal-config.ts";
import { samplePhoto, uploadDocument } from "./support/claim-documents.ts";
import { TODAY } from "./support/claim-payloads.ts";
import { PORTAL_ISSUER, PORTAL_SECRET, PORTAL_SERVER, policy, portalOf } from "./support/portal.ts";
import { useServerTest } from "./support/server-test.ts";
import { callClaim, testApp, testConfig } from "./support/test-app.ts";

// What the portal's signed assertion must say (decisions 0058, 0060): its company, its user's
// channel and its time; and a server without KALINGA_DEMO trusts no development secret.

const server = useServerTest({ ...PORTAL_SERVER });
const { seed, sign, loggedInClaim, details } = portalOf(server);

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
    const bytes = await samplePhoto();
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
    const call = (
      name: "listPortalPolicies" | "initClaimRequest",
      channelName: string,
      assertion: string,
    ) =>
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
      KALINGA_PORTAL_SECRET: PORTAL_SECRET,
      KALINGA_PORTAL_ISSUER: PORTAL_ISSUER,
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
