import { describe, expect, test } from "vitest";
import { useServerTest } from "./support/server-test.ts";
import {
  API_KEY,
  basicInformation,
  callClaim,
  callClaimRaw,
  requestCode,
  startClaim,
  validateCode,
} from "./support/test-app.ts";

// What the claim calls answer to a request no widget sends (broken JSON, a body too large, another
// method) and to the browser around it: CORS for the host pages and the security headers.

const server = useServerTest({
  env: { KALINGA_ALLOWED_ORIGINS: "https://www.kalinga-life.example" },
});

/** initClaimRequest with this text as its body, as a client sends it that does not build JSON. */
const sendText = (payload: string, contentType = "application/json") =>
  server.app.inject({
    method: "POST",
    url: "/api/claims/initClaimRequest",
    headers: { "content-type": contentType, "x-api-key": "kalinga-dev-key" },
    payload,
  });

describe("malformed requests", () => {
  test("malformed JSON answers 400 without a stack trace", async () => {
    const response = await sendText('{"basicInformation": {"companyName": "Kalinga Life",');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      returnCode: "400",
      message: "Invalid request",
      errors: [{ field: "body", message: "The request body is not valid JSON." }],
    });
    expect(response.body).not.toMatch(/at |\.ts|stack/);
  });

  test("an empty body and a JSON array answer 400", async () => {
    const empty = await sendText("");
    expect(empty.statusCode).toBe(400);
    const array = await sendText("[1,2]");
    expect(array.statusCode).toBe(400);
    expect(array.json()).toMatchObject({ returnCode: "400" });
  });

  test("a prototype-poisoning body answers 400", async () => {
    const response = await sendText(
      '{"basicInformation":{"companyName":"Kalinga Life","channelName":"Corporate Website"},"__proto__":{"admin":true}}',
    );
    expect(response.statusCode).toBe(400);
  });

  test("a body over 64 KB answers 413", async () => {
    const response = await callClaimRaw(server.app, "initClaimRequest", {
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
    const response = await sendText("<claim/>", "text/xml");
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ returnCode: "415" });
  });

  test("another method on a claim path answers 405; an unknown path 404, both JSON", async () => {
    const get = await server.app.inject({ method: "GET", url: "/api/claims/initClaimRequest" });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe("POST");
    expect(get.json()).toEqual({ returnCode: "405", message: "Method not allowed." });
    const unknown = await callClaimRaw(server.app, "noSuchCall", { basicInformation });
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
      "content-type, x-api-key, authorization, idempotency-key, x-kalinga-assertion, x-kalinga-locale";
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
      await callClaimRaw(server.app, "initClaimRequest", {}, { apiKey: null }),
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
