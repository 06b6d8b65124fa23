import { DECIDED_MESSAGES } from "@kalinga/domain/messages";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import {
  outbox,
  requestCode,
  startClaim,
  TestClock,
  testApp,
  testConfig,
  validateCode,
} from "./support/test-app.ts";
import { openTestDatabase, type TestDatabase } from "./support/test-database.ts";

let database: TestDatabase;
let app: FastifyInstance;
let clock: TestClock;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.reset();
  clock = new TestClock(); // 09:00 in Manila
  app = await testApp(
    database.db,
    testConfig(
      { OTP_MOBILE_DAILY_LIMIT: "3", OTP_ADDRESS_LIMIT: "5", OTP_ADDRESS_WINDOW_SECONDS: "600" },
      { now: clock.now },
    ),
  );
});
afterEach(async () => {
  await app.close();
});

describe("sends per mobile number per day, across claims", () => {
  test("the fourth send of the day to one number is refused until midnight in Manila", async () => {
    for (let claim = 0; claim < 3; claim++) {
      const started = await startClaim(app);
      expect(
        (await requestCode(app, started, "9170000001", { remoteAddress: `10.0.1.${claim}` }))
          .statusCode,
      ).toBe(200);
    }
    const fourth = await startClaim(app);
    const refused = await requestCode(app, fourth, "9170000001", { remoteAddress: "10.0.1.9" });
    expect(refused.statusCode).toBe(429);
    // 09:00 to midnight in Manila is 15 hours.
    expect(refused.headers["retry-after"]).toBe(String(15 * 3600));
    expect(refused.json()).toEqual({
      returnCode: "6",
      message: DECIDED_MESSAGES.tooManyRequests,
      retryAfterSeconds: 15 * 3600,
      sendsLeft: 4,
    });
    expect(await outbox(app, "639170000001")).toHaveLength(3);
    // The refusal used none of the claim's sends.
    const { rows } = await database.db.query("SELECT 1 FROM otp_codes");
    expect(rows).toHaveLength(3);
    clock.advance(15 * 3600);
    const nextDay = await requestCode(app, await startClaim(app), "9170000001");
    expect(nextDay.json()).toMatchObject({ returnCode: "0", sendsLeft: 3 });
  });

  test("another number is not affected", async () => {
    for (let claim = 0; claim < 3; claim++) {
      await requestCode(app, await startClaim(app), "9170000001", {
        remoteAddress: `10.0.2.${claim}`,
      });
    }
    const other = await requestCode(app, await startClaim(app), "9170000002", {
      remoteAddress: "10.0.2.9",
    });
    expect(other.statusCode).toBe(200);
  });

  test("the answer is the same whether or not the number was seen before", async () => {
    await requestCode(app, await startClaim(app), "9170000003", { remoteAddress: "10.0.3.1" });
    const seen = await requestCode(app, await startClaim(app), "9170000003", {
      remoteAddress: "10.0.3.2",
    });
    const unseen = await requestCode(app, await startClaim(app), "9170000004", {
      remoteAddress: "10.0.3.3",
    });
    expect(seen.statusCode).toBe(unseen.statusCode);
    expect(seen.json()).toEqual(unseen.json());
  });

  test("the counters hold no mobile number in clear", async () => {
    await requestCode(app, await startClaim(app), "9170000005");
    const { rows } = await database.db.query<{ bucket: string }>(
      "SELECT bucket FROM rate_limit_hits",
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain("9170000005");
    expect(JSON.stringify(rows)).not.toContain("127.0.0.1");
  });
});

describe("OTP calls per client address", () => {
  test("the sixth OTP call in 10 minutes from one address is refused; others and later calls pass", async () => {
    const claim = await startClaim(app, { remoteAddress: "10.0.4.1" });
    await requestCode(app, claim, "9170000010", { remoteAddress: "10.0.4.1" });
    for (let call = 0; call < 4; call++) {
      const answer = await validateCode(app, claim, "000000", { remoteAddress: "10.0.4.1" });
      expect(answer.statusCode).not.toBe(429);
    }
    const refused = await validateCode(app, claim, "000000", { remoteAddress: "10.0.4.1" });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("600");
    expect(refused.json()).toMatchObject({
      returnCode: "6",
      message: DECIDED_MESSAGES.tooManyRequests,
    });

    // Starting a claim is not an OTP call; another address has its own count.
    expect((await startClaim(app, { remoteAddress: "10.0.4.1" })).token).toBeTruthy();
    const elsewhere = await validateCode(app, claim, "000000", { remoteAddress: "10.0.4.2" });
    expect(elsewhere.statusCode).not.toBe(429);

    clock.advance(600);
    const later = await validateCode(app, claim, "000000", { remoteAddress: "10.0.4.1" });
    expect(later.statusCode).not.toBe(429);
  });

  test("two servers on one database share the count", async () => {
    const second = await testApp(
      database.db,
      testConfig({ OTP_ADDRESS_LIMIT: "5", OTP_ADDRESS_WINDOW_SECONDS: "600" }, { now: clock.now }),
    );
    try {
      const claim = await startClaim(app);
      const answers = [];
      for (let call = 0; call < 6; call++) {
        const server = call % 2 === 0 ? app : second;
        answers.push(
          (await validateCode(server, claim, "000000", { remoteAddress: "10.0.5.1" })).statusCode,
        );
      }
      expect(answers.slice(0, 5).every((status) => status !== 429)).toBe(true);
      expect(answers[5]).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe("claims started per client address", () => {
  test("past the limit a start is refused with Retry-After and creates nothing", async () => {
    const limited = await testApp(
      database.db,
      testConfig({ CLAIM_START_ADDRESS_LIMIT: "3" }, { now: clock.now }),
    );
    try {
      for (let start = 0; start < 3; start++)
        await startClaim(limited, { remoteAddress: "10.0.6.1" });
      const before = await database.db.query("SELECT 1 FROM claims");
      const refused = await limited.inject({
        method: "POST",
        url: "/api/claims/initClaimRequest",
        remoteAddress: "10.0.6.1",
        headers: { "x-api-key": "kalinga-dev-key", "content-type": "application/json" },
        payload: {
          basicInformation: { companyName: "Kalinga Life", channelName: "Corporate Website" },
        },
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers["retry-after"]).toBe("600");
      expect(refused.json()).toMatchObject({
        returnCode: "6",
        message: DECIDED_MESSAGES.tooManyRequests,
      });
      expect((await database.db.query("SELECT 1 FROM claims")).rows).toHaveLength(
        before.rows.length,
      );
      expect((await startClaim(limited, { remoteAddress: "10.0.6.2" })).token).toBeTruthy();
    } finally {
      await limited.close();
    }
  });
});
