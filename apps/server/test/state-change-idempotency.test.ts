import type { FastifyInstance } from "fastify";
import { describe, expect, test } from "vitest";
import { submittedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import { signedInStaff } from "./support/staff-session.ts";

// The console's and the integration API's changes under an Idempotency-Key, as a client retries
// them: the same request again is done once and answered as the first time (one item, one SMS);
// another request under the key is 422; a key whose first request still runs is 409; a refusal
// frees the key; each caller's keys are its own.

const KEY = "kalinga-dev-insurer-key";
const server = useServerTest({ documentsDir: true, env: { NOTIFICATION_POLL_MS: "600000" } });

const insurer = (
  app: FastifyInstance,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: "POST",
    url: `/api/insurer${url}`,
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json", ...headers },
    payload: JSON.stringify(body),
  });

const requirements = (description: string) => ({
  requirements: [{ documentCd: null, description, dueDate: null }],
});

async function count(sql: string): Promise<number> {
  const { rows } = await server.db.query<{ n: string | number }>(sql);
  return Number(rows[0]?.n);
}
const items = () => count("SELECT count(*) AS n FROM claim_requirements");
const requirementSms = () =>
  count(
    "SELECT count(*) AS n FROM notifications WHERE channel = 'sms' AND body LIKE '%more document%'",
  );

describe("the integration API", () => {
  test("a requirement request sent twice under one key makes one item and one SMS, and answers the same", async () => {
    const app = server.app;
    const ref = (await submittedClaim(app)).webReferenceNumber;
    const once = { "idempotency-key": "5f0c1e7a-retry-1" };
    const first = await insurer(
      app,
      `/claims/${ref}/requirements`,
      requirements("Police report"),
      once,
    );
    expect(first.statusCode, first.body).toBe(200);
    const again = await insurer(
      app,
      `/claims/${ref}/requirements`,
      requirements("Police report"),
      once,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await items()).toBe(1);
    expect(await requirementSms()).toBe(1);

    const other = await insurer(app, `/claims/${ref}/requirements`, requirements("Receipt"), once);
    expect(other.statusCode).toBe(422);
    expect(await items()).toBe(1);

    // Without a key, each request is its own.
    await insurer(app, `/claims/${ref}/requirements`, requirements("Receipt"));
    expect(await items()).toBe(2);
  });

  test("sent twice at once, one runs and the other is 409 or its answer; a refusal frees the key", async () => {
    const app = server.app;
    const ref = (await submittedClaim(app)).webReferenceNumber;
    const once = { "idempotency-key": "twice-at-once" };
    const answers = await Promise.all([
      insurer(app, `/claims/${ref}/requirements`, requirements("Police report"), once),
      insurer(app, `/claims/${ref}/requirements`, requirements("Police report"), once),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual(
      answers.some((a) => a.statusCode === 409) ? [200, 409] : [200, 200],
    );
    expect(await items()).toBe(1);
    expect(await requirementSms()).toBe(1);

    // Refused (nothing is overdue yet), so the same key may try again once the claim can move.
    const retry = { "idempotency-key": "move-retry" };
    const decide = { status: "CLOSED - DUE TO INCOMPLETE REQUIREMENTS" };
    expect((await insurer(app, `/claims/${ref}/status`, decide, retry)).statusCode).toBe(409);
    const { rows } = await server.db.query(
      "SELECT 1 FROM caller_idempotency_keys WHERE key = 'move-retry'",
    );
    expect(rows).toEqual([]);
  });

  test("a bad key is 400 naming the header; another caller's same key is its own", async () => {
    const app = server.app;
    const ref = (await submittedClaim(app)).webReferenceNumber;
    const bad = await insurer(app, `/claims/${ref}/requirements`, requirements("Receipt"), {
      "idempotency-key": "has space",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: [{ field: "idempotency-key" }] });
    expect(await items()).toBe(0);

    const shared = { "idempotency-key": "shared-key-1" };
    expect(
      (await insurer(app, `/claims/${ref}/requirements`, requirements("Receipt"), shared))
        .statusCode,
    ).toBe(200);
    const examiner = await signedInStaff(app, server.db, server.clock, {
      email: "ben@kalinga-life.example",
      role: "examiner",
    });
    const asked = await examiner.call(
      "POST",
      `/claims/${ref}/requirements`,
      requirements("Police report"),
      shared,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await items()).toBe(2);
  });
});

describe("the console", () => {
  test("a requirement request, a note and a new account sent twice are each done once; the temporary password is not kept", async () => {
    const app = server.app;
    const ref = (await submittedClaim(app)).webReferenceNumber;
    const admin = await signedInStaff(app, server.db, server.clock, {
      email: "ana@kalinga-life.example",
      role: "administrator",
    });
    const key = (name: string) => ({ "idempotency-key": name });
    for (let i = 0; i < 2; i++) {
      const asked = await admin.call(
        "POST",
        `/claims/${ref}/requirements`,
        requirements("Police report"),
        key("ask-1"),
      );
      expect(asked.statusCode, asked.body).toBe(200);
      const noted = await admin.call(
        "POST",
        `/claims/${ref}/notes`,
        { body: "Called the claimant." },
        key("note-1"),
      );
      expect(noted.statusCode).toBe(200);
    }
    expect(await items()).toBe(1);
    expect(await requirementSms()).toBe(1);
    expect(await count("SELECT count(*) AS n FROM claim_notes")).toBe(1);
    expect(
      (await admin.call("POST", `/claims/${ref}/notes`, { body: "Another note." }, key("note-1")))
        .statusCode,
    ).toBe(422);

    const account = { email: "ben@kalinga-life.example", name: "Ben", role: "examiner" };
    const created = await admin.call("POST", "/staff", account, key("staff-1"));
    expect(created.statusCode).toBe(200);
    expect(created.json()).toHaveProperty("temporaryPassword");
    const replayed = await admin.call("POST", "/staff", account, key("staff-1"));
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toEqual({
      staff: (created.json() as { staff: unknown }).staff,
    });
    const { rows } = await server.db.query<{ response_body: string }>(
      "SELECT response_body FROM caller_idempotency_keys WHERE key = 'staff-1'",
    );
    expect(rows[0]?.response_body).not.toContain(
      (created.json() as { temporaryPassword: string }).temporaryPassword,
    );
  });
});
