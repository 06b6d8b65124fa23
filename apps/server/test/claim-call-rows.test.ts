import type { AgentClaim, PortalPolicy } from "@kalinga/domain/agent-claims";
import { CLAIM_API_PATHS, type DocumentRefusedReason } from "@kalinga/domain/claim-api";
import { CLAIM_CALLS, type ClaimCallName, FILING_CALLS } from "@kalinga/domain/claim-calls";
import { CLAIM_REFUSALS, type ClaimRefusalKind } from "@kalinga/domain/claim-refusals";
import type { RateClaimResponse } from "@kalinga/domain/rating";
import { TRACKING_CALLS } from "@kalinga/domain/tracking-calls";
import type { FastifyRequest } from "fastify";
import { describe, expect, expectTypeOf, test, vi } from "vitest";
import {
  ClaimCallAnswerMismatch,
  checkClaimCallAnswer,
} from "../src/http/claim-call-answer-check.ts";
import { refusalAnswer } from "../src/http/refusal-answer.ts";
import type { Refusal } from "../src/refusal.ts";
import { testConfig } from "./support/test-app.ts";

// The rows of the claim call tables, read without a server: every row says what the API's reader
// and the server's tests need, the tracking family is its own table, the refusals agree with the
// one mapper, and an answer outside its row fails the call under test (docs/decisions/0074).

const names = Object.keys(CLAIM_CALLS) as ClaimCallName[];
const TRACKING = [
  "initClaimTracking",
  "requestTrackingOneTimePIN",
  "listTrackedClaims",
  "readTrackedClaim",
  "uploadRequirementDocument",
  "deleteRequirementDocument",
  "sendRequirementDocuments",
];

describe("the claim call rows", () => {
  test("the tracking family is its own table, and CLAIM_CALLS is both families, each call once", () => {
    expect(Object.keys(TRACKING_CALLS).sort()).toEqual([...TRACKING].sort());
    expect(Object.keys(FILING_CALLS).filter((name) => TRACKING.includes(name))).toEqual([]);
    expect(names.sort()).toEqual(Object.keys(CLAIM_API_PATHS).sort());
  });

  test.each(names)(
    "%s is a POST with a one-line summary, a response schema and refusals",
    (name) => {
      const row = CLAIM_CALLS[name];
      expect(row.method).toBe("POST");
      expect(row.path).toBe(CLAIM_API_PATHS[name]);
      expect(row.summary).toMatch(/^[A-Z].{10,110}\.$/);
      expect(row.summary).not.toContain("\n");
      expect(typeof row.responseSchema.safeParse).toBe("function");
      for (const kind of row.refusals) expect(Object.keys(CLAIM_REFUSALS)).toContain(kind);
      expect(new Set(row.refusals).size).toBe(row.refusals.length);
    },
  );

  test("every refusal kind is answered with the status and returnCode of the domain's table", () => {
    for (const [kind, expected] of Object.entries(CLAIM_REFUSALS)) {
      const refusal = { refused: kind, message: "m", guessesLeft: 1, missing: [] };
      const answer = refusalAnswer({ ...refusal, retryAfterSeconds: 5 } as Refusal);
      expect({ kind, status: answer.statusCode, returnCode: answer.body.returnCode }).toEqual({
        kind,
        ...expected,
      });
    }
  });

  test("the domain's refusal kinds are the server's, and the hand-written answer types the schemas'", () => {
    expectTypeOf<ClaimRefusalKind>().toEqualTypeOf<Refusal["refused"]>();
    expectTypeOf<DocumentRefusedReason>().toExtend<ClaimRefusalKind>();
    type Answer<K extends ClaimCallName> = ReturnType<
      (typeof CLAIM_CALLS)[K]["responseSchema"]["parse"]
    >;
    expectTypeOf<Omit<Answer<"rateClaim">, "returnCode">>().toEqualTypeOf<
      Omit<RateClaimResponse, "returnCode">
    >();
    expectTypeOf<Answer<"listPortalPolicies">["policies"]>().toEqualTypeOf<PortalPolicy[]>();
    expectTypeOf<Answer<"listAgentClaims">["claims"]>().toEqualTypeOf<AgentClaim[]>();
  });
});

describe("an answer outside its row, under test", () => {
  const request = () => {
    const error = vi.fn();
    return { request: { log: { error } } as unknown as FastifyRequest, error };
  };
  const row = CLAIM_CALLS.deleteDocument;

  test("the server's tests run with the check on", () => {
    expect(testConfig().mode).toBe("test");
  });

  test("an answer its schema takes, and a refusal its row lists, pass", () => {
    const { request: ok, error } = request();
    checkClaimCallAnswer(ok, row, { returnCode: "0", documentId: "d-1" }, null);
    const refusal: Refusal = { refused: "not-found", message: "gone" };
    checkClaimCallAnswer(ok, row, refusal, refusal);
    expect(error).not.toHaveBeenCalled();
  });

  test("an answer missing a field fails loudly, and says which", () => {
    const { request: bad, error } = request();
    expect(() => checkClaimCallAnswer(bad, row, { returnCode: "0" }, null)).toThrow(
      ClaimCallAnswerMismatch,
    );
    expect(error.mock.calls[0]?.[0]).toMatchObject({
      path: row.path,
      issues: [expect.objectContaining({ path: ["documentId"] })],
    });
  });

  test("a refusal the row does not list fails loudly", () => {
    const { request: bad, error } = request();
    const refusal: Refusal = { refused: "wrong-otp", message: "no", guessesLeft: 2 };
    expect(() => checkClaimCallAnswer(bad, row, refusal, refusal)).toThrow(/wrong-otp/);
    expect(error).toHaveBeenCalledOnce();
  });
});
