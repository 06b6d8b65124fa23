import { randomUUID } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, test } from "vitest";
import { submittedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import { type StaffClient, signedInStaff } from "./support/staff-session.ts";
import type { StartedClaim } from "./support/test-app.ts";

// Bad input to the console's and the integration API's routes, as an attacker sends it: an
// impossible date, a due date before the next working day, an id of 36 dashes, the first instant JavaScript
// knows, a NUL byte in an id, a query or the sign-in e-mail. Each is 400 naming the field, never a
// 500, and changes nothing. The clock reads 2 March 2026 in Manila.

const server = useServerTest({
  documentsDir: true,
  scope: "file",
  env: { NOTIFICATION_POLL_MS: "600000" },
});
const KEY = "kalinga-dev-insurer-key";
const DASHES = "-".repeat(36);
const FIRST_INSTANT = "-271821-04-20T00:00:00.000Z";

let claim: StartedClaim;
let admin: StaffClient;
beforeAll(async () => {
  claim = await submittedClaim(server.app);
  admin = await signedInStaff(server.app, server.db, server.clock, {
    email: "ana@kalinga-life.example",
    role: "administrator",
  });
});

const insurer = (app: FastifyInstance, method: "GET" | "POST", url: string, body?: unknown) =>
  app.inject({
    method,
    url: `/api/insurer${url}`,
    headers: {
      authorization: `Bearer ${KEY}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

function expectField(response: LightMyRequestResponse, field: string, message?: RegExp) {
  expect(response.statusCode, response.body).toBe(400);
  const errors = (response.json() as { errors: { field: string; message: string }[] }).errors;
  const error = errors.find((e) => e.field === field);
  expect(error, response.body).toBeDefined();
  if (message) expect(error?.message).toMatch(message);
}

const cursorOf = (at: string, id: string) =>
  Buffer.from(JSON.stringify([at, id])).toString("base64url");

async function unchanged() {
  const { rows } = await server.db.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM claim_requirements r JOIN claims c ON c.id = r.claim_id
     WHERE c.web_reference_number = $1`,
    [claim.webReferenceNumber],
  );
  expect(Number(rows[0]?.n)).toBe(0);
  const read = (await insurer(server.app, "GET", `/claims/${claim.webReferenceNumber}`)).json() as {
    status: string;
  };
  expect(read.status).toBe("CLAIM APPLICATION SUBMITTED");
}

describe("the integration API", () => {
  test("ids: a NUL byte, 36 dashes, a malformed reference", async () => {
    const ref = claim.webReferenceNumber;
    expectField(await insurer(server.app, "GET", "/claims/%00"), "webReferenceNumber");
    expectField(await insurer(server.app, "GET", `/claims/KL-2222-222%00`), "webReferenceNumber");
    expectField(await insurer(server.app, "GET", `/claims/${ref}/documents/${DASHES}`), "id");
    expectField(await insurer(server.app, "GET", `/claims/${ref}/documents/%00`), "id");
    expectField(
      await insurer(server.app, "POST", `/claims/${ref}%00/status`, { status: "UNDER REVIEW" }),
      "webReferenceNumber",
    );
    await unchanged();
  });

  test("the list's query: the first instant JavaScript knows, NUL bytes, a forged cursor", async () => {
    const list = (query: string) => insurer(server.app, "GET", `/claims?${query}`);
    expectField(await list(`updatedSince=${encodeURIComponent(FIRST_INSTANT)}`), "updatedSince");
    expectField(await list("updatedSince=2026-02-30T00:00:00Z"), "updatedSince");
    expectField(await list("status=%00"), "status");
    expectField(await list("limit=%00"), "limit");
    expectField(await list("cursor=%00"), "cursor");
    expectField(await list(`cursor=${cursorOf(FIRST_INSTANT, randomUUID())}`), "cursor");
    expectField(await list(`cursor=${cursorOf("2026-03-01T00:00:00Z", DASHES)}`), "cursor");
    expectField(
      await list("status=UNDER%20REVIEW&status=CLAIM%20APPLICATION%20SUBMITTED"),
      "status",
    );
    expect((await list("updatedSince=2026-03-01T00:00:00%2B08:00&limit=5")).statusCode).toBe(200);
  });

  test("due dates: impossible, before the next working day, too far ahead; nothing is asked and no message queued", async () => {
    const ref = claim.webReferenceNumber;
    const ask = (dueDate: string) =>
      insurer(server.app, "POST", `/claims/${ref}/requirements`, {
        requirements: [
          { documentCd: null, description: "Police report", dueDate: "2026-04-30" },
          { documentCd: null, description: "Receipt", dueDate },
        ],
      });
    expectField(await ask("2026-02-30"), "requirements.1.dueDate", /real calendar date/);
    expectField(await ask("2026-03-01"), "requirements.1.dueDate", /next working day, 03 Mar 2026/);
    expectField(await ask("2026-03-02"), "requirements.1.dueDate", /next working day/);
    expectField(await ask("2027-03-03"), "requirements.1.dueDate", /at most 365 days/);
    expectField(await ask(FIRST_INSTANT.slice(0, 10)), "requirements.1.dueDate");
    await unchanged();
    const { rows } = await server.db.query(
      "SELECT 1 FROM notifications WHERE subject LIKE 'We need%'",
    );
    expect(rows).toEqual([]);
  });

  test("the demo's development route makes the asked items overdue, so a journey can close the claim", async () => {
    const other = await submittedClaim(server.app);
    const ref = other.webReferenceNumber;
    const asked = await insurer(server.app, "POST", `/claims/${ref}/requirements`, {
      requirements: [{ documentCd: null, description: "Police report", dueDate: "2026-03-03" }],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const close = { status: "CLOSED - DUE TO INCOMPLETE REQUIREMENTS" };
    expect((await insurer(server.app, "POST", `/claims/${ref}/status`, close)).statusCode).toBe(
      409,
    );
    const overdue = await server.app.inject({
      method: "POST",
      url: `/api/dev/claims/${ref}/overdue`,
    });
    expect(overdue.json()).toEqual({ overdue: 1 });
    expect((await insurer(server.app, "POST", `/claims/${ref}/status`, close)).statusCode).toBe(
      200,
    );
  });
});

describe("the console", () => {
  test("the sign-in e-mail with a NUL byte is 400 naming it", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/console/api/sign-in",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({
        email: "ana@kalinga-life.example\u0000",
        password: "whatever it is",
      }),
    });
    expectField(response, "email");
  });

  test("ids in paths: a NUL byte, 36 dashes, a malformed reference", async () => {
    const ref = claim.webReferenceNumber;
    expectField(await admin.call("GET", "/claims/%00"), "ref");
    expectField(await admin.call("GET", "/claims/NOPE1234"), "ref");
    expectField(await admin.call("GET", `/claims/${ref}/documents/${DASHES}`), "id");
    expectField(
      await admin.call("POST", `/claims/${ref}/requirements/${DASHES}`, { accept: true }),
      "id",
    );
    expectField(await admin.call("POST", `/staff/${DASHES}/disabled`, { disabled: true }), "id");
    expectField(await admin.call("POST", "/staff/%00/disabled", { disabled: true }), "id");
    expectField(
      await admin.call("POST", `/claims/${ref}/assignment`, { staffId: DASHES }),
      "staffId",
    );
  });

  test("queries: a NUL byte in the search, bad filters, a page out of range, a bad audit filter", async () => {
    expectField(await admin.call("GET", "/claims?q=%00"), "q");
    expectField(await admin.call("GET", "/claims.csv?q=riz%00al"), "q");
    expectField(await admin.call("GET", `/claims?q=${"x".repeat(101)}`), "q");
    expectField(await admin.call("GET", `/claims?assigned=${DASHES}`), "assigned");
    expectField(await admin.call("GET", "/claims?status=OPEN"), "status");
    expectField(await admin.call("GET", "/claims?type=%00"), "type");
    expectField(await admin.call("GET", "/claims?page=-1"), "page");
    expectField(await admin.call("GET", "/audit?claim=%00"), "claim");
    expectField(await admin.call("GET", "/audit?claim=NOPE"), "claim");
    expectField(await admin.call("GET", "/audit?before=-271821"), "before");
    expect((await admin.call("GET", "/claims?q=rizal&page=1&assigned=unassigned")).statusCode).toBe(
      200,
    );
  });

  test("due dates: impossible or before the next working day, in the request and in its preview; nothing is asked", async () => {
    const ref = claim.webReferenceNumber;
    for (const path of ["requirements", "requirements/preview"]) {
      for (const [dueDate, message] of [
        ["2026-02-30", /real calendar date/],
        ["2026-03-01", /next working day/],
        ["2026-03-02", /next working day/],
      ] as const) {
        expectField(
          await admin.call("POST", `/claims/${ref}/${path}`, {
            requirements: [{ documentCd: null, description: "Receipt", dueDate }],
          }),
          "requirements.0.dueDate",
          message,
        );
      }
    }
    await unchanged();
  });
});
