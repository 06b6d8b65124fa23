import { CHALLENGE_HEADER, type ProofOfWorkChallenge } from "@kalinga/domain/claim-api";
import { describe, expect, test } from "vitest";
import { type ChallengeRule, challengeWork } from "../src/http/challenge.ts";
import { challengeOf, solutionHeader, withChallenges } from "./support/challenge-client.ts";
import { useServerTest } from "./support/server-test.ts";
import {
  basicInformation,
  callClaim,
  requestCode,
  type StartedClaim,
  startClaim,
} from "./support/test-app.ts";

// The proof-of-work challenge above an address's normal rate (docs/decisions/0061): what it asks,
// and that a solution is good once, for its own call, address and claim, until it expires.

const server = useServerTest({
  env: { CLAIM_START_ADDRESS_LIMIT: "2", OTP_SEND_ADDRESS_LIMIT: "1" },
  scope: "file",
});

const start = (address: string, headers: Record<string, string> = {}) =>
  callClaim(
    server.app,
    "initClaimRequest",
    { basicInformation },
    { remoteAddress: address, headers },
  );

/** A fresh address past its normal rate of starts, and the challenge its next start gets. */
async function challengedAddress(address: string): Promise<ProofOfWorkChallenge> {
  await startClaim(server.app, { remoteAddress: address });
  await startClaim(server.app, { remoteAddress: address });
  const challenge = challengeOf(await start(address));
  if (!challenge) throw new Error("no challenge");
  return challenge;
}

const countClaims = async () =>
  Number((await server.db.query<{ n: string }>("SELECT count(*) AS n FROM claims")).rows[0]?.n);

describe("the work asked", () => {
  const settings = { startWork: 1_000, maxWork: 50_000 };
  const capped: ChallengeRule = { free: 30, windowSeconds: 600, ceiling: null };
  test("starts at the normal rate, doubles with every normal rate more, and stops at the most", () => {
    expect(challengeWork(30, capped, settings)).toBe(1_000);
    expect(challengeWork(60, capped, settings)).toBe(2_000);
    expect(challengeWork(90, capped, settings)).toBe(4_000);
    expect(challengeWork(45, capped, settings)).toBe(1_414);
    expect(challengeWork(10_000, capped, settings)).toBe(50_000);
  });
  test("past an SMS ceiling it keeps doubling", () => {
    const sms: ChallengeRule = { ...capped, ceiling: 300 };
    expect(challengeWork(300, sms, settings)).toBe(50_000);
    expect(challengeWork(330, sms, settings)).toBe(100_000);
    expect(challengeWork(600, sms, settings)).toBe(50_000 * 2 ** 10);
    expect(challengeWork(100_000, sms, settings)).toBe(2 ** 31);
  });
});

describe("a challenge and its solution", () => {
  test("below the normal rate nothing is asked; above it, nothing happens until the solution comes", async () => {
    expect((await start("10.1.0.1")).statusCode).toBe(200);
    expect((await start("10.1.0.1")).statusCode).toBe(200);
    const before = await countClaims();
    const challenged = await start("10.1.0.1");
    const challenge = challengeOf(challenged);
    expect(challenge?.parameters).toMatchObject({
      algorithm: "SHA-256",
      cost: 1,
      data: { call: "initClaimRequest", work: 2_000 },
    });
    expect(await countClaims()).toBe(before);
    const header = await solutionHeader(challenge as ProofOfWorkChallenge);
    expect((await start("10.1.0.1", { [CHALLENGE_HEADER]: header })).statusCode).toBe(200);
    expect(await countClaims()).toBe(before + 1);
    // Another address has its own normal rate.
    expect((await start("10.1.0.2")).statusCode).toBe(200);
  });

  test("a solution is good once", async () => {
    const header = await solutionHeader(await challengedAddress("10.1.1.1"));
    expect((await start("10.1.1.1", { [CHALLENGE_HEADER]: header })).statusCode).toBe(200);
    const again = await start("10.1.1.1", { [CHALLENGE_HEADER]: header });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({
      challengeRefused: "spent",
      challenge: expect.any(Object),
    });
  });

  test("a solution is good for its own call and address only", async () => {
    const header = await solutionHeader(await challengedAddress("10.1.2.1"));
    const elsewhere = await start("10.1.2.2", { [CHALLENGE_HEADER]: header });
    // The other address is below its normal rate: the header is not even read.
    expect(elsewhere.statusCode).toBe(200);
    await start("10.1.2.2");
    expect((await start("10.1.2.2", { [CHALLENGE_HEADER]: header })).json()).toMatchObject({
      challengeRefused: "invalid",
    });
    const tracking = await callClaim(
      server.app,
      "initClaimTracking",
      { basicInformation },
      { remoteAddress: "10.1.2.1", headers: { [CHALLENGE_HEADER]: header } },
    );
    expect(tracking.json()).toMatchObject({ challengeRefused: "invalid" });
    // Unused by the refusals, it still answers its own call.
    expect((await start("10.1.2.1", { [CHALLENGE_HEADER]: header })).statusCode).toBe(200);
  });

  test("a send's solution is good for its own claim only", async () => {
    const address = "10.1.3.1";
    const first = await withChallenges((headers) =>
      callClaim(
        server.app,
        "initClaimRequest",
        { basicInformation },
        { remoteAddress: address, headers },
      ),
    );
    const claim = first.json() as StartedClaim;
    const other = (
      await withChallenges((headers) =>
        callClaim(
          server.app,
          "initClaimRequest",
          { basicInformation },
          { remoteAddress: address, headers },
        ),
      )
    ).json() as StartedClaim;
    expect(
      (await requestCode(server.app, other, "9170100001", { remoteAddress: address })).statusCode,
    ).toBe(200);
    const challenge = challengeOf(
      await requestCode(server.app, claim, "9170100002", { remoteAddress: address }),
    );
    const header = await solutionHeader(challenge as ProofOfWorkChallenge);
    const wrongClaim = await requestCode(server.app, other, "9170100003", {
      remoteAddress: address,
      headers: { [CHALLENGE_HEADER]: header },
    });
    expect(wrongClaim.json()).toMatchObject({ challengeRefused: "invalid" });
    const sent = await requestCode(server.app, claim, "9170100002", {
      remoteAddress: address,
      headers: { [CHALLENGE_HEADER]: header },
    });
    expect(sent.statusCode).toBe(200);
  });

  test("an expired, altered or garbled solution gets a fresh challenge, never a 500", async () => {
    const challenge = await challengedAddress("10.1.4.1");
    const header = await solutionHeader(challenge);
    const payload = JSON.parse(Buffer.from(header, "base64").toString()) as {
      challenge: ProofOfWorkChallenge;
      solution: { counter: number; derivedKey: string };
    };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");
    const cheaper = encode({
      ...payload,
      challenge: {
        ...payload.challenge,
        parameters: {
          ...payload.challenge.parameters,
          data: { ...payload.challenge.parameters.data, work: 1 },
        },
      },
    });
    const wrongKey = encode({ ...payload, solution: { counter: 1, derivedKey: "00ff" } });
    for (const [value, reason] of [
      [cheaper, "invalid"],
      [wrongKey, "invalid"],
      ["not base64 json", undefined],
      [encode({ challenge: 1 }), undefined],
      [encode({ ...payload, solution: { counter: -1, derivedKey: "zz" } }), "invalid"],
    ] as const) {
      const answer = await start("10.1.4.1", { [CHALLENGE_HEADER]: value });
      expect(answer.statusCode).toBe(429);
      expect(answer.json()).toMatchObject({ challenge: expect.any(Object) });
      expect((answer.json() as { challengeRefused?: string }).challengeRefused).toBe(reason);
    }
    // Ten minutes on, the challenge has expired (five minutes) and a new window has begun.
    server.clock.advance(600);
    await startClaim(server.app, { remoteAddress: "10.1.4.1" });
    await startClaim(server.app, { remoteAddress: "10.1.4.1" });
    expect((await start("10.1.4.1", { [CHALLENGE_HEADER]: header })).json()).toMatchObject({
      challengeRefused: "expired",
    });
  });
});
