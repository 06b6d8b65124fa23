import { RETURN_CODES } from "@kalinga/domain/claim-api";
import { beforeAll, describe, expect, test } from "vitest";
import { OTP_SERVICE_MESSAGES } from "../src/otp/otp-service.ts";
import { samplePhoto, uploadDocument } from "./support/claim-documents.ts";
import { ACCIDENT_MANDATORY_SLOTS, submitBodyOf } from "./support/claim-payloads.ts";
import { verifiedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import {
  callClaim,
  latestCode,
  MOBILE,
  outbox,
  requestCode,
  resendCode,
  type StartedClaim,
  validateCode,
} from "./support/test-app.ts";

// Once a claim is submitted its verified mobile number went out with it: no OTP call may send a
// code for it, check one, or issue a new token.

const NEW_MOBILE = "9189876543";
const NEW_MOBILE_63 = `63${NEW_MOBILE}`;

const server = useServerTest({
  scope: "file",
  documentsDir: true,
  env: { NOTIFICATION_POLL_MS: "60000" },
});
let claim: StartedClaim;
/** A code to NEW_MOBILE sent before the submit and never entered. */
let pendingCode: string;

const closed = { returnCode: RETURN_CODES.claimClosed, message: OTP_SERVICE_MESSAGES.claimClosed };

async function claimRow() {
  const { rows } = await server.db.query<{
    status: string;
    mobile_number: string;
    verified_mobile_number: string;
  }>("SELECT status, mobile_number, verified_mobile_number FROM claims");
  return rows[0];
}

beforeAll(async () => {
  claim = await verifiedClaim(server.app);
  server.clock.advance(120);
  expect((await requestCode(server.app, claim, NEW_MOBILE)).statusCode).toBe(200);
  pendingCode = await latestCode(server.app, NEW_MOBILE_63);

  const bytes = await samplePhoto();
  for (const slotKey of ACCIDENT_MANDATORY_SLOTS) {
    expect((await uploadDocument(server.app, claim, { slotKey, bytes })).statusCode).toBe(200);
  }
  const submitted = await callClaim(server.app, "finalSubmitClaim", submitBodyOf(claim), {
    token: claim.token,
  });
  expect(submitted.statusCode).toBe(200);
  // Past the resend wait and within the pending code's life, so only the closed claim can refuse.
  server.clock.advance(120);
});

describe("OTP calls on a submitted claim", () => {
  test("validateOneTimePIN with a code sent before the submit is refused and issues no token", async () => {
    const before = await claimRow();
    const answer = await validateCode(server.app, claim, pendingCode);
    expect(answer.statusCode).toBe(417);
    expect(answer.json()).toEqual(closed);
    expect(await claimRow()).toEqual(before);
    expect(before?.verified_mobile_number).toBe(MOBILE);
    const { rows } = await server.db.query(
      "SELECT 1 FROM otp_codes WHERE used_at IS NOT NULL OR wrong_guesses > 0",
    );
    expect(rows).toHaveLength(1); // the code entered before the submit
  });

  test("requestOneTimePIN for a new number is refused and sends nothing", async () => {
    const before = await claimRow();
    const answer = await requestCode(server.app, claim, "9181112222");
    expect(answer.statusCode).toBe(417);
    expect(answer.json()).toEqual(closed);
    expect(await outbox(server.app, "639181112222")).toEqual([]);
    expect(await claimRow()).toEqual(before);
  });

  test("resetOneTimePIN is refused and sends nothing", async () => {
    const answer = await resendCode(server.app, claim);
    expect(answer.statusCode).toBe(417);
    expect(answer.json()).toEqual(closed);
    expect(await outbox(server.app, NEW_MOBILE_63)).toHaveLength(1);
  });
});
