import { RETURN_CODES } from "@kalinga/domain/claim-api";
import {
  DECIDED_MESSAGES,
  EXPIRED_OTP,
  FIELD_MESSAGES,
  OTP_ATTEMPTS_EXHAUSTED,
  WRONG_OTP,
} from "@kalinga/domain/messages";
import { describe, expect, test } from "vitest";
import { useServerTest } from "./support/server-test.ts";
import {
  basicInformation,
  callClaim,
  latestCode,
  MOBILE,
  MOBILE_63,
  onDevice,
  otherCode,
  outbox,
  requestCode,
  resendCode,
  startClaim,
  validateCode,
} from "./support/test-app.ts";

const server = useServerTest();

describe("requestOneTimePIN and validateOneTimePIN", () => {
  test("a claim is started, a code is sent by SMS, and the right code gives a verified token", async () => {
    const claim = await startClaim(server.app);
    const sent = await requestCode(server.app, claim);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ returnCode: "0", sendsLeft: 3, resendAvailableInSeconds: 120 });

    const messages = await outbox(server.app);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.to).toBe(MOBILE_63);
    expect(messages[0]?.text).toMatch(
      /^Your Kalinga Life claim code is \d{6}\. It expires in 5 minutes\. Never share this code\.$/,
    );

    const validated = await validateCode(server.app, claim, await latestCode(server.app));
    expect(validated.statusCode).toBe(200);
    const body = validated.json() as { returnCode: string; token: string };
    expect(body.returnCode).toBe("0");
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.token).not.toBe(claim.token);

    const { rows } = await server.db.query<{ mobile_number: string; verified: string }>(
      "SELECT mobile_number, verified_mobile_number AS verified FROM claims WHERE web_reference_number = $1",
      [claim.webReferenceNumber],
    );
    expect(rows[0]).toEqual({ mobile_number: MOBILE, verified: MOBILE });
    const tokens = await server.db.query<{ rights: string; revoked: boolean }>(
      "SELECT rights, revoked_at IS NOT NULL AS revoked FROM claim_tokens ORDER BY created_at, rights",
    );
    expect(tokens.rows).toEqual([
      { rights: "otp-verified", revoked: false },
      { rights: "unverified", revoked: true },
    ]);
  });

  test("the code is stored only as a keyed hash", async () => {
    const claim = await startClaim(server.app);
    await requestCode(server.app, claim);
    const code = await latestCode(server.app);
    const { rows } = await server.db.query<{ code_hash: string }>(
      "SELECT code_hash FROM otp_codes",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    const dump = JSON.stringify(
      (await server.db.query("SELECT * FROM otp_codes")).rows.concat(
        (await server.db.query("SELECT * FROM claims")).rows,
      ),
    );
    expect(dump).not.toContain(code);
  });

  test("a wrong code answers 417 with returnCode 1 and the exact message", async () => {
    const claim = await startClaim(server.app);
    await requestCode(server.app, claim);
    const response = await validateCode(server.app, claim, otherCode(await latestCode(server.app)));
    expect(response.statusCode).toBe(417);
    expect(response.json()).toEqual({
      returnCode: RETURN_CODES.wrongOtp,
      message: WRONG_OTP,
      guessesLeft: 4,
    });
  });

  test("an expired code answers 417 with returnCode 3 and the exact message", async () => {
    const claim = await startClaim(server.app);
    await requestCode(server.app, claim);
    const code = await latestCode(server.app);
    server.clock.advance(300);
    const response = await validateCode(server.app, claim, code);
    expect(response.statusCode).toBe(417);
    expect(response.json()).toEqual({ returnCode: RETURN_CODES.expiredOtp, message: EXPIRED_OTP });
  });

  test("a code is still good one second before it expires", async () => {
    const claim = await startClaim(server.app);
    await requestCode(server.app, claim);
    const code = await latestCode(server.app);
    server.clock.advance(299);
    expect((await validateCode(server.app, claim, code)).statusCode).toBe(200);
  });

  test("OTP_TTL_SECONDS sets the lifetime and the SMS says it", async () => {
    await server.restart({ OTP_TTL_SECONDS: "60" });
    const claim = await startClaim(server.app);
    await requestCode(server.app, claim);
    expect((await outbox(server.app))[0]?.text).toContain("It expires in 1 minute.");
    const code = await latestCode(server.app);
    server.clock.advance(61);
    expect((await validateCode(server.app, claim, code)).json()).toMatchObject({ returnCode: "3" });
  });

  test("after 5 wrong guesses the code is locked (returnCode 4), even for the right code", async () => {
    const claim = await startClaim(server.app);
    await requestCode(server.app, claim);
    const code = await latestCode(server.app);
    for (let guess = 1; guess <= 5; guess++) {
      expect((await validateCode(server.app, claim, otherCode(code))).json()).toEqual({
        returnCode: "1",
        message: WRONG_OTP,
        guessesLeft: 5 - guess,
      });
    }
    const locked = await validateCode(server.app, claim, code);
    expect(locked.statusCode).toBe(417);
    expect(locked.json()).toEqual({
      returnCode: RETURN_CODES.otpLocked,
      message: DECIDED_MESSAGES.otpCodeLocked,
    });
  });

  test("a resend after a lock gives a new code that works", async () => {
    const claim = await startClaim(server.app);
    await requestCode(server.app, claim);
    const first = await latestCode(server.app);
    for (let guess = 0; guess < 5; guess++) await validateCode(server.app, claim, otherCode(first));
    server.clock.advance(120);
    expect((await resendCode(server.app, claim)).statusCode).toBe(200);
    const second = await latestCode(server.app);
    expect((await validateCode(server.app, claim, second)).statusCode).toBe(200);
  });

  test("20 parallel wrong guesses count at most 5, and the code is locked after", async () => {
    const claim = await startClaim(server.app);
    await requestCode(server.app, claim);
    const code = await latestCode(server.app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => validateCode(server.app, claim, otherCode(code))),
    );
    const codes = answers.map((answer) => (answer.json() as { returnCode: string }).returnCode);
    expect(codes.filter((c) => c === "1").length).toBeLessThanOrEqual(5);
    expect(codes.every((c) => c === "1" || c === "4")).toBe(true);
    const { rows } = await server.db.query<{ wrong_guesses: number }>(
      "SELECT wrong_guesses FROM otp_codes",
    );
    expect(rows[0]?.wrong_guesses).toBe(5);
    expect((await validateCode(server.app, claim, code)).json()).toMatchObject({ returnCode: "4" });
  });

  test("a code validates once only", async () => {
    const claim = await startClaim(server.app);
    await requestCode(server.app, claim);
    const code = await latestCode(server.app);
    const first = await validateCode(server.app, claim, code);
    const verified = { ...claim, token: (first.json() as { token: string }).token };
    const again = await validateCode(server.app, verified, code);
    expect(again.statusCode).toBe(417);
    expect(again.json()).toMatchObject({ returnCode: RETURN_CODES.noActiveOtp });
  });

  test("parallel right guesses verify once", async () => {
    const claim = await startClaim(server.app);
    await requestCode(server.app, claim);
    const code = await latestCode(server.app);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => validateCode(server.app, claim, code)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const { rows } = await server.db.query(
      "SELECT 1 FROM claim_tokens WHERE rights = 'otp-verified'",
    );
    expect(rows).toHaveLength(1);
  });

  test("validating before any code was sent answers returnCode 7", async () => {
    const claim = await startClaim(server.app);
    const response = await validateCode(server.app, claim, "123456");
    expect(response.statusCode).toBe(417);
    expect(response.json()).toMatchObject({ returnCode: RETURN_CODES.noActiveOtp });
  });

  test("a resent code replaces the old one", async () => {
    const claim = await startClaim(server.app);
    await requestCode(server.app, claim);
    const first = await latestCode(server.app);
    server.clock.advance(120);
    await resendCode(server.app, claim);
    const second = await latestCode(server.app);
    if (first !== second) {
      expect((await validateCode(server.app, claim, first)).json()).toMatchObject({
        returnCode: "1",
      });
    }
    expect((await validateCode(server.app, claim, second)).statusCode).toBe(200);
  });
});

describe("sends and the resend wait", () => {
  test("a resend within the wait is refused with 429, Retry-After and returnCode 6", async () => {
    const claim = await startClaim(server.app);
    await requestCode(server.app, claim);
    server.clock.advance(100);
    const response = await resendCode(server.app, claim);
    expect(response.statusCode).toBe(429);
    expect(response.headers["retry-after"]).toBe("20");
    expect(response.json()).toEqual({
      returnCode: RETURN_CODES.resendTooSoon,
      message: DECIDED_MESSAGES.tooManyRequests,
      retryAfterSeconds: 20,
      sendsLeft: 3,
    });
    expect(await outbox(server.app)).toHaveLength(1);
  });

  test("a resend after the wait is sent", async () => {
    const claim = await startClaim(server.app);
    await requestCode(server.app, claim);
    server.clock.advance(120);
    const response = await resendCode(server.app, claim);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      returnCode: "0",
      sendsLeft: 2,
      resendAvailableInSeconds: 120,
    });
    expect(await outbox(server.app)).toHaveLength(2);
  });

  test("a second requestOneTimePIN counts as a send and keeps the wait", async () => {
    const claim = await startClaim(server.app);
    await requestCode(server.app, claim);
    expect((await requestCode(server.app, claim)).statusCode).toBe(429);
    server.clock.advance(120);
    const again = await requestCode(server.app, claim, "9187654321");
    expect(again.json()).toMatchObject({ returnCode: "0", sendsLeft: 2 });
    expect(await outbox(server.app, "639187654321")).toHaveLength(1);
  });

  test("after 4 sends the next is refused with 417, returnCode 5 and the exhausted message", async () => {
    const claim = await startClaim(server.app);
    expect((await requestCode(server.app, claim)).json()).toMatchObject({ sendsLeft: 3 });
    for (const left of [2, 1, 0]) {
      server.clock.advance(120);
      expect((await resendCode(server.app, claim)).json()).toMatchObject({
        returnCode: "0",
        sendsLeft: left,
      });
    }
    server.clock.advance(120);
    const refused = await resendCode(server.app, claim);
    expect(refused.statusCode).toBe(417);
    expect(refused.json()).toEqual({
      returnCode: RETURN_CODES.otpSendsExhausted,
      message: OTP_ATTEMPTS_EXHAUSTED,
      sendsLeft: 0,
    });
    expect(await outbox(server.app)).toHaveLength(4);
    // The last code sent still works.
    expect((await validateCode(server.app, claim, await latestCode(server.app))).statusCode).toBe(
      200,
    );
  });

  test("a number whose sends ran out unverified gets no OTP on a new claim of that device for 24 hours", async () => {
    const exhausted = "9171230001";
    const phone = onDevice("phone");
    const first = await startClaim(server.app);
    await requestCode(server.app, first, exhausted, phone);
    for (let resend = 0; resend < 3; resend++) {
      server.clock.advance(120);
      expect((await resendCode(server.app, first, phone)).statusCode).toBe(200);
    }
    expect(await outbox(server.app, `63${exhausted}`)).toHaveLength(4);

    // Exit, then Next: a new claim for the same number is told what the pop-up says, and no SMS goes.
    server.clock.advance(120);
    const second = await startClaim(server.app);
    const refused = await requestCode(server.app, second, exhausted, phone);
    expect(refused.statusCode).toBe(417);
    expect(refused.json()).toEqual({
      returnCode: RETURN_CODES.otpSendsExhausted,
      message: OTP_ATTEMPTS_EXHAUSTED,
      sendsLeft: 0,
    });
    expect(await outbox(server.app, `63${exhausted}`)).toHaveLength(4);

    // Another number on the same new claim is not affected.
    expect((await requestCode(server.app, second, "9171230002", phone)).statusCode).toBe(200);

    // After the lock (24 hours from the last send), the number gets codes again.
    server.clock.advance(24 * 3600 - 240);
    const early = await startClaim(server.app);
    expect((await requestCode(server.app, early, exhausted, phone)).statusCode).toBe(417);
    server.clock.advance(241);
    const later = await startClaim(server.app);
    expect((await requestCode(server.app, later, exhausted, phone)).json()).toMatchObject({
      returnCode: "0",
      sendsLeft: 3,
    });
    expect(await outbox(server.app, `63${exhausted}`)).toHaveLength(5);
  });

  test("the exhausted lock binds the device that used the sends up, not another device", async () => {
    const exhausted = "9171230003";
    const first = await startClaim(server.app);
    await requestCode(server.app, first, exhausted, onDevice("stranger"));
    for (let resend = 0; resend < 3; resend++) {
      server.clock.advance(120);
      await resendCode(server.app, first, onDevice("stranger"));
    }
    server.clock.advance(120);
    // A claim without a device key is a device of its own: another claim's exhaustion binds it not.
    for (const options of [onDevice("owner"), {}]) {
      const claim = await startClaim(server.app);
      expect((await requestCode(server.app, claim, exhausted, options)).json()).toMatchObject({
        returnCode: "0",
        sendsLeft: 3,
      });
    }
    const again = await startClaim(server.app);
    expect((await requestCode(server.app, again, exhausted, onDevice("stranger"))).statusCode).toBe(
      417,
    );
  });

  test("parallel sends for one claim send one SMS", async () => {
    const claim = await startClaim(server.app);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => requestCode(server.app, claim)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(5);
    expect(await outbox(server.app)).toHaveLength(1);
  });

  test("a resend before any request answers returnCode 7 and sends nothing", async () => {
    const claim = await startClaim(server.app);
    const response = await resendCode(server.app, claim);
    expect(response.statusCode).toBe(417);
    expect(response.json()).toMatchObject({ returnCode: RETURN_CODES.noActiveOtp });
    expect(await outbox(server.app)).toHaveLength(0);
  });
});

describe("the mobile number and other fields", () => {
  const cases = [
    { mobileNumber: "", message: FIELD_MESSAGES.otpMobileRequired },
    { mobileNumber: "917123456", message: FIELD_MESSAGES.otpMobileInvalid },
    { mobileNumber: "91712345678", message: FIELD_MESSAGES.otpMobileInvalid },
    { mobileNumber: "91712x4567", message: FIELD_MESSAGES.otpMobileInvalid },
  ];
  for (const { mobileNumber, message } of cases) {
    test(`mobile "${mobileNumber}" answers 400 "${message}" and nothing is stored or sent`, async () => {
      const claim = await startClaim(server.app);
      const response = await requestCode(server.app, claim, mobileNumber);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        returnCode: "400",
        message: "Invalid request",
        errors: [{ field: "mobileNumber", message }],
      });
      expect((await server.db.query("SELECT 1 FROM otp_codes")).rows).toHaveLength(0);
      const { rows } = await server.db.query<{ mobile_number: string | null }>(
        "SELECT mobile_number FROM claims",
      );
      expect(rows[0]?.mobile_number).toBeNull();
      expect((await server.db.query("SELECT 1 FROM sms_outbox")).rows).toHaveLength(0);
    });
  }

  test("a malformed device key answers 400 naming its header, and nothing is stored or sent", async () => {
    const claim = await startClaim(server.app);
    const bad = { headers: { "x-kalinga-device": "short" } };
    for (const response of [
      await requestCode(server.app, claim, MOBILE, bad),
      await resendCode(server.app, claim, bad),
      await validateCode(server.app, claim, "123456", bad),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        returnCode: "400",
        message: "Invalid request",
        errors: [
          {
            field: "x-kalinga-device",
            message: "The x-kalinga-device header must be 22 to 128 letters, digits, '-' or '_'.",
          },
        ],
      });
    }
    expect((await server.db.query("SELECT 1 FROM otp_codes")).rows).toHaveLength(0);
    expect(
      (await server.db.query("SELECT 1 FROM rate_limit_hits WHERE bucket LIKE 'otp-%'")).rows,
    ).toHaveLength(0);
    expect(await outbox(server.app)).toHaveLength(0);
  });

  test("a missing mobile number answers the required message", async () => {
    const claim = await startClaim(server.app);
    const response = await callClaim(
      server.app,
      "requestOneTimePIN",
      {
        basicInformation,
        webReferenceNumber: claim.webReferenceNumber,
        countryCode: "63",
        firstName: "Maria",
      },
      { token: claim.token },
    );
    expect(response.json()).toMatchObject({
      errors: [{ field: "mobileNumber", message: FIELD_MESSAGES.otpMobileRequired }],
    });
  });

  test("a country code other than 63, a bad code format and an unknown company answer 400", async () => {
    const claim = await startClaim(server.app);
    const wrongCountry = await callClaim(
      server.app,
      "requestOneTimePIN",
      {
        basicInformation,
        webReferenceNumber: claim.webReferenceNumber,
        countryCode: "1",
        mobileNumber: MOBILE,
        firstName: "Maria",
      },
      { token: claim.token },
    );
    expect(wrongCountry.statusCode).toBe(400);
    expect(wrongCountry.json()).toMatchObject({ errors: [{ field: "countryCode" }] });

    const shortCode = await validateCode(server.app, claim, "12345");
    expect(shortCode.statusCode).toBe(400);
    expect(shortCode.json()).toMatchObject({ errors: [{ field: "oneTimePIN" }] });

    const unknownCompany = await callClaim(
      server.app,
      "resetOneTimePIN",
      {
        basicInformation: { ...basicInformation, companyName: "Other Life" },
        webReferenceNumber: claim.webReferenceNumber,
      },
      { token: claim.token },
    );
    expect(unknownCompany.statusCode).toBe(400);
    expect(unknownCompany.json()).toEqual({
      returnCode: "400",
      message: "Invalid request",
      errors: [{ field: "basicInformation.companyName", message: "Unknown company name." }],
    });
  });
});
