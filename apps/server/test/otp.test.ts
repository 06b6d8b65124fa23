import { RETURN_CODES } from "@kalinga/domain/claim-api";
import { DECIDED_MESSAGES, EXPIRED_OTP, WRONG_OTP } from "@kalinga/domain/messages";
import { describe, expect, test } from "vitest";
import { useServerTest } from "./support/server-test.ts";
import {
  latestCode,
  MOBILE,
  MOBILE_63,
  otherCode,
  outbox,
  requestCode,
  resendCode,
  startClaim,
  validateCode,
} from "./support/test-app.ts";

// The one-time PIN that proves a claimant's number: sent by SMS, stored only as a keyed hash, good
// once, for its lifetime, and locked after five wrong guesses.

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
