import { RETURN_CODES } from "@kalinga/domain/claim-api";
import { describe, expect, test } from "vitest";
import { challengeOf, type Solved, withChallenges } from "./support/challenge-client.ts";
import { useServerTest } from "./support/server-test.ts";
import {
  basicInformation,
  callClaim,
  latestCode,
  outbox,
  requestCode,
  resendCode,
  type StartedClaim,
  testConfig,
  validateCode,
} from "./support/test-app.ts";

// Philippine carriers put many subscribers behind one carrier-grade NAT address. With the default
// limits on failed tokens and codes, honest claimants sharing that address with an attacker all get through
// (docs/decisions/0030-limits-behind-carrier-nat.md). The clock stands still: every call falls in
// one window, the worst case for a per-address counter.

const NAT_ADDRESS = "203.0.113.7";
const HONEST_CLAIMANTS = 100;
const CONCURRENT = 10;
const at = { remoteAddress: NAT_ADDRESS };

const server = useServerTest();

const honestMobile = (index: number) => `917${String(1_000_000 + index).padStart(7, "0")}`;
const attackerMobile = (index: number) => `998${String(2_000_000 + index).padStart(7, "0")}`;

/** A start and a send as a challenge-aware client makes them from the shared address. */
async function startSolved(): Promise<StartedClaim> {
  const answer = await withChallenges((headers) =>
    callClaim(server.app, "initClaimRequest", { basicInformation }, { ...at, headers }),
  );
  expect(answer.statusCode).toBe(200);
  return answer.json() as StartedClaim;
}
const sendSolved = (claim: StartedClaim, mobile: string) =>
  withChallenges((headers) => requestCode(server.app, claim, mobile, { ...at, headers }));

/** One round of the attacker: a claim of its own with wrong codes, then made-up tokens and keys. */
async function attack(round: number, statuses: Map<string, number>) {
  const note = (kind: string, status: number, returnCode?: string) => {
    const key = `${kind} ${status}${returnCode ? ` ${returnCode}` : ""}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  };
  const own = await startSolved();
  note("own send", (await sendSolved(own, attackerMobile(round))).statusCode);
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
    // This test is about failed tokens and wrong codes, so its 200 starts and sends stay below the
    // normal rates where the proof of work begins; the flood test below keeps every default.
    await server.restart({ CLAIM_START_ADDRESS_LIMIT: "1000", OTP_SEND_ADDRESS_LIMIT: "1000" });
    const attackerStatuses = new Map<string, number>();
    const verified: string[] = [];
    const claimant = async (index: number) => {
      const claim = await startSolved();
      const sent = await sendSolved(claim, honestMobile(index));
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

// The flood of the security review: from one address, 650 claim starts and 300 OTP sends to random
// numbers, which under the old hard per-address ceilings locked every claimant there out. Now calls
// above the address's normal rate cost a proof of work (docs/decisions/0061): the flood that does
// not solve gets challenges and nothing else, the part it pays for raises the work, and every honest
// claimant, solving what it is asked, files a claim and starts a tracking check.
describe("a flood of starts and SMS from one carrier NAT address", () => {
  const FLOOD_STARTS = 650;
  const FLOOD_SENDS = 300;
  const CLAIMANTS = 60;
  const ROUNDS = 6;
  const ATTACKER_SOLVES_PER_ROUND = 6;

  test(`${CLAIMANTS} honest claimants file and track while an attacker floods ${FLOOD_STARTS} starts and ${FLOOD_SENDS} SMS`, async () => {
    const config = testConfig();
    const attackerClaims: StartedClaim[] = [];
    const attacker = { started: 0, challenged: 0, sends: 0, sendsChallenged: 0 };
    const attackerSolved: Solved = { works: [] };
    const honestSolved: Solved = { works: [] };
    let attackerNumber = 0;

    const floodStarts = async (count: number) => {
      const answers = await Promise.all(
        Array.from({ length: count }, () =>
          callClaim(server.app, "initClaimRequest", { basicInformation }, at),
        ),
      );
      for (const answer of answers) {
        if (answer.statusCode === 200) {
          attacker.started++;
          attackerClaims.push(answer.json() as StartedClaim);
        } else {
          expect(answer.statusCode).toBe(429);
          expect(challengeOf(answer)).not.toBeNull();
          attacker.challenged++;
        }
      }
    };
    const floodSends = async (count: number) => {
      const answers = await Promise.all(
        Array.from({ length: count }, (_, index) => {
          const claim = attackerClaims[index % attackerClaims.length] as StartedClaim;
          return requestCode(server.app, claim, attackerMobile(attackerNumber++), at);
        }),
      );
      for (const answer of answers) {
        if (answer.statusCode === 200) attacker.sends++;
        else if (challengeOf(answer)) attacker.sendsChallenged++;
      }
    };
    /** The part of the flood the attacker pays for: a start and a send, each solved. */
    const paidAttack = async () => {
      const started = await withChallenges(
        (headers) =>
          callClaim(server.app, "initClaimRequest", { basicInformation }, { ...at, headers }),
        attackerSolved,
      );
      expect(started.statusCode).toBe(200);
      attacker.started++;
      const claim = started.json() as StartedClaim;
      attackerClaims.push(claim);
      const sent = await withChallenges(
        (headers) =>
          requestCode(server.app, claim, attackerMobile(attackerNumber++), { ...at, headers }),
        attackerSolved,
      );
      expect(sent.statusCode).toBe(200);
      attacker.sends++;
    };

    const filed: string[] = [];
    const tracking: string[] = [];
    const claimant = async (index: number) => {
      const started = await withChallenges(
        (headers) =>
          callClaim(server.app, "initClaimRequest", { basicInformation }, { ...at, headers }),
        honestSolved,
      );
      expect(started.statusCode, `claimant ${index} start`).toBe(200);
      const claim = started.json() as StartedClaim;
      const sent = await withChallenges(
        (headers) => requestCode(server.app, claim, honestMobile(index), { ...at, headers }),
        honestSolved,
      );
      expect(sent.statusCode, `claimant ${index} send`).toBe(200);
      const code = await latestCode(server.app, `63${honestMobile(index)}`);
      const verified = await validateCode(server.app, claim, code, at);
      expect(verified.json()).toMatchObject({
        returnCode: RETURN_CODES.ok,
        token: expect.any(String),
      });
      filed.push(claim.webReferenceNumber);
      const track = await withChallenges(
        (headers) =>
          callClaim(server.app, "initClaimTracking", { basicInformation }, { ...at, headers }),
        honestSolved,
      );
      expect(track.statusCode, `claimant ${index} tracking`).toBe(200);
      tracking.push((track.json() as StartedClaim).webReferenceNumber);
    };

    const perRound = CLAIMANTS / ROUNDS;
    for (let round = 0; round < ROUNDS; round++) {
      // Each round the flood strikes first, then the claimants and the paid attack run together.
      await floodStarts(Math.ceil(FLOOD_STARTS / ROUNDS));
      await floodSends(Math.ceil(FLOOD_SENDS / ROUNDS));
      const claimants = Array.from({ length: perRound }, (_, offset) =>
        claimant(round * perRound + offset),
      );
      const paid = (async () => {
        for (let solve = 0; solve < ATTACKER_SOLVES_PER_ROUND; solve++) await paidAttack();
      })();
      await Promise.all([...claimants, paid]);
    }

    expect(filed).toHaveLength(CLAIMANTS);
    expect(tracking).toHaveLength(CLAIMANTS);
    for (let index = 0; index < CLAIMANTS; index++) {
      expect(await outbox(server.app, `63${honestMobile(index)}`)).toHaveLength(1);
    }

    // The unpaid flood got challenges and nothing else: its starts and SMS stop at the normal rate.
    const paidStarts = ROUNDS * ATTACKER_SOLVES_PER_ROUND;
    const freeStarts = config.claimStart.addressLimit;
    expect(attacker.started).toBeLessThanOrEqual(freeStarts + paidStarts);
    expect(attacker.challenged).toBeGreaterThanOrEqual(
      ROUNDS * Math.ceil(FLOOD_STARTS / ROUNDS) - freeStarts,
    );
    expect(attacker.sends).toBeLessThanOrEqual(config.otp.sendAddressLimit + paidStarts);
    expect(attacker.sendsChallenged).toBeGreaterThan(FLOOD_SENDS - config.otp.sendAddressLimit - 1);
    const { rows } = await server.db.query<{ n: number | string }>(
      "SELECT count(*) AS n FROM claims WHERE purpose = 'filing'",
    );
    expect(Number(rows[0]?.n)).toBe(CLAIMANTS + attacker.started);

    // The work grew with the address's rate and never passed what an honest claimant is asked at most.
    const works = [...attackerSolved.works, ...honestSolved.works];
    expect(Math.max(...works)).toBeGreaterThan(2 * config.challenge.startWork);
    expect(Math.max(...works)).toBeLessThanOrEqual(config.challenge.maxWork);
  }, 240_000);
});
