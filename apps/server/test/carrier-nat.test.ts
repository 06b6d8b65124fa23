import { RETURN_CODES } from "@kalinga/domain/claim-api";
import { describe, expect, test } from "vitest";
import { useServerTest } from "./support/server-test.ts";
import {
  basicInformation,
  callClaim,
  latestCode,
  outbox,
  requestCode,
  resendCode,
  type StartedClaim,
  startClaim,
  testConfig,
  validateCode,
} from "./support/test-app.ts";

// Philippine carriers put many subscribers behind one carrier-grade NAT address. With the default
// limits, honest claimants sharing that address with an attacker all get through
// (docs/decisions/0030-limits-behind-carrier-nat.md). The clock stands still: every call falls in
// one window, the worst case for a per-address counter.

const NAT_ADDRESS = "203.0.113.7";
const HONEST_CLAIMANTS = 100;
const CONCURRENT = 10;
const at = { remoteAddress: NAT_ADDRESS };

const server = useServerTest();

const honestMobile = (index: number) => `917${String(1_000_000 + index).padStart(7, "0")}`;
const attackerMobile = (index: number) => `998${String(2_000_000 + index).padStart(7, "0")}`;

/** One round of the attacker: a claim of its own with wrong codes, then made-up tokens and keys. */
async function attack(round: number, statuses: Map<string, number>) {
  const note = (kind: string, status: number, returnCode?: string) => {
    const key = `${kind} ${status}${returnCode ? ` ${returnCode}` : ""}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  };
  const own = await startClaim(server.app, at);
  note("own send", (await requestCode(server.app, own, attackerMobile(round), at)).statusCode);
  for (let guess = 0; guess < 6; guess++) {
    const wrong = await validateCode(server.app, own, "000000", at);
    note("wrong code", wrong.statusCode, (wrong.json() as { returnCode: string }).returnCode);
  }
  const forged: StartedClaim = { ...own, token: `made-up-${round}-Zk4cQ2Lr9vXw1TyBn7Hd0Ep` };
  note("bad token", (await requestCode(server.app, forged, attackerMobile(round), at)).statusCode);
  note("bad token", (await resendCode(server.app, forged, at)).statusCode);
  note("bad token", (await validateCode(server.app, forged, "123456", at)).statusCode);
  note(
    "bad token",
    (await validateCode(server.app, { ...own, token: "" }, "123456", at)).statusCode,
  );
  const badKey = await callClaim(
    server.app,
    "initClaimRequest",
    { basicInformation },
    {
      ...at,
      apiKey: "guessed-api-key",
    },
  );
  note("bad api key", badKey.statusCode);
}

describe("one carrier NAT address", () => {
  test(`${HONEST_CLAIMANTS} honest claimants are all verified while an attacker on the same address floods bad tokens and bad codes`, async () => {
    const attackerStatuses = new Map<string, number>();
    const verified: string[] = [];
    const claimant = async (index: number) => {
      const claim = await startClaim(server.app, at);
      const sent = await requestCode(server.app, claim, honestMobile(index), at);
      expect(sent.json()).toMatchObject({ returnCode: RETURN_CODES.ok, sendsLeft: 3 });

      // The attacker strikes between the SMS and its entry.
      await attack(index, attackerStatuses);

      const code = await latestCode(server.app, `63${honestMobile(index)}`);
      const answer = await validateCode(server.app, claim, code, at);
      expect(answer.statusCode, `claimant ${index}`).toBe(200);
      expect(answer.json()).toMatchObject({
        returnCode: RETURN_CODES.ok,
        token: expect.any(String),
      });
      verified.push(claim.webReferenceNumber);
    };
    // Claimants arrive CONCURRENT at a time, as they would through one NAT.
    for (let first = 0; first < HONEST_CLAIMANTS; first += CONCURRENT) {
      const batch = Array.from({ length: CONCURRENT }, (_, offset) => first + offset);
      await Promise.all(batch.map(claimant));
    }

    expect(verified).toHaveLength(HONEST_CLAIMANTS);
    // Every honest SMS was the one entered: one message to each number, none wasted.
    for (let index = 0; index < HONEST_CLAIMANTS; index++) {
      expect(await outbox(server.app, `63${honestMobile(index)}`)).toHaveLength(1);
    }
    const { rows } = await server.db.query<{ n: number | string }>(
      "SELECT count(*) AS n FROM claims WHERE verified_mobile_number IS NOT NULL",
    );
    expect(Number(rows[0]?.n)).toBe(HONEST_CLAIMANTS);

    // The attacker got nothing: five wrong guesses per code, then the code is locked; made-up
    // tokens are refused, past the failed-token limit with 429 (their bucket only).
    const failedTokenLimit = testConfig().failedToken.addressLimit;
    expect(Object.fromEntries(attackerStatuses)).toEqual({
      "own send 200": HONEST_CLAIMANTS,
      [`wrong code 417 ${RETURN_CODES.wrongOtp}`]: 5 * HONEST_CLAIMANTS,
      [`wrong code 417 ${RETURN_CODES.otpLocked}`]: HONEST_CLAIMANTS,
      "bad token 401": failedTokenLimit,
      "bad token 429": 4 * HONEST_CLAIMANTS - failedTokenLimit,
      "bad api key 401": HONEST_CLAIMANTS,
    });
    // About 1,300 calls: a few seconds on an idle machine, far more on a shared busy one.
  }, 120_000);
});
