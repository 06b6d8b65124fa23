import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { Secret, TOTP } from "otpauth";
import { expect } from "vitest";
import { CONSOLE_ISSUER, createStaffAccounts } from "../../src/console/staff-accounts.ts";
import type { ServerTest } from "./server-test.ts";

// The console's tests' set-up: an administrator made in the database, the real sign-in (password,
// then the TOTP code set up at the first sign-in), and calls as the signed-in member.

export const ADMIN = { email: "ana.reyes@kalinga-life.example", password: "correct horse battery" };

export type Staff = {
  call(method: "GET" | "POST", url: string, body?: unknown): Promise<LightMyRequestResponse>;
  secret: string;
};

export function consoleStaff(server: ServerTest) {
  function code(secret: string, at = server.clock.now()): string {
    return new TOTP({ issuer: CONSOLE_ISSUER, secret: Secret.fromBase32(secret) }).generate({
      timestamp: at.getTime(),
    });
  }

  function cookieOf(response: LightMyRequestResponse): string {
    const cookie = response.cookies.find((c) => c.name === "kalinga_staff");
    if (!cookie) throw new Error(`no session cookie: ${response.statusCode} ${response.body}`);
    return `kalinga_staff=${cookie.value}`;
  }

  function request(
    app: FastifyInstance,
    method: "GET" | "POST",
    url: string,
    body: unknown,
    headers: Record<string, string>,
  ) {
    return app.inject({
      method,
      url: `/console/api${url}`,
      headers: {
        ...headers,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  }

  async function createAdministrator() {
    const accounts = createStaffAccounts(server.db, { serverSecret: "s".repeat(40), issuer: "x" });
    const created = await accounts.create(
      { ...ADMIN, name: "Ana Reyes", role: "administrator" },
      null,
      server.clock.now(),
    );
    expect(created).not.toBe("taken");
  }

  /** Signs in with the password and, at the first sign-in, sets up the authenticator. */
  async function signIn(email: string, password: string, knownSecret?: string): Promise<Staff> {
    const app = server.app;
    const first = await request(app, "POST", "/sign-in", { email, password }, {});
    expect(first.statusCode).toBe(200);
    const answer = first.json() as {
      next: string;
      csrfToken: string;
      secret?: string;
      qrSvg?: string;
    };
    const secret = answer.secret ?? knownSecret;
    if (!secret) throw new Error("no TOTP secret");
    if (answer.next === "enrol") expect(answer.qrSvg).toContain("<svg");
    const second = await request(
      app,
      "POST",
      "/sign-in/code",
      { code: code(secret) },
      { cookie: cookieOf(first), "x-csrf-token": answer.csrfToken },
    );
    expect(second.statusCode, second.body).toBe(200);
    const cookie = cookieOf(second);
    const { csrfToken } = second.json() as { csrfToken: string };
    // The next code step, so a later sign-in in the same test is not a replay.
    server.clock.advance(30);
    return {
      secret,
      call: (method, url, body) =>
        request(app, method, url, body, {
          cookie,
          ...(method === "POST" ? { "x-csrf-token": csrfToken } : {}),
        }),
    };
  }

  async function auditActions(): Promise<string[]> {
    const { rows } = await server.db.query<{ action: string }>(
      "SELECT action FROM staff_audit_log ORDER BY seq",
    );
    return rows.map((row) => row.action);
  }

  return { code, cookieOf, request, createAdministrator, signIn, auditActions };
}
