import type { ClaimCallSpec } from "@kalinga/domain/claim-calls";
import type { FastifyRequest } from "fastify";
import type { Refusal } from "../refusal.ts";

// Under test, every handler's answer is held to its row (docs/decisions/0074): a success answer must
// parse with the row's responseSchema and a refusal must be one of the row's refusals, or the call
// fails with a 500 and a log line. So every server test that makes a call checks the table is true.

export class ClaimCallAnswerMismatch extends Error {
  override name = "ClaimCallAnswerMismatch";
}

export function checkClaimCallAnswer(
  request: FastifyRequest,
  spec: ClaimCallSpec,
  outcome: unknown,
  refusal: Refusal | null,
): void {
  if (refusal) {
    if (spec.refusals.includes(refusal.refused)) return;
    request.log.error(
      { path: spec.path, refused: refusal.refused },
      "refusal not in the call table",
    );
    throw new ClaimCallAnswerMismatch(`${spec.path} refused "${refusal.refused}", not in its row`);
  }
  const parsed = spec.responseSchema.safeParse(outcome);
  if (parsed.success) return;
  const issues = parsed.error.issues.map(({ path, message }) => ({ path, message }));
  request.log.error({ path: spec.path, issues }, "answer does not match the call table");
  throw new ClaimCallAnswerMismatch(
    `${spec.path} answered outside its responseSchema: ${JSON.stringify(issues)}`,
  );
}
