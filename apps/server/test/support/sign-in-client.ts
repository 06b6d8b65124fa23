import type { StaffRole } from "@kalinga/domain/staff-roles";
import type { LightMyRequestResponse } from "fastify";
import { Secret, TOTP } from "otpauth";
import { expect } from "vitest";
import { createStaffAccounts } from "../../src/console/staff-accounts.ts";
import type { ServerTest } from "./server-test.ts";

// The sign-in tests' set-up: calls from a chosen address, as a stranger or the account's owner,
// accounts made in the database, and the whole sign-in (password, then the TOTP code).

export const OWNER = { email: "ana.reyes@kalinga-life.example", password: "correct horse battery" };
export const OWNER_ADDRESS = "203.0.113.10";
export const STRANGER = "198.51.100.66";

export type Call = {
  method?: "GET" | "POST";
  body?: unknown;
  from?: string;
  cookie?: string;
  csrf?: string;
};

export type Signed = { cookie: string; csrf: string; secret: string };

export function signInClient(server: ServerTest) {
  function call(url: string, options: Call = {}): Promise<LightMyRequestResponse> {
    const { method = "POST", body, from = OWNER_ADDRESS, cookie, csrf } = options;
    return server.app.inject({
      method,
      url: `/console/api${url}`,
      remoteAddress: from,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(cookie ? { cookie } : {}),
        ...(csrf ? { "x-csrf-token": csrf } : {}),
      },
      ...(body === undefined
        ? {}
        : { payload: typeof body === "string" ? body : JSON.stringify(body) }),
    });
  }

  const codeOf = (secret: string, at = server.clock.now()) =>
    new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });

  function cookieOf(response: LightMyRequestResponse): string {
    const cookie = response.cookies.find((c) => c.name === "kalinga_staff");
    if (!cookie) throw new Error(`no session cookie: ${response.statusCode} ${response.body}`);
    return `kalinga_staff=${cookie.value}`;
  }

  async function createStaff(email: string, role: StaffRole, password: string) {
    const accounts = createStaffAccounts(server.db, { serverSecret: "s".repeat(40), issuer: "x" });
    const created = await accounts.create(
      { email, password, name: email.split("@")[0] ?? email, role },
      null,
      server.clock.now(),
    );
    if (created === "taken") throw new Error("taken");
    return created;
  }

  /** Password then code from one address; at the first sign-in the authenticator is set up. */
  async function signIn(
    account: { email: string; password: string },
    from = OWNER_ADDRESS,
    knownSecret?: string,
  ): Promise<Signed> {
    const first = await call("/sign-in", { body: account, from });
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json() as { next: string; csrfToken: string; secret?: string };
    const secret = answer.secret ?? knownSecret;
    if (!secret) throw new Error("no TOTP secret");
    const second = await call("/sign-in/code", {
      body: { code: codeOf(secret) },
      from,
      cookie: cookieOf(first),
      csrf: answer.csrfToken,
    });
    expect(second.statusCode, second.body).toBe(200);
    // The next code step, so a later sign-in in the same test is not a replay.
    server.clock.advance(30);
    return {
      cookie: cookieOf(second),
      csrf: (second.json() as { csrfToken: string }).csrfToken,
      secret,
    };
  }

  /** The owner's account made with `role` and signed in: the usual actor of a console test. */
  async function signedInAs(role: StaffRole): Promise<Signed> {
    await createStaff(OWNER.email, role, OWNER.password);
    return signIn(OWNER);
  }

  /** A signed-in staff member's change (with the CSRF token) and read. */
  const send = (who: Signed, url: string, body: unknown = {}) =>
    call(url, { body, cookie: who.cookie, csrf: who.csrf });
  const get = (who: Signed, url: string) => call(url, { method: "GET", cookie: who.cookie });

  /** The audit log's actions in order, those starting with `prefix` when given. */
  async function auditActions(prefix = ""): Promise<string[]> {
    const { rows } = await server.db.query<{ action: string }>(
      "SELECT action FROM staff_audit_log WHERE starts_with(action, $1) ORDER BY seq",
      [prefix],
    );
    return rows.map((row) => row.action);
  }

  async function auditCount(action: string): Promise<number> {
    const { rows } = await server.db.query<{ n: string | number }>(
      "SELECT count(*) AS n FROM staff_audit_log WHERE action = $1",
      [action],
    );
    return Number(rows[0]?.n);
  }

  const wrong = (n: number) => ({ email: OWNER.email, password: `wrong password ${n}` });

  /**
   * Of 40 parallel wrong tries, at most the five free ones are checked and the rest wait. Fewer than
   * five may be checked: past 20 tries at the account, a try that wins its reservation also sets the
   * account-wide minute for the ones behind it, in whatever order the database takes them.
   */
  function checkedAtMostFive(statuses: number[]): number {
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - checked);
    return checked;
  }

  return {
    call,
    codeOf,
    cookieOf,
    createStaff,
    signIn,
    signedInAs,
    send,
    get,
    auditActions,
    auditCount,
    wrong,
    checkedAtMostFive,
  };
}
