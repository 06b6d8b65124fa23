import { WEB_REFERENCE_PATTERN } from "@kalinga/domain/web-reference-number";
import { describe, expect, test } from "vitest";
import { useServerTest } from "./support/server-test.ts";
import {
  API_KEY,
  basicInformation,
  callClaim,
  latestCode,
  outbox,
  requestCode,
  resendCode,
  startClaim,
  validateCode,
} from "./support/test-app.ts";

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
    const missing = await callClaim(server.app, "initClaimRequest", {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: [{ field: "basicInformation" }] });
  });

  test("unknown keys are dropped, never stored", async () => {
    const response = await callClaim(server.app, "initClaimRequest", {
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
      const response = await callClaim(
        server.app,
        call,
        { basicInformation, webReferenceNumber: claim.webReferenceNumber },
        { apiKey: "someone-elses-key", token: claim.token },
      );
      expect(response.statusCode, call).toBe(401);
    }
  });

  test("KALINGA_API_KEYS replaces the development key", async () => {
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

describe("malformed requests", () => {
  test("malformed JSON answers 400 without a stack trace", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/claims/initClaimRequest",
      headers: { "content-type": "application/json", "x-api-key": "kalinga-dev-key" },
      payload: '{"basicInformation": {"companyName": "Kalinga Life",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      returnCode: "400",
      message: "Invalid request",
      errors: [{ field: "body", message: "The request body is not valid JSON." }],
    });
    expect(response.body).not.toMatch(/at |\.ts|stack/);
  });

  test("an empty body and a JSON array answer 400", async () => {
    const empty = await server.app.inject({
      method: "POST",
      url: "/api/claims/initClaimRequest",
      headers: { "content-type": "application/json", "x-api-key": "kalinga-dev-key" },
      payload: "",
    });
    expect(empty.statusCode).toBe(400);
    const array = await server.app.inject({
      method: "POST",
      url: "/api/claims/initClaimRequest",
      headers: { "content-type": "application/json", "x-api-key": "kalinga-dev-key" },
      payload: "[1,2]",
    });
    expect(array.statusCode).toBe(400);
    expect(array.json()).toMatchObject({ returnCode: "400" });
  });

  test("a prototype-poisoning body answers 400", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/claims/initClaimRequest",
      headers: { "content-type": "application/json", "x-api-key": "kalinga-dev-key" },
      payload:
        '{"basicInformation":{"companyName":"Kalinga Life","channelName":"Corporate Website"},"__proto__":{"admin":true}}',
    });
    expect(response.statusCode).toBe(400);
  });

  test("a body over 64 KB answers 413", async () => {
    const response = await callClaim(server.app, "initClaimRequest", {
      basicInformation,
      padding: "x".repeat(65 * 1024),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      returnCode: "413",
      message: "The request body is too large.",
    });
  });

  test("a body that is not JSON answers 415", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/claims/initClaimRequest",
      headers: { "content-type": "text/xml", "x-api-key": "kalinga-dev-key" },
      payload: "<claim/>",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ returnCode: "415" });
  });

  test("another method on a claim path answers 405; an unknown path 404, both JSON", async () => {
    const get = await server.app.inject({ method: "GET", url: "/api/claims/initClaimRequest" });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe("POST");
    expect(get.json()).toEqual({ returnCode: "405", message: "Method not allowed." });
    const unknown = await callClaim(server.app, "noSuchCall", { basicInformation });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ returnCode: "404", message: "Not found." });
  });
});

describe("CORS and headers", () => {
  test("a configured host origin may call; the answer names it", async () => {
    const response = await callClaim(
      server.app,
      "initClaimRequest",
      { basicInformation },
      { headers: { origin: "https://www.kalinga-life.example" } },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers["access-control-allow-origin"]).toBe(
      "https://www.kalinga-life.example",
    );
    expect(response.headers.vary).toContain("Origin");
  });

  test("the server's own origin may call", async () => {
    const response = await callClaim(
      server.app,
      "initClaimRequest",
      { basicInformation },
      { headers: { origin: "http://claims.kalinga.example", host: "claims.kalinga.example" } },
    );
    expect(response.statusCode).toBe(200);
  });

  test("another origin is refused with 403 and no CORS header", async () => {
    const response = await callClaim(
      server.app,
      "initClaimRequest",
      { basicInformation },
      { headers: { origin: "https://evil.example" } },
    );
    expect(response.statusCode).toBe(403);
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
    expect(response.json()).toEqual({
      returnCode: "403",
      message: "This origin may not call the Kalinga API.",
    });
    expect(response.headers.vary).toContain("Origin");
    // Spelt as the router decodes it, the call is refused the same.
    const encoded = await server.app.inject({
      method: "POST",
      url: "/%61pi/claims/initClaimRequest",
      headers: {
        origin: "https://evil.example",
        "content-type": "application/json",
        "x-api-key": API_KEY,
      },
      payload: JSON.stringify({ basicInformation }),
    });
    expect(encoded.statusCode).toBe(403);
    expect((await server.db.query("SELECT 1 FROM claims")).rows).toHaveLength(0);
  });

  test("a preflight from a host origin allows every header the widget sends, the portal's assertion included", async () => {
    const widgetHeaders =
      "content-type, x-api-key, authorization, idempotency-key, x-kalinga-assertion";
    const response = await server.app.inject({
      method: "OPTIONS",
      url: "/api/claims/listPortalPolicies",
      headers: {
        origin: "https://www.kalinga-life.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": widgetHeaders,
      },
    });
    expect(response.statusCode).toBe(204);
    const allowedHeaders = String(response.headers["access-control-allow-headers"])
      .split(",")
      .map((name) => name.trim().toLowerCase());
    for (const name of widgetHeaders.split(", ")) expect(allowedHeaders).toContain(name);
    expect(response.headers["access-control-allow-methods"]).toContain("POST");
    expect(response.headers["access-control-max-age"]).toBe("600");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    // Nor is a preflight from a stranger's page answered with any allowance.
    const stranger = await server.app.inject({
      method: "OPTIONS",
      url: "/api/claims/listPortalPolicies",
      headers: {
        origin: "https://evil.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": widgetHeaders,
      },
    });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.headers["access-control-allow-origin"]).toBeUndefined();
    expect(stranger.headers["access-control-allow-headers"]).toBeUndefined();
  });

  test("a host origin's answers expose Retry-After and X-Request-Id to the widget", async () => {
    const response = await callClaim(
      server.app,
      "initClaimRequest",
      { basicInformation },
      { headers: { origin: "https://www.kalinga-life.example" } },
    );
    expect(response.headers["access-control-expose-headers"]).toBe("retry-after, x-request-id");
  });

  test("a preflight from a host origin is answered with the allowed methods and headers", async () => {
    const response = await server.app.inject({
      method: "OPTIONS",
      url: "/api/claims/requestOneTimePIN",
      headers: {
        origin: "https://www.kalinga-life.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type, x-api-key, authorization",
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers["access-control-allow-origin"]).toBe(
      "https://www.kalinga-life.example",
    );
    expect(response.headers["access-control-allow-headers"]).toContain("x-api-key");
    expect(response.headers["access-control-allow-headers"]).toContain("authorization");
    expect(response.headers["access-control-allow-headers"]).toContain("x-kalinga-device");
  });

  test("API answers are never cached and carry the security headers", async () => {
    const claim = await startClaim(server.app);
    for (const response of [
      await requestCode(server.app, claim, "123"),
      await requestCode(server.app, claim),
      await validateCode(server.app, claim, "000000"),
      await callClaim(server.app, "initClaimRequest", {}, { apiKey: null }),
    ]) {
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    }
  });

  test("HSTS is sent only behind https", async () => {
    await server.restart({ KALINGA_TRUSTED_PROXIES: "127.0.0.1" });
    const https = await server.app.inject({
      method: "GET",
      url: "/healthz",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(https.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    const http = await server.app.inject({ method: "GET", url: "/healthz" });
    expect(http.headers["strict-transport-security"]).toBeUndefined();
  });
});
