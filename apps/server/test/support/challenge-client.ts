import { CHALLENGE_HEADER, type ProofOfWorkChallenge } from "@kalinga/domain/claim-api";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { LightMyRequestResponse } from "fastify";

// A client of the proof-of-work challenge (docs/decisions/0061) as an API client would write it:
// on a 429 that carries a challenge, solve it with altcha-lib and repeat the call with the solution.

/** The header value that answers a challenge: base64 JSON { challenge, solution }. */
export async function solutionHeader(challenge: ProofOfWorkChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("the challenge was not solved in time");
  const payload = {
    challenge,
    solution: { counter: solution.counter, derivedKey: solution.derivedKey },
  };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

export function challengeOf(response: LightMyRequestResponse): ProofOfWorkChallenge | null {
  if (response.statusCode !== 429) return null;
  const body = response.json() as { challenge?: ProofOfWorkChallenge };
  return body.challenge ?? null;
}

/** The work each challenge asked, in the order the calls met them. */
export type Solved = { works: number[] };

/** Makes the call, solving and repeating it while it is answered with a challenge (at most `tries`). */
export async function withChallenges(
  call: (headers: Record<string, string>) => Promise<LightMyRequestResponse>,
  solved: Solved = { works: [] },
  tries = 4,
): Promise<LightMyRequestResponse> {
  let response = await call({});
  for (let attempt = 0; attempt < tries; attempt++) {
    const challenge = challengeOf(response);
    if (!challenge) return response;
    solved.works.push(Number(challenge.parameters.data?.work));
    response = await call({ [CHALLENGE_HEADER]: await solutionHeader(challenge) });
  }
  return response;
}
