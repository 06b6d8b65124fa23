import { RETURN_CODES } from "@kalinga/domain/claim-api";
import { DECIDED_MESSAGES, FIELD_MESSAGES, OTP_ATTEMPTS_EXHAUSTED } from "@kalinga/domain/messages";
import { describe, expect, test } from "vitest";
import { useServerTest } from "./support/server-test.ts";
import {
  basicInformation,
  callClaim,
  callClaimRaw,
  latestCode,
  MOBILE,
  onDevice,
  outbox,
  requestCode,
  resendCode,
  startClaim,
  validateCode,
} from "./support/test-app.ts";

// How often a code is sent: the resend wait, the sends per claim and per device, and the fields a
// code request must carry.

const server = useServerTest();

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
    const response = await callClaimRaw(
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
    const wrongCountry = await callClaimRaw(
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
