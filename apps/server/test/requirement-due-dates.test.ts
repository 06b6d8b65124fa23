import type { LightMyRequestResponse } from "fastify";
import { describe, expect, test } from "vitest";
import { submittedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import { type StaffClient, signedInStaff } from "./support/staff-session.ts";

// When a requested document can be due, and when a claim can be closed for want of it
// (docs/decisions/0070), on the console and the integration API alike: due from the next working
// day in Manila (weekends and regular holidays skipped), and closed only once every item still
// owed is past its due date. The clock is moved through config.now, never the database.

const server = useServerTest({ documentsDir: true, env: { NOTIFICATION_POLL_MS: "600000" } });
const KEY = "kalinga-dev-insurer-key";
const DAY = 86_400;
const CLOSE = { status: "CLOSED - DUE TO INCOMPLETE REQUIREMENTS" };

/** 09:00 in Manila on this date. */
const morningOf = (date: string) => new Date(`${date}T01:00:00Z`);

const item = (description: string, dueDate: string | null) => ({
  documentCd: null,
  description,
  dueDate,
});

function insurer(url: string, body: unknown) {
  return server.app.inject({
    method: "POST",
    url: `/api/insurer/claims${url}`,
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
    payload: JSON.stringify(body),
  });
}

let accounts = 0;
/** A fresh examiner signed in now: a session does not outlive the days a test moves the clock. */
function examiner(): Promise<StaffClient> {
  accounts += 1;
  return signedInStaff(server.app, server.db, server.clock, {
    email: `examiner-${accounts}@kalinga-life.example`,
    role: "examiner",
  });
}

function expectDueDateRefused(response: LightMyRequestResponse, earliest: string, index = 0) {
  expect(response.statusCode, response.body).toBe(400);
  const { errors } = response.json() as {
    errors: { field: string; rule: string; message: string }[];
  };
  expect(errors).toEqual([
    {
      field: `requirements.${index}.dueDate`,
      rule: "due-date",
      message: expect.stringContaining(`on or after the next working day`) as string,
    },
  ]);
  expect(errors[0]?.message).toContain(`(${earliest})`);
}

async function requestedItems(): Promise<number> {
  const { rows } = await server.db.query<{ n: string | number }>(
    "SELECT count(*) AS n FROM claim_requirements",
  );
  return Number(rows[0]?.n);
}

async function requirementMessages(): Promise<number> {
  const { rows } = await server.db.query(
    "SELECT 1 FROM notifications WHERE subject LIKE 'We need more documents%'",
  );
  return rows.length;
}

describe("due dates", () => {
  test("the API takes a due date from the next working day: not today, not over a weekend", async () => {
    const ref = (await submittedClaim(server.app)).webReferenceNumber;
    // Friday 6 March 2026: the next working day is Monday the 9th.
    server.clock.current = morningOf("2026-03-06");
    for (const dueDate of ["2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08"]) {
      const refused = await insurer(`/${ref}/requirements`, {
        requirements: [item("Police report", "2026-04-30"), item("Receipt", dueDate)],
      });
      expectDueDateRefused(refused, "2026-03-09", 1);
    }
    expect(await requestedItems()).toBe(0);
    expect(await requirementMessages()).toBe(0);
    const asked = await insurer(`/${ref}/requirements`, {
      requirements: [item("Receipt", "2026-03-09")],
    });
    expect(asked.statusCode, asked.body).toBe(200);
  });

  test("the console takes a due date from the next working day, Holy Week's holidays skipped", async () => {
    const ref = (await submittedClaim(server.app)).webReferenceNumber;
    // Wednesday 1 April 2026: Maundy Thursday, Good Friday and the weekend follow.
    server.clock.current = morningOf("2026-04-01");
    const staff = await examiner();
    for (const path of ["requirements/preview", "requirements"]) {
      for (const dueDate of ["2026-04-02", "2026-04-03", "2026-04-05"]) {
        const refused = await staff.call("POST", `/claims/${ref}/${path}`, {
          requirements: [item("Receipt", dueDate)],
        });
        expectDueDateRefused(refused, "2026-04-06");
      }
    }
    expect(await requestedItems()).toBe(0);
    const preview = await staff.call("POST", `/claims/${ref}/requirements/preview`, {
      requirements: [item("Receipt", "2026-04-06")],
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect((preview.json() as { sms: string }).sms).toContain("by April 6, 2026");
    const asked = await staff.call("POST", `/claims/${ref}/requirements`, {
      requirements: [item("Receipt", "2026-04-06")],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await requestedItems()).toBe(1);
  });
});

describe("closing for incomplete requirements", () => {
  test("the API refuses to close while any open item is not past due, then closes", async () => {
    const ref = (await submittedClaim(server.app)).webReferenceNumber;
    // Monday 2 March: one item due Tuesday, one the next Tuesday.
    const asked = await insurer(`/${ref}/requirements`, {
      requirements: [item("Police report", "2026-03-03"), item("Receipt", "2026-03-10")],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const notYet = {
      error: "requirements-not-overdue",
      message:
        "A claim can be closed for incomplete requirements only once every open item is past its due date.",
      errors: [
        {
          field: "status",
          rule: "every-open-item-past-due",
          message:
            "A claim can be closed for incomplete requirements only once every open item is past its due date.",
        },
      ],
    };
    const atOnce = await insurer(`/${ref}/status`, CLOSE);
    expect(atOnce.statusCode).toBe(409);
    expect(atOnce.json()).toEqual(notYet);
    // Wednesday: the police report is past due, the receipt is not.
    server.clock.advance(2 * DAY);
    const halfway = await insurer(`/${ref}/status`, CLOSE);
    expect(halfway.statusCode).toBe(409);
    expect(halfway.json()).toEqual(notYet);
    // The receipt's own due date is still a day to send it.
    server.clock.current = morningOf("2026-03-10");
    expect((await insurer(`/${ref}/status`, CLOSE)).statusCode).toBe(409);
    server.clock.current = morningOf("2026-03-11");
    const closed = await insurer(`/${ref}/status`, CLOSE);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toEqual({
      webReferenceNumber: ref,
      status: "CLOSED - DUE TO INCOMPLETE REQUIREMENTS",
    });
  });

  test("the console refuses the same move in its own words, and closes once every item is past due", async () => {
    const ref = (await submittedClaim(server.app)).webReferenceNumber;
    const first = await examiner();
    const asked = await first.call("POST", `/claims/${ref}/requirements`, {
      requirements: [item("Police report", "2026-03-03"), item("Receipt", "2026-03-10")],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const atOnce = await first.call("POST", `/claims/${ref}/status`, CLOSE);
    expect(atOnce.statusCode).toBe(409);
    expect(atOnce.json()).toEqual({
      error: "requirements-not-overdue",
      message:
        "A claim can be closed only once every requested document still owed is past its due date.",
    });

    server.clock.current = morningOf("2026-03-04");
    const later = await examiner();
    expect((await later.call("POST", `/claims/${ref}/status`, CLOSE)).statusCode).toBe(409);

    server.clock.current = morningOf("2026-03-11");
    const last = await examiner();
    const closed = await last.call("POST", `/claims/${ref}/status`, {
      ...CLOSE,
      reason: "Nothing received by the due dates",
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toEqual({ status: "CLOSED - DUE TO INCOMPLETE REQUIREMENTS" });
  });
});
