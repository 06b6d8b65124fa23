import type { Queryable } from "../db/database.ts";
import type { CallGate } from "../http/claim-call-routes.ts";
import { ABOVE_FREE, type Claim, type ClaimStart, startClaim } from "./claim-repository.ts";

// The start of a claim or a tracking check behind its address's challenge gate (decision 0061),
// the gate's free hit taken by the start's own statement (decision 0108).

/**
 * Starts a claim (or a tracking check) past its address's gate: the free hit in the start's own
 * statement, and above the free rate the challenge first, as the gate alone would (decision 0108).
 */
export async function startClaimPastGate(
  q: Queryable,
  input: ClaimStart,
  gate: CallGate | null,
): Promise<{ claim: Claim; token: string }> {
  const started = await startClaim(q, input, gate?.ticket ?? null);
  if (started !== ABOVE_FREE) return started;
  await gate?.ticket.passAboveFree();
  return startClaim(q, input);
}
