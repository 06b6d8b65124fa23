import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, test } from "vitest";
import { submittedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import type { StartedClaim } from "./support/test-app.ts";

// Every refusal of the integration API in its one shape (docs/decisions/0070):
// { error, message, errors: [{ field, rule, message }] }, the field and the rule named, a message a
// person can act on, never zod's bare "Invalid input" — and nothing changed by a refused call.

const server = useServerTest({
  documentsDir: true,
  scope: "file",
  env: { NOTIFICATION_POLL_MS: "600000" },
});
const KEY = "kalinga-dev-insurer-key";

let claim: StartedClaim;
let ref: string;
beforeAll(async () => {
  claim = await submittedClaim(server.app);
  ref = claim.webReferenceNumber;
});

type Problem = {
  error: string;
  message: string;
  errors: { field: string; rule: string; message: string }[];
};

function call(
  method: "GET" | "POST" | "DELETE" | "PUT",
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return server.app.inject({
    method,
    url: `/api/insurer${url}`,
    headers: {
      authorization: `Bearer ${KEY}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    ...(body === undefined
      ? {}
      : { payload: typeof body === "string" ? body : JSON.stringify(body) }),
  });
}

/** The answer is the one shape, with this status and code, and exactly these fields and rules. */
function expectProblem(
  response: LightMyRequestResponse,
  statusCode: number,
  error: string,
  problems: [field: string, rule: string][],
): Problem {
  expect(response.statusCode, response.body).toBe(statusCode);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  const body = response.json() as Problem & Record<string, unknown>;
  const extra = Object.keys(body).filter(
    (key) => !["error", "message", "errors", "status", "allowedNextStatuses"].includes(key),
  );
  expect(extra, response.body).toEqual([]);
  expect(body.error).toBe(error);
  expect(body.message).toEqual(expect.any(String));
  expect(body.message.length).toBeGreaterThan(5);
  expect(body.errors.map((problem) => [problem.field, problem.rule])).toEqual(problems);
  for (const problem of body.errors) {
    expect(Object.keys(problem).sort()).toEqual(["field", "message", "rule"]);
    expect(problem.message.length, response.body).toBeGreaterThan(5);
  }
  expect(response.body).not.toContain("Invalid input");
  expect(response.body).not.toContain("(body)");
  return body;
}

async function unchanged() {
  const view = (await call("GET", `/claims/${ref}`)).json() as {
    status: string;
    requirements: unknown[];
    matchCode: number | null;
  };
  expect(view.status).toBe("CLAIM APPLICATION SUBMITTED");
  expect(view.requirements).toEqual([]);
  expect(view.matchCode).toBeNull();
}

describe("bad bodies", () => {
  test("an unknown key is named by the key, at the top and inside an item", async () => {
    const top = await call("POST", `/claims/${ref}/status`, { status: "UNDER REVIEW", amount: 1 });
    const body = expectProblem(top, 400, "invalid-request", [["amount", "unknown-key"]]);
    expect(body.message).toBe("amount: Not a field of this request: leave it out.");
    expectProblem(
      await call("POST", `/claims/${ref}/requirements`, {
        requirements: [{ documentCd: null, description: "Receipt", dueDate: null, extra: 1 }],
      }),
      400,
      "invalid-request",
      [["requirements.0.extra", "unknown-key"]],
    );
    await unchanged();
  });

  test("a missing field, a wrong type and a value outside its list each name their rule", async () => {
    const missing = expectProblem(
      await call("POST", `/claims/${ref}/status`, {}),
      400,
      "invalid-request",
      [["status", "required"]],
    );
    expect(missing.errors[0]?.message).toBe("Required.");
    const wrongType = expectProblem(
      await call("POST", `/claims/${ref}/status`, { status: 5 }),
      400,
      "invalid-request",
      [["status", "type"]],
    );
    expect(wrongType.errors[0]?.message).toBe("Use text.");
    const outcome = expectProblem(
      await call("POST", `/claims/${ref}/status`, {
        status: "WITH CLAIM DECISION",
        decision: { outcome: "maybe", reasonCode: "X1" },
      }),
      400,
      "invalid-request",
      [["decision.outcome", "one-of"]],
    );
    expect(outcome.errors[0]?.message).toBe("Use one of: approved, partly-approved, denied.");
    expectProblem(
      await call("POST", `/claims/${ref}/status`, { status: "APPROVED" }),
      400,
      "invalid-request",
      [["status", "one-of"]],
    );
    expectProblem(
      await call("POST", `/claims/${ref}/requirements`, { requirements: [] }),
      400,
      "invalid-request",
      [["requirements", "min"]],
    );
    expectProblem(await call("POST", "/policies", {}), 400, "invalid-request", [
      ["policies", "count"],
    ]);
    await unchanged();
  });

  test("a bad date and a due date too soon", async () => {
    for (const dueDate of ["2026-02-30", "30/04/2026"]) {
      const bad = expectProblem(
        await call("POST", `/claims/${ref}/requirements`, {
          requirements: [{ documentCd: null, description: "Receipt", dueDate }],
        }),
        400,
        "invalid-request",
        [["requirements.0.dueDate", "date"]],
      );
      expect(bad.errors[0]?.message).toBe("Use a real calendar date as yyyy-MM-dd.");
    }
    expectProblem(
      await call("POST", `/claims/${ref}/requirements`, {
        requirements: [{ documentCd: null, description: "Receipt", dueDate: "2026-03-02" }],
      }),
      400,
      "invalid-request",
      [["requirements.0.dueDate", "due-date"]],
    );
    await unchanged();
  });

  test("a matchCode section 4 gives no meaning is refused, listing those it does", async () => {
    for (const matchCode of [7, 6, 8, 10, -1, "1"]) {
      const refused = expectProblem(
        await call("POST", `/claims/${ref}/policy-match`, {
          policyNumber: "1234567890",
          matchCode,
        }),
        400,
        "invalid-request",
        [["matchCode", "one-of"]],
      );
      expect(refused.errors[0]?.message).toBe("Use a matchCode of section 4: 0, 1, 2, 3, 4, 5, 9.");
    }
    await unchanged();
  });

  test("a body that is not JSON, or not sent as JSON", async () => {
    expectProblem(await call("POST", `/claims/${ref}/status`, "{"), 400, "invalid-request", [
      ["body", "json"],
    ]);
    expectProblem(
      await call("POST", `/claims/${ref}/status`, "<status>UNDER REVIEW</status>", {
        "content-type": "application/xml",
      }),
      415,
      "unsupported-media-type",
      [["content-type", "json"]],
    );
    await unchanged();
  });
});

describe("bad paths, queries and keys", () => {
  test("a bad id or reference, a bad query, a forged cursor", async () => {
    expectProblem(
      await call("GET", `/claims/${ref}/documents/not-a-uuid`),
      400,
      "invalid-request",
      [["id", "format"]],
    );
    expectProblem(await call("GET", "/claims/NOPE1234"), 400, "invalid-request", [
      ["webReferenceNumber", "format"],
    ]);
    expectProblem(await call("GET", "/claims?limit=0"), 400, "invalid-request", [["limit", "min"]]);
    expectProblem(await call("GET", "/claims?status=APPROVED"), 400, "invalid-request", [
      ["status", "one-of"],
    ]);
    expectProblem(await call("GET", "/claims?updatedSince=yesterday"), 400, "invalid-request", [
      ["updatedSince", "format"],
    ]);
    expectProblem(await call("GET", "/claims?cursor=bm9wZQ"), 400, "invalid-request", [
      ["cursor", "format"],
    ]);
  });

  test("no key or an unknown one", async () => {
    for (const authorization of ["", "Bearer not-the-key", KEY]) {
      const refused = await server.app.inject({
        method: "POST",
        url: `/api/insurer/claims/${ref}/status`,
        headers: { authorization, "content-type": "application/json" },
        payload: JSON.stringify({ status: "UNDER REVIEW" }),
      });
      expectProblem(refused, 401, "unauthorized", [["authorization", "known-key"]]);
      expect(refused.headers["www-authenticate"]).toBe('Bearer realm="kalinga-insurer"');
    }
    await unchanged();
  });

  test("a claim or document that does not exist, a path or a method no route has", async () => {
    expectProblem(await call("GET", "/claims/KL-2222-2222"), 404, "not-found", [
      ["webReferenceNumber", "exists"],
    ]);
    expectProblem(
      await call("POST", "/claims/KL-2222-2222/status", { status: "UNDER REVIEW" }),
      404,
      "not-found",
      [["webReferenceNumber", "exists"]],
    );
    expectProblem(await call("GET", `/claims/${ref}/documents/${randomUUID()}`), 404, "not-found", [
      ["id", "exists"],
    ]);
    expectProblem(await call("GET", "/claim"), 404, "not-found", [["path", "route"]]);
    const wrongMethod = await call("DELETE", `/claims/${ref}`);
    expectProblem(wrongMethod, 405, "method-not-allowed", [["method", "allowed-method"]]);
    expect(wrongMethod.headers.allow).toBe("GET, HEAD");
    expectProblem(await call("PUT", "/claims"), 405, "method-not-allowed", [
      ["method", "allowed-method"],
    ]);
    // Without a key, an unknown path tells nothing but that the key is missing.
    const anonymous = await server.app.inject({ method: "GET", url: "/api/insurer/claim" });
    expectProblem(anonymous, 401, "unauthorized", [["authorization", "known-key"]]);
  });

  test("an Idempotency-Key that is malformed, or used for another request", async () => {
    // A claim of its own, so the match set here leaves the shared claim as the others find it.
    const other = (await submittedClaim(server.app)).webReferenceNumber;
    const match = (policyNumber: string, headers: Record<string, string>) =>
      call("POST", `/claims/${other}/policy-match`, { policyNumber, matchCode: 0 }, headers);
    expectProblem(
      await match("1234567890", { "idempotency-key": "has space" }),
      400,
      "invalid-request",
      [["idempotency-key", "format"]],
    );
    const key = { "idempotency-key": `match-${randomUUID()}` };
    const first = await match("1234567890", key);
    expect(first.statusCode, first.body).toBe(200);
    expectProblem(await match("9876543210", key), 422, "idempotency-mismatch", [
      ["idempotency-key", "same-request"],
    ]);
  });
});

describe("refused lifecycle moves", () => {
  test("a status the current one cannot reach, and one that needs its decision", async () => {
    const refused = expectProblem(
      await call("POST", `/claims/${ref}/status`, { status: "CLAIM COMPLETED" }),
      409,
      "not-allowed",
      [["status", "allowed-next-status"]],
    ) as Problem & { status: string; allowedNextStatuses: string[] };
    expect(refused.status).toBe("CLAIM APPLICATION SUBMITTED");
    expect(refused.allowedNextStatuses).toEqual([
      "UNDER REVIEW",
      "PENDING DUE TO INCOMPLETE REQUIREMENTS",
    ]);
    expectProblem(
      await call("POST", `/claims/${ref}/status`, {
        status: "PENDING DUE TO INCOMPLETE REQUIREMENTS",
      }),
      409,
      "needs-requirements",
      [["status", "ask-for-requirements"]],
    );
    await unchanged();
  });
});
