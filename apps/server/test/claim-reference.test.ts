import { describe, expect, test } from "vitest";
import { verifiedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import { basicInformation, callClaim, type StartedClaim, startClaim } from "./support/test-app.ts";

const server = useServerTest();

const check = (claim: StartedClaim, webReferenceNumber = claim.webReferenceNumber) =>
  callClaim(
    server.app,
    "validateReferenceNumber",
    { basicInformation, webReferenceNumber },
    { token: claim.token },
  );

describe("validateReferenceNumber", () => {
  test("a verified token and its reference: open, verified", async () => {
    const claim = await verifiedClaim(server.app);
    const response = await check(claim);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      returnCode: "0",
      webReferenceNumber: claim.webReferenceNumber,
      status: "draft",
      isOpen: true,
      otpVerified: true,
    });
  });

  test("a token before the OTP: open, not verified", async () => {
    const claim = await startClaim(server.app);
    const response = await check(claim);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isOpen: true, otpVerified: false });
  });

  test("a submitted claim is no longer open", async () => {
    const claim = await verifiedClaim(server.app);
    await server.db.query(
      "UPDATE claims SET status = 'CLAIM APPLICATION SUBMITTED' WHERE web_reference_number = $1",
      [claim.webReferenceNumber],
    );
    const response = await check(claim);
    expect(response.json()).toMatchObject({
      status: "CLAIM APPLICATION SUBMITTED",
      isOpen: false,
    });
  });

  test("a reference that is not the token's claim is 403", async () => {
    const claim = await verifiedClaim(server.app);
    const other = await startClaim(server.app);
    const response = await check(claim, other.webReferenceNumber);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ returnCode: "403" });
  });

  test("an unknown or missing token is 401; a malformed reference is 400", async () => {
    const claim = await startClaim(server.app);
    const unknown = await check({ ...claim, token: "x".repeat(43) });
    expect(unknown.statusCode).toBe(401);
    const malformed = await check(claim, "not a reference");
    expect(malformed.statusCode).toBe(400);
  });
});
