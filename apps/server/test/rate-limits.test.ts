import { DECIDED_MESSAGES } from "@kalinga/domain/messages";
import { describe, expect, test } from "vitest";
import { challengeOf, withChallenges } from "./support/challenge-client.ts";
import { useServerTest } from "./support/server-test.ts";
import {
  basicInformation,
  callClaim,
  latestCode,
  outbox,
  requestCode,
  resendCode,
  startClaim,
  testApp,
  testConfig,
  validateCode,
} from "./support/test-app.ts";

// The TestClock starts at 09:00 in Manila.
const server = useServerTest({
  env: {
    OTP_MOBILE_DAILY_LIMIT: "3",
    OTP_SEND_ADDRESS_LIMIT: "5",
    FAILED_TOKEN_ADDRESS_LIMIT: "3",
  },
});

describe("sends per mobile number per day, across claims", () => {
  test("the fourth send of the day to one number is refused until midnight in Manila", async () => {
    for (let claim = 0; claim < 3; claim++) {
      const started = await startClaim(server.app);
      expect(
        (await requestCode(server.app, started, "9170000001", { remoteAddress: `10.0.1.${claim}` }))
          .statusCode,
      ).toBe(200);
    }
    const fourth = await startClaim(server.app);
    const refused = await requestCode(server.app, fourth, "9170000001", {
      remoteAddress: "10.0.1.9",
    });
    expect(refused.statusCode).toBe(429);
    // 09:00 to midnight in Manila is 15 hours.
    expect(refused.headers["retry-after"]).toBe(String(15 * 3600));
    expect(refused.json()).toEqual({
      returnCode: "6",
      message: DECIDED_MESSAGES.tooManyRequests,
      retryAfterSeconds: 15 * 3600,
      sendsLeft: 4,
    });
    expect(await outbox(server.app, "639170000001")).toHaveLength(3);
    // The refusal used none of the claim's sends.
    const { rows } = await server.db.query("SELECT 1 FROM otp_codes");
    expect(rows).toHaveLength(3);
    server.clock.advance(15 * 3600);
    const nextDay = await requestCode(server.app, await startClaim(server.app), "9170000001");
    expect(nextDay.json()).toMatchObject({ returnCode: "0", sendsLeft: 3 });
  });

  test("another number is not affected", async () => {
    for (let claim = 0; claim < 3; claim++) {
      await requestCode(server.app, await startClaim(server.app), "9170000001", {
        remoteAddress: `10.0.2.${claim}`,
      });
    }
    const other = await requestCode(server.app, await startClaim(server.app), "9170000002", {
      remoteAddress: "10.0.2.9",
    });
    expect(other.statusCode).toBe(200);
  });

  test("the answer is the same whether or not the number was seen before", async () => {
    await requestCode(server.app, await startClaim(server.app), "9170000003", {
      remoteAddress: "10.0.3.1",
    });
    const seen = await requestCode(server.app, await startClaim(server.app), "9170000003", {
      remoteAddress: "10.0.3.2",
    });
    const unseen = await requestCode(server.app, await startClaim(server.app), "9170000004", {
      remoteAddress: "10.0.3.3",
    });
    expect(seen.statusCode).toBe(unseen.statusCode);
    expect(seen.json()).toEqual(unseen.json());
  });

  test("the counters hold no mobile number in clear", async () => {
    await requestCode(server.app, await startClaim(server.app), "9170000005");
    const { rows } = await server.db.query<{ bucket: string }>(
      "SELECT bucket FROM rate_limit_hits",
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain("9170000005");
    expect(JSON.stringify(rows)).not.toContain("127.0.0.1");
  });
});

describe("SMS sends per client address", () => {
  test("the sixth send in 10 minutes from one address asks a proof of work and sends nothing; its codes stay usable; others and later sends pass", async () => {
    const claims = [];
    for (let send = 0; send < 5; send++) {
      const claim = await startClaim(server.app, { remoteAddress: "10.0.4.1" });
      const sent = await requestCode(server.app, claim, `917000002${send}`, {
        remoteAddress: "10.0.4.1",
      });
      expect(sent.statusCode).toBe(200);
      claims.push(claim);
    }
    const sixth = await startClaim(server.app, { remoteAddress: "10.0.4.1" });
    const refused = await requestCode(server.app, sixth, "9170000029", {
      remoteAddress: "10.0.4.1",
    });
    expect(refused.statusCode).toBe(429);
    // Not a wait: the call may be repeated at once with the challenge solved (decision 0061).
    expect(refused.headers["retry-after"]).toBeUndefined();
    expect(refused.json()).toEqual({
      returnCode: "6",
      message: DECIDED_MESSAGES.tooManyRequests,
      challenge: expect.objectContaining({ signature: expect.any(String) }),
    });
    expect(await outbox(server.app, "639170000029")).toEqual([]);
    // The refusal took nothing from the number's daily count either.
    const { rows } = await server.db.query("SELECT 1 FROM otp_codes");
    expect(rows).toHaveLength(5);

    // Guesses are not address calls: every code sent from the address can still be entered.
    const first = claims[0] as (typeof claims)[number];
    for (let guess = 0; guess < 3; guess++) {
      expect(
        (await validateCode(server.app, first, "000000", { remoteAddress: "10.0.4.1" })).statusCode,
      ).toBe(417);
    }
    for (const [index, claim] of claims.entries()) {
      const code = await latestCode(server.app, `63917000002${index}`);
      const verified = await validateCode(server.app, claim, code, { remoteAddress: "10.0.4.1" });
      expect(verified.json()).toMatchObject({ returnCode: "0" });
    }

    const elsewhere = await requestCode(server.app, sixth, "9170000029", {
      remoteAddress: "10.0.4.2",
    });
    expect(elsewhere.statusCode).toBe(200);
    server.clock.advance(600);
    const later = await requestCode(
      server.app,
      await startClaim(server.app, { remoteAddress: "10.0.4.1" }),
      "9170000028",
      { remoteAddress: "10.0.4.1" },
    );
    expect(later.statusCode).toBe(200);
  });

  test("a send the SMS provider failed is given back to the hourly SMS ceiling", async () => {
    const failing = await testApp(
      server.db,
      testConfig(
        {
          OTP_SEND_HOURLY_LIMIT: "1",
          SMS_PROVIDER: "http",
          // Nothing listens on the discard port: every SMS fails at once.
          SMS_HTTP_URL: "http://127.0.0.1:9/sms",
          SMS_HTTP_TOKEN: "unused",
        },
        { now: server.clock.now },
      ),
    );
    try {
      const answers = [];
      for (let send = 0; send < 3; send++) {
        const claim = await startClaim(failing);
        answers.push(
          (await requestCode(failing, claim, "9170000050", { remoteAddress: "10.0.8.1" }))
            .statusCode,
        );
      }
      expect(answers).toEqual([502, 502, 502]);
    } finally {
      await failing.close();
    }
  });

  test("two servers on one database share the count", async () => {
    const second = await testApp(
      server.db,
      testConfig({ OTP_SEND_ADDRESS_LIMIT: "5" }, { now: server.clock.now }),
    );
    try {
      const answers = [];
      for (let send = 0; send < 6; send++) {
        const either = send % 2 === 0 ? server.app : second;
        const claim = await startClaim(either);
        const answer = await requestCode(either, claim, `917000003${send}`, {
          remoteAddress: "10.0.5.1",
        });
        answers.push(`${answer.statusCode}${challengeOf(answer) ? " challenge" : ""}`);
      }
      expect(answers).toEqual(["200", "200", "200", "200", "200", "429 challenge"]);
    } finally {
      await second.close();
    }
  });

  test("past the hourly SMS ceiling every address is refused until the hour ends, and a refused send counts nothing", async () => {
    const capped = await testApp(
      server.db,
      testConfig({ OTP_SEND_HOURLY_LIMIT: "2" }, { now: server.clock.now }),
    );
    try {
      const answers = [];
      for (let send = 0; send < 3; send++) {
        const claim = await startClaim(capped, { remoteAddress: `10.0.9.${send}` });
        const answer = await requestCode(capped, claim, `917000006${send}`, {
          remoteAddress: `10.0.9.${send}`,
        });
        answers.push(answer.statusCode);
        if (send === 2) {
          // The clock stands at 01:00 UTC: the hour's window ends in an hour.
          expect(answer.headers["retry-after"]).toBe("3600");
          expect(answer.json()).toMatchObject({ returnCode: "6", sendsLeft: 4 });
        }
      }
      expect(answers).toEqual([200, 200, 429]);
      expect(await outbox(capped, "639170000062")).toEqual([]);
      server.clock.advance(3600);
      const later = await startClaim(capped, { remoteAddress: "10.0.9.9" });
      expect(
        (await requestCode(capped, later, "9170000069", { remoteAddress: "10.0.9.9" })).statusCode,
      ).toBe(200);
    } finally {
      await capped.close();
    }
  });
});

describe("failed tokens per client address", () => {
  test("past the limit, calls with a made-up token get 429; calls with a valid token from the same address pass", async () => {
    const claim = await startClaim(server.app, { remoteAddress: "10.0.7.1" });
    const forged = { ...claim, token: "made-up-token-0123456789" };
    const answers = [];
    for (let call = 0; call < 4; call++) {
      answers.push(
        (await validateCode(server.app, forged, "123456", { remoteAddress: "10.0.7.1" }))
          .statusCode,
      );
    }
    // No token at all is a failure too.
    answers.push(
      (
        await validateCode(server.app, { ...claim, token: "" }, "123456", {
          remoteAddress: "10.0.7.1",
        })
      ).statusCode,
    );
    expect(answers).toEqual([401, 401, 401, 429, 429]);
    const throttled = await resendCode(server.app, forged, { remoteAddress: "10.0.7.1" });
    expect(throttled.headers["retry-after"]).toBe("600");
    expect(throttled.json()).toMatchObject({
      returnCode: "6",
      message: DECIDED_MESSAGES.tooManyRequests,
    });

    const sent = await requestCode(server.app, claim, "9170000040", { remoteAddress: "10.0.7.1" });
    expect(sent.statusCode).toBe(200);
    const verified = await validateCode(
      server.app,
      claim,
      await latestCode(server.app, "639170000040"),
      {
        remoteAddress: "10.0.7.1",
      },
    );
    expect(verified.json()).toMatchObject({ returnCode: "0" });
    expect(
      (await validateCode(server.app, forged, "123456", { remoteAddress: "10.0.7.2" })).statusCode,
    ).toBe(401);
  });
});

describe("claims started per client address", () => {
  test("past the normal rate a start asks a proof of work and creates nothing; solved, it starts", async () => {
    const limited = await testApp(
      server.db,
      testConfig({ CLAIM_START_ADDRESS_LIMIT: "3" }, { now: server.clock.now }),
    );
    try {
      for (let start = 0; start < 3; start++)
        await startClaim(limited, { remoteAddress: "10.0.6.1" });
      const before = await server.db.query("SELECT 1 FROM claims");
      const refused = await callClaim(
        limited,
        "initClaimRequest",
        { basicInformation },
        { remoteAddress: "10.0.6.1" },
      );
      expect(refused.statusCode).toBe(429);
      expect(refused.headers["retry-after"]).toBeUndefined();
      expect(refused.json()).toMatchObject({
        returnCode: "6",
        message: DECIDED_MESSAGES.tooManyRequests,
        challenge: { parameters: { algorithm: "SHA-256" } },
      });
      expect((await server.db.query("SELECT 1 FROM claims")).rows).toHaveLength(before.rows.length);
      expect((await startClaim(limited, { remoteAddress: "10.0.6.2" })).token).toBeTruthy();
      const solved = await withChallenges((headers) =>
        callClaim(
          limited,
          "initClaimRequest",
          { basicInformation },
          {
            remoteAddress: "10.0.6.1",
            headers,
          },
        ),
      );
      expect(solved.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
