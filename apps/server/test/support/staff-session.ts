import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { Secret, TOTP } from "otpauth";
import { CONSOLE_ISSUER, createStaffAccounts } from "../../src/console/staff-accounts.ts";
import type { Database } from "../../src/db/database.ts";
import type { TestClock } from "./test-app.ts";

// A signed-in member of the claims staff, for tests of the console's API: an account made in the
// database, then the real sign-in (password, then the TOTP code set up at the first sign-in).

export type StaffClient = {
  id: string;
  call(
    method: "GET" | "POST",
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
};

function cookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === "kalinga_staff");
  if (!cookie) throw new Error(`no session cookie: ${response.statusCode} ${response.body}`);
  return `kalinga_staff=${cookie.value}`;
}

export async function signedInStaff(
  app: FastifyInstance,
  db: Database,
  clock: TestClock,
  account: { email: string; role: "examiner" | "supervisor" | "administrator" },
): Promise<StaffClient> {
  const password = "correct horse battery staple";
  const accounts = createStaffAccounts(db, { serverSecret: "s".repeat(40), issuer: "x" });
  const created = await accounts.create(
    {
      email: account.email,
      name: account.email.split("@")[0] ?? "staff",
      role: account.role,
      password,
    },
    null,
    clock.now(),
  );
  if (created === "taken") throw new Error(`${account.email} exists`);
  const json = { "content-type": "application/json" };
  const first = await app.inject({
    method: "POST",
    url: "/console/api/sign-in",
    headers: json,
    payload: JSON.stringify({ email: account.email, password }),
  });
  const { csrfToken: halfCsrf, secret } = first.json() as { csrfToken: string; secret: string };
  const code = new TOTP({ issuer: CONSOLE_ISSUER, secret: Secret.fromBase32(secret) }).generate({
    timestamp: clock.now().getTime(),
  });
  const second = await app.inject({
    method: "POST",
    url: "/console/api/sign-in/code",
    headers: { ...json, cookie: cookieOf(first), "x-csrf-token": halfCsrf },
    payload: JSON.stringify({ code }),
  });
  if (second.statusCode !== 200) throw new Error(`sign-in: ${second.statusCode} ${second.body}`);
  const cookie = cookieOf(second);
  const { csrfToken } = second.json() as { csrfToken: string };
  return {
    id: created.id,
    call: (method, url, body, headers = {}) =>
      app.inject({
        method,
        url: `/console/api${url}`,
        headers: {
          cookie,
          ...(method === "POST" ? { "x-csrf-token": csrfToken } : {}),
          ...(body === undefined ? {} : json),
          ...headers,
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      }),
  };
}
