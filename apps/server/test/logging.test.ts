import { describe, expect, test } from "vitest";
import { scrub } from "../src/logging.ts";
import { useServerTest } from "./support/server-test.ts";
import {
  API_KEY,
  basicInformation,
  callClaim,
  callClaimRaw,
  latestCode,
  otherCode,
  testApp,
  testConfig,
} from "./support/test-app.ts";

// Plants an OTP, tokens, a mobile number, an api key and a body value through real calls, captures
// every log line the server writes, and searches them.

const PLANTED_MOBILE = "9175550199";
const PLANTED_FIRST_NAME = "Zelphinekka";

const server = useServerTest({ scope: "file", logs: true });

describe("logs", () => {
  test("hold no OTP, token, api key, full mobile number or request body", async () => {
    const init = await callClaim(server.app, "initClaimRequest", { basicInformation });
    const { webReferenceNumber, token } = init.json() as {
      webReferenceNumber: string;
      token: string;
    };
    const claim = { basicInformation, webReferenceNumber };
    const sent = await callClaim(
      server.app,
      "requestOneTimePIN",
      { ...claim, countryCode: "63", mobileNumber: PLANTED_MOBILE, firstName: PLANTED_FIRST_NAME },
      { token },
    );
    expect(sent.statusCode).toBe(200);
    const code = await latestCode(server.app, `63${PLANTED_MOBILE}`);
    await callClaim(
      server.app,
      "validateOneTimePIN",
      { ...claim, oneTimePIN: otherCode(code) },
      { token },
    );
    const verified = await callClaim(
      server.app,
      "validateOneTimePIN",
      { ...claim, oneTimePIN: code },
      { token },
    );
    const newToken = (verified.json() as { token: string }).token;
    expect(newToken).toBeTruthy();

    // Failure paths that carry the same values.
    await callClaim(server.app, "resetOneTimePIN", claim, { token });
    await server.app.inject({
      method: "POST",
      url: "/api/claims/requestOneTimePIN",
      headers: {
        "content-type": "application/json",
        "x-api-key": API_KEY,
        authorization: `Bearer ${newToken}`,
      },
      payload: `{"mobileNumber":"${PLANTED_MOBILE}","oneTimePIN":"${code}",`,
    });
    // Raw: a body without its country code and first name, refused after its values are read.
    await callClaimRaw(
      server.app,
      "requestOneTimePIN",
      { ...claim, mobileNumber: `${PLANTED_MOBILE}9` },
      { token: newToken },
    );
    await server.app.inject({
      method: "GET",
      url: `/api/nowhere?to=63${PLANTED_MOBILE}&code=${code}`,
    });
    await server.app.inject({ method: "GET", url: `/help-support/claims/${PLANTED_MOBILE}` });

    const log = server.logLines.join("");
    if (process.env.KALINGA_SHOW_LOGS) console.log(log);
    expect(server.logLines.length).toBeGreaterThan(10);
    expect(log).toContain('"reqId"');
    expect(log).toContain("******0199");
    // The code as a number of its own (a timestamp or a duration may hold the same 6 digits by chance).
    expect(log).not.toMatch(new RegExp(`(?<![\\d.])${code}(?!\\d)`));
    for (const secret of [token, newToken, API_KEY, PLANTED_MOBILE, PLANTED_FIRST_NAME]) {
      expect(log, `log contains ${secret}`).not.toContain(secret);
    }
    expect(log.toLowerCase()).not.toContain("authorization");
    expect(log).not.toContain("Bearer");
  });

  test("a client's X-Request-Id never reaches the logs; a listed proxy's is every line's reqId", async () => {
    const planted = `tok-${PLANTED_MOBILE}`;
    const direct = await callClaim(
      server.app,
      "initClaimRequest",
      { basicInformation },
      { headers: { "x-request-id": planted } },
    );
    expect(direct.statusCode).toBe(200);
    expect(direct.headers["x-request-id"]).not.toBe(planted);
    expect(server.logLines.join("")).not.toContain(planted);

    const proxiedLines: string[] = [];
    const behindProxy = await testApp(
      server.db,
      testConfig({ LOG_LEVEL: "info", KALINGA_TRUSTED_PROXIES: "10.0.0.0/8" }),
      { write: (line) => void proxiedLines.push(line) },
    );
    try {
      const proxied = await callClaim(
        behindProxy,
        "initClaimRequest",
        { basicInformation },
        {
          remoteAddress: "10.0.0.5",
          headers: { "x-request-id": "lb-req-42", "x-forwarded-for": "198.51.100.9" },
        },
      );
      expect(proxied.headers["x-request-id"]).toBe("lb-req-42");
      const started = proxiedLines
        .map((line) => JSON.parse(line) as { reqId?: string; msg?: string })
        .filter((line) => line.reqId === "lb-req-42");
      expect(started.map((line) => line.msg)).toContain("claim started");
    } finally {
      await behindProxy.close();
    }
  });

  test("scrub masks digit runs and drops long opaque strings", () => {
    expect(scrub("Key (mobile)=(9171234567) already exists")).toBe(
      "Key (mobile)=(******4567) already exists",
    );
    expect(scrub("token 12LqdKB_2HsWjzGcte4XNCEqVfOBseiF8-0RTvd-TsM seen")).toBe(
      "token [redacted] seen",
    );
    expect(scrub("code 123456")).toBe("code **3456");
  });
});
