import { CONSOLE_REQUEST_MESSAGES as M } from "@kalinga/domain/console-requests";
import { ROUTE_INPUT_MESSAGES } from "@kalinga/domain/route-inputs";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, test } from "vitest";
import { submittedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import { signedInStaff } from "./support/staff-session.ts";

// Every 400 of the console names the field, the rule it broke and a message a person can act on,
// in the console's own words where it has them; never zod's bare "Invalid input" (decision 0072).

const server = useServerTest({ documentsDir: true, env: { NOTIFICATION_POLL_MS: "600000" } });

type FieldError = { field: string; rule: string; message: string };

function errorsOf(response: LightMyRequestResponse): FieldError[] {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as { error: string; errors: FieldError[] };
  expect(body.error).toBe("invalid-request");
  for (const error of body.errors) {
    expect(error.message).not.toMatch(/invalid input/i);
    expect(error.rule.length).toBeGreaterThan(0);
  }
  return body.errors;
}

const admin = () =>
  signedInStaff(server.app, server.db, server.clock, {
    email: "ana.reyes@kalinga-life.example",
    role: "administrator",
  });

describe("the console's 400s", () => {
  test("a new account's fields each say what is wrong, by field and rule", async () => {
    const staff = await admin();
    const bad = { email: "not an address", name: "  ", role: "boss", nickname: "Ana" };
    expect(errorsOf(await staff.call("POST", "/staff", bad))).toEqual(
      expect.arrayContaining([
        { field: "email", rule: "format", message: M.badEmail },
        { field: "name", rule: "min", message: M.badName },
        { field: "role", rule: "one-of", message: M.badRole },
        { field: "nickname", rule: "unknown-key", message: expect.any(String) },
      ]),
    );
    expect(
      errorsOf(await staff.call("POST", `/staff/${staff.id}/disabled`, { disabled: "yes" })),
    ).toEqual([{ field: "disabled", rule: "type", message: M.badDisabled }]);
  });

  test("a claim's changes and the queue's filters name the field and the rule", async () => {
    const staff = await admin();
    const ref = (await submittedClaim(server.app)).webReferenceNumber;
    expect(
      errorsOf(await staff.call("POST", `/claims/${ref}/assignment`, { staffId: "x" })),
    ).toEqual([{ field: "staffId", rule: "format", message: M.badAssignee }]);
    expect(errorsOf(await staff.call("POST", `/claims/${ref}/notes`, { body: "   " }))).toEqual([
      { field: "body", rule: "min", message: M.emptyText },
    ]);
    const tooLong = { body: "x".repeat(4001) };
    expect(errorsOf(await staff.call("POST", `/claims/${ref}/notes`, tooLong))).toEqual([
      { field: "body", rule: "max", message: M.tooLong(4000) },
    ]);
    const item = "00000000-0000-4000-8000-000000000000";
    const decide = await staff.call("POST", `/claims/${ref}/requirements/${item}`, {
      accept: "maybe",
    });
    expect(errorsOf(decide)).toEqual([{ field: "(body)", rule: "one-of", message: M.badAccept }]);
    expect(errorsOf(await staff.call("GET", "/claims?type=Cat&page=0"))).toEqual([
      { field: "type", rule: "one-of", message: ROUTE_INPUT_MESSAGES.oneOf(["Death", "Living"]) },
      { field: "page", rule: "min", message: ROUTE_INPUT_MESSAGES.wholeNumber(1, 10_000) },
    ]);
  });

  test("the sign-in says what to send, field by field, or for the body as a whole", async () => {
    const signIn = (payload: string) =>
      server.app.inject({
        method: "POST",
        url: "/console/api/sign-in",
        headers: { "content-type": "application/json" },
        payload,
      });
    expect(errorsOf(await signIn("{}"))).toEqual([
      { field: "email", rule: "required", message: M.badSignInEmail },
      { field: "password", rule: "required", message: M.badSignInPassword },
    ]);
    expect(errorsOf(await signIn("[]"))).toEqual([
      { field: "(body)", rule: "type", message: M.badSignInBody },
    ]);
  });
});
