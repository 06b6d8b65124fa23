import { createHash } from "node:crypto";
import { WEB_REFERENCE_PATTERN } from "@kalinga/domain/web-reference-number";
import { describe, expect, test } from "vitest";
import { useServerTest } from "./support/server-test.ts";
import {
  basicInformation,
  callClaim,
  callClaimRaw,
  latestCode,
  outbox,
  requestCode,
  resendCode,
  startClaim,
  validateCode,
} from "./support/test-app.ts";

// Who may call the claim API: a known api key, then a live claim token for its own claim only.

const server = useServerTest({
  env: { KALINGA_ALLOWED_ORIGINS: "https://www.kalinga-life.example" },
});

const unauthorized = (message: string) => ({ returnCode: "401", message });

describe("initClaimRequest", () => {
  test("starts a draft claim with a readable web reference number and a token", async () => {
    const response = await callClaim(server.app, "initClaimRequest", { basicInformation });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.json() as {
      returnCode: string;
      webReferenceNumber: string;
      token: string;
    };
    expect(body.returnCode).toBe("0");
    expect(body.webReferenceNumber).toMatch(WEB_REFERENCE_PATTERN);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await server.db.query(
      "SELECT status, company_name, channel_name FROM claims WHERE web_reference_number = $1",
      [body.webReferenceNumber],
    );
    expect(rows).toEqual([
      { status: "draft", company_name: "Kalinga Life", channel_name: "Corporate Website" },
    ]);
    const tokens = await server.db.query<{ token_hash: string }>(
      "SELECT token_hash FROM claim_tokens",
    );
    expect(tokens.rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(tokens.rows)).not.toContain(body.token);
  });

  test("every claim gets its own number and token", async () => {
    const claims = await Promise.all(Array.from({ length: 20 }, () => startClaim(server.app)));
    expect(new Set(claims.map((c) => c.webReferenceNumber)).size).toBe(20);
    expect(new Set(claims.map((c) => c.token)).size).toBe(20);
  });

  test("the bank-partner company and the other channels are accepted; unknown names are not", async () => {
    const bank = await callClaim(server.app, "initClaimRequest", {
      basicInformation: { companyName: "Kalinga Bank Life", channelName: "Corporate Website" },
    });
    expect(bank.statusCode).toBe(200);
    // The logged-in channels are known names, and need the portal's sign-in (decision 0059).
    for (const channelName of ["Member Portal", "Agent Assist"]) {
      const portal = await callClaim(server.app, "initClaimRequest", {
        basicInformation: { companyName: "Kalinga Bank Life", channelName },
      });
      expect(portal.statusCode, channelName).toBe(401);
    }
    const unknown = await callClaim(server.app, "initClaimRequest", {
      basicInformation: { companyName: "Acme Life", channelName: "Kiosk" },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      returnCode: "400",
      message: "Invalid request",
      errors: [
        { field: "basicInformation.companyName", message: "Unknown company name." },
        { field: "basicInformation.channelName", message: "Unknown channel name." },
      ],
    });
    const missing = await callClaimRaw(server.app, "initClaimRequest", {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: [{ field: "basicInformation" }] });
  });

  test("unknown keys are dropped, never stored", async () => {
    const response = await callClaimRaw(server.app, "initClaimRequest", {
      basicInformation,
      status: "approved",
      webReferenceNumber: "KL-AAAA-AAAA",
    });
    expect(response.statusCode).toBe(200);
    const { rows } = await server.db.query("SELECT status, web_reference_number FROM claims");
    expect(rows[0]).toMatchObject({ status: "draft" });
    expect(rows[0]).not.toMatchObject({ web_reference_number: "KL-AAAA-AAAA" });
  });
});

describe("api key", () => {
  test("a missing api key answers 401", async () => {
    const response = await callClaim(
      server.app,
      "initClaimRequest",
      { basicInformation },
      { apiKey: null },
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(unauthorized("Missing or unknown API key."));
  });

  test("an unknown api key answers 401 on every call", async () => {
    const claim = await startClaim(server.app);
    for (const call of [
      "initClaimRequest",
      "requestOneTimePIN",
      "resetOneTimePIN",
      "validateOneTimePIN",
    ]) {
      // The key is checked before the body: one body does for every call.
      const response = await callClaimRaw(
        server.app,
        call,
        { basicInformation, webReferenceNumber: claim.webReferenceNumber },
        { apiKey: "someone-elses-key", token: claim.token },
      );
      expect(response.statusCode, call).toBe(401);
    }
  });

  test("KALINGA_API_KEYS replaces the development key", async () => {
    // The companies name their widget keys (decision 0093): here the second key, by its id.
    const secondId = `key-${createHash("sha256").update("insurer-key-two").digest("hex").slice(0, 6)}`;
    await server.db.query(
      "UPDATE companies SET config = jsonb_set(config, '{widgetApiKeyIds}', $1)",
      [JSON.stringify({ SIT: secondId })],
    );
    await server.restart({ KALINGA_API_KEYS: "insurer-key-one,insurer-key-two" });
    expect((await callClaim(server.app, "initClaimRequest", { basicInformation })).statusCode).toBe(
      401,
    );
    const second = await callClaim(
      server.app,
      "initClaimRequest",
      { basicInformation },
      { apiKey: "insurer-key-two" },
    );
    expect(second.statusCode).toBe(200);
  });
});

describe("claim token", () => {
  test("a missing or garbage token answers 401", async () => {
    const claim = await startClaim(server.app);
    for (const token of [null, "garbage", "A".repeat(43)]) {
      const response = await requestCode(server.app, { ...claim, token: token as string });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(unauthorized("Missing, expired or unknown claim token."));
    }
    const badScheme = await callClaim(
      server.app,
      "resetOneTimePIN",
      { basicInformation, webReferenceNumber: claim.webReferenceNumber },
      { headers: { authorization: `Basic ${claim.token}` } },
    );
    expect(badScheme.statusCode).toBe(401);
  });

  test("a token idle for 30 minutes has expired; a used one stays alive", async () => {
    const claim = await startClaim(server.app);
    server.clock.advance(29 * 60);
    expect((await requestCode(server.app, claim)).statusCode).toBe(200);
    server.clock.advance(29 * 60);
    expect((await validateCode(server.app, claim, "000000")).statusCode).toBe(417);
    server.clock.advance(30 * 60);
    expect((await validateCode(server.app, claim, "000000")).statusCode).toBe(401);
  });

  test("a token lives 12 hours at most, however busy", async () => {
    const claim = await startClaim(server.app);
    // 14 × 50 minutes = 11 h 40 min of steady use, then 25 minutes more crosses 12 h.
    for (let step = 0; step < 14; step++) {
      server.clock.advance(25 * 60);
      expect((await resendCode(server.app, claim)).statusCode).not.toBe(401);
      server.clock.advance(25 * 60);
      expect((await resendCode(server.app, claim)).statusCode).not.toBe(401);
    }
    server.clock.advance(25 * 60);
    expect((await resendCode(server.app, claim)).statusCode).toBe(401);
  });

  test("the verified token keeps the absolute end of the first", async () => {
    const claim = await startClaim(server.app);
    await requestCode(server.app, claim);
    const verified = await validateCode(server.app, claim, await latestCode(server.app));
    const { rows } = await server.db.query<{ expires_at: Date; rights: string }>(
      "SELECT expires_at, rights FROM claim_tokens",
    );
    const [a, b] = rows.map((row) => new Date(row.expires_at).getTime());
    expect(a).toBe(b);
    expect(verified.statusCode).toBe(200);
  });

  test("the old token answers 401 once the OTP is verified; the new one works", async () => {
    const claim = await startClaim(server.app);
    await requestCode(server.app, claim);
    const verified = await validateCode(server.app, claim, await latestCode(server.app));
    const newToken = (verified.json() as { token: string }).token;
    server.clock.advance(120);
    expect((await resendCode(server.app, claim)).statusCode).toBe(401);
    expect((await resendCode(server.app, { ...claim, token: newToken })).statusCode).toBe(200);
  });

  test("claim A's token with claim B's web reference number answers 403 and B is untouched", async () => {
    const claimA = await startClaim(server.app);
    const claimB = await startClaim(server.app);
    await requestCode(server.app, claimB, "9180000001");
    const before = await server.db.query("SELECT * FROM claims WHERE web_reference_number = $1", [
      claimB.webReferenceNumber,
    ]);
    const beforeCodes = await server.db.query("SELECT * FROM otp_codes ORDER BY seq");

    const asA = { webReferenceNumber: claimB.webReferenceNumber, token: claimA.token };
    server.clock.advance(120);
    for (const response of [
      await requestCode(server.app, asA, "9180000002"),
      await resendCode(server.app, asA),
      await validateCode(server.app, asA, await latestCode(server.app, "639180000001")),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        returnCode: "403",
        message: "This token belongs to another claim.",
      });
    }

    const after = await server.db.query("SELECT * FROM claims WHERE web_reference_number = $1", [
      claimB.webReferenceNumber,
    ]);
    expect(after.rows).toEqual(before.rows);
    expect((await server.db.query("SELECT * FROM otp_codes ORDER BY seq")).rows).toEqual(
      beforeCodes.rows,
    );
    expect(await outbox(server.app, "639180000002")).toHaveLength(0);
  });
});
