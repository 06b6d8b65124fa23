import type { LightMyRequestResponse } from "fastify";
import { Secret, TOTP } from "otpauth";
import { describe, expect, test } from "vitest";
import { createStaffAccounts } from "../src/console/staff-accounts.ts";
import { useServerTest } from "./support/server-test.ts";
import { testConfig } from "./support/test-app.ts";

// Staff sign-in driven as an attacker drives it (docs/decisions/0063): parallel wrong passwords and
// codes, a stranger hammering an account from many addresses while its owner signs in, known and
// unknown e-mails side by side, absurd input, the per-address ceiling, and an administrator's
// unlock, password reset and authenticator reset.

const server = useServerTest({ env: { NOTIFICATION_POLL_MS: "600000" } });
const OWNER = { email: "ana.reyes@kalinga-life.example", password: "correct horse battery" };
const OWNER_ADDRESS = "203.0.113.10";
const STRANGER = "198.51.100.66";

type Call = {
  method?: "GET" | "POST";
  body?: unknown;
  from?: string;
  cookie?: string;
  csrf?: string;
};

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

async function createStaff(email: string, role: "administrator" | "examiner", password: string) {
  const accounts = createStaffAccounts(server.db, { serverSecret: "s".repeat(40), issuer: "x" });
  const created = await accounts.create(
    { email, password, name: email.split("@")[0] ?? email, role },
    null,
    server.clock.now(),
  );
  if (created === "taken") throw new Error("taken");
  return created;
}

type Signed = { cookie: string; csrf: string; secret: string };

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

describe("parallel wrong tries", () => {
  test("40 wrong passwords at once: only the five free ones are checked, the rest wait", async () => {
    await createStaff(OWNER.email, "administrator", OWNER.password);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => call("/sign-in", { body: wrong(i), from: STRANGER })),
    );
    const checked = checkedAtMostFive(answers.map((a) => a.statusCode));
    // A refused password writes an audit row only once it was checked.
    expect(await auditCount("session.password-refused")).toBe(checked);
    // The wait is the address's own (30 s after five), or the account-wide minute once the
    // parallel tries at the account passed twenty.
    const waits = answers.filter((a) => a.statusCode === 429).map((a) => a.headers["retry-after"]);
    for (const wait of waits) expect(["30", "60"]).toContain(wait);
  });

  test("40 wrong codes at once after a right password: only five are checked", async () => {
    await createStaff(OWNER.email, "administrator", OWNER.password);
    const { secret } = await signIn(OWNER);
    const half = await call("/sign-in", { body: OWNER, from: STRANGER });
    expect(half.statusCode).toBe(200);
    const { csrfToken } = half.json() as { csrfToken: string };
    const right = codeOf(secret);
    const bad = String((Number(right) + 1) % 1_000_000).padStart(6, "0");
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        call("/sign-in/code", {
          body: { code: bad },
          from: STRANGER,
          cookie: cookieOf(half),
          csrf: csrfToken,
        }),
      ),
    );
    const checked = checkedAtMostFive(answers.map((a) => a.statusCode));
    expect(await auditCount("session.code-refused")).toBe(checked);
  });
});

describe("a stranger cannot keep the owner out", () => {
  test("hammered from many addresses, the owner still signs in from their own address", async () => {
    await createStaff(OWNER.email, "administrator", OWNER.password);
    const { secret } = await signIn(OWNER);
    // The stranger: 25 addresses, each until it is made to wait.
    const addresses = Array.from({ length: 25 }, (_, i) => `198.51.100.${i + 1}`);
    for (const from of addresses) {
      for (let n = 0; n < 7; n++) await call("/sign-in", { body: wrong(n), from });
    }
    const stranger = await call("/sign-in", { body: wrong(99), from: addresses[0] });
    expect(stranger.statusCode).toBe(429);

    // The owner's address has no failure of its own: in at once, password and code.
    await signIn(OWNER, OWNER_ADDRESS, secret);

    // Under the attack, one typo of the owner costs at most the account-wide minute.
    expect((await call("/sign-in", { body: wrong(1) })).statusCode).toBe(401);
    const slowed = await call("/sign-in", { body: OWNER });
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers["retry-after"])).toBeLessThanOrEqual(60);
    server.clock.advance(Number(slowed.headers["retry-after"]));
    await signIn(OWNER, OWNER_ADDRESS, secret);
  });

  test("delays from one address double and stop at 15 minutes; the owner's sign-in leaves them", async () => {
    await createStaff(OWNER.email, "administrator", OWNER.password);
    const { secret } = await signIn(OWNER);
    for (let n = 0; n < 5; n++) await call("/sign-in", { body: wrong(n), from: STRANGER });
    const waits: number[] = [];
    for (let n = 0; n < 8; n++) {
      const refused = await call("/sign-in", { body: wrong(n), from: STRANGER });
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers["retry-after"]);
      waits.push(wait);
      server.clock.advance(wait);
      expect((await call("/sign-in", { body: wrong(n), from: STRANGER })).statusCode).toBe(401);
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);

    // A whole sign-in by the owner clears the owner's address only, not the stranger's.
    await signIn(OWNER, OWNER_ADDRESS, secret);
    expect((await call("/sign-in", { body: OWNER, from: STRANGER })).statusCode).toBe(429);
  });

  test("a right password alone clears nothing: wrong codes keep counting after it", async () => {
    await createStaff(OWNER.email, "administrator", OWNER.password);
    const { secret } = await signIn(OWNER);
    const bad = String((Number(codeOf(secret)) + 1) % 1_000_000).padStart(6, "0");
    for (let round = 0; round < 5; round++) {
      const half = await call("/sign-in", { body: OWNER, from: STRANGER });
      expect(half.statusCode, `round ${round}`).toBe(200);
      const refused = await call("/sign-in/code", {
        body: { code: bad },
        from: STRANGER,
        cookie: cookieOf(half),
        csrf: (half.json() as { csrfToken: string }).csrfToken,
      });
      expect(refused.statusCode).toBe(401);
    }
    expect((await call("/sign-in", { body: OWNER, from: STRANGER })).statusCode).toBe(429);
  });
});

describe("known and unknown e-mails", () => {
  test("answer with the same status and body, wrong or waiting", async () => {
    await createStaff(OWNER.email, "administrator", OWNER.password);
    const unknown = (n: number) => ({
      email: "nobody@kalinga-life.example",
      password: `guess ${n}`,
    });
    for (let n = 0; n < 5; n++) {
      const known = await call("/sign-in", { body: wrong(n), from: STRANGER });
      const other = await call("/sign-in", { body: unknown(n), from: STRANGER });
      expect(known.statusCode).toBe(401);
      expect(other.statusCode).toBe(401);
      expect(other.body).toBe(known.body);
    }
    const known = await call("/sign-in", { body: wrong(9), from: STRANGER });
    const other = await call("/sign-in", { body: unknown(9), from: STRANGER });
    expect(known.statusCode).toBe(429);
    expect(other.statusCode).toBe(429);
    expect(other.body).toBe(known.body);
    expect(other.headers["retry-after"]).toBe(known.headers["retry-after"]);
  });

  test("take comparable time: an unknown e-mail's password is checked against a dummy hash", async () => {
    await createStaff(OWNER.email, "administrator", OWNER.password);
    const timed = async (body: unknown, from: string) => {
      const started = performance.now();
      const answer = await call("/sign-in", { body, from });
      expect(answer.statusCode).toBe(401);
      return performance.now() - started;
    };
    // Warm up, then alternate, each from its own address so no delay is ever reached.
    await timed(wrong(0), "192.0.2.200");
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 8; i++) {
      known.push(await timed(wrong(i), `192.0.2.${i + 1}`));
      unknown.push(
        await timed(
          { email: `nobody${i}@kalinga-life.example`, password: "x" },
          `192.0.2.${i + 101}`,
        ),
      );
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

describe("absurd input", () => {
  test("a NUL byte, an absurd length or a wrong type in the sign-in is 400 naming the field, and changes nothing", async () => {
    await createStaff(OWNER.email, "administrator", OWNER.password);
    const cases: [unknown, string][] = [
      [{ email: "ana\u0000@kalinga-life.example", password: "whatever it is" }, "email"],
      [{ email: `${"a".repeat(5_000)}@x.ph`, password: "whatever it is" }, "email"],
      [{ email: 42, password: "whatever it is" }, "email"],
      [{ email: "", password: "whatever it is" }, "email"],
      [{ email: OWNER.email, password: "p".repeat(10_000) }, "password"],
      [{ email: OWNER.email }, "password"],
    ];
    for (const [body, field] of cases) {
      const answer = await call("/sign-in", { body });
      expect(answer.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      const errors = (answer.json() as { errors: { field: string; message: string }[] }).errors;
      expect(errors.map((e) => e.field)).toContain(field);
      expect(errors[0]?.message.length).toBeGreaterThan(10);
    }
    for (const body of ["null", "[]", '"text"']) {
      const answer = await call("/sign-in", { body });
      expect(answer.statusCode, body).toBe(400);
      expect(answer.json()).toMatchObject({
        errors: expect.arrayContaining([
          expect.objectContaining({ message: expect.stringMatching(/e-mail/) }),
        ]),
      });
    }
    const { rows } = await server.db.query("SELECT 1 FROM staff_sign_in_throttle");
    expect(rows).toHaveLength(0);
    expect(await auditCount("session.password-refused")).toBe(0);
    // And the owner is not slowed by any of it.
    await signIn(OWNER);
  });
});

describe("the per-address ceiling", () => {
  test("its setting defaults to 300 tries per 15 minutes; a bad value stops the start naming it", () => {
    expect(testConfig().staffSignIn).toEqual({ addressLimit: 300, addressWindowSeconds: 900 });
    expect(() => testConfig({ STAFF_SIGN_IN_ADDRESS_LIMIT: "0" })).toThrow(
      /STAFF_SIGN_IN_ADDRESS_LIMIT/,
    );
    expect(() => testConfig({ STAFF_SIGN_IN_ADDRESS_WINDOW_SECONDS: "soon" })).toThrow(
      /STAFF_SIGN_IN_ADDRESS_WINDOW_SECONDS/,
    );
  });

  test("an address past its tries waits, whatever e-mails it types; other addresses do not", async () => {
    await server.restart({ STAFF_SIGN_IN_ADDRESS_LIMIT: "10" });
    await createStaff(OWNER.email, "administrator", OWNER.password);
    for (let n = 0; n < 10; n++) {
      const answer = await call("/sign-in", {
        body: { email: `sprayed${n}@kalinga-life.example`, password: "Summer2026!!" },
        from: STRANGER,
      });
      expect(answer.statusCode).toBe(401);
    }
    const refused = await call("/sign-in", { body: OWNER, from: STRANGER });
    expect(refused.statusCode).toBe(429);
    expect((refused.json() as { message: string }).message).toMatch(/from this network/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    await signIn(OWNER);
  });
});

describe("an administrator helps a member", () => {
  const BEN = { email: "ben@kalinga-life.example", password: "ben's own password" };

  async function team() {
    await createStaff(OWNER.email, "administrator", OWNER.password);
    const member = await createStaff(BEN.email, "examiner", BEN.password);
    const admin = await signIn(OWNER);
    const ben = await signIn(BEN, STRANGER);
    const as =
      (who: Signed) =>
      (method: "GET" | "POST", url: string, body: unknown = method === "POST" ? {} : undefined) =>
        call(url, { method, body, cookie: who.cookie, csrf: who.csrf });
    return { member, admin: as(admin), ben: as(ben), benSecret: ben.secret };
  }

  const listed = async (admin: (m: "GET", u: string) => Promise<LightMyRequestResponse>) =>
    (
      (await admin("GET", "/staff")).json() as {
        staff: { email: string; locked: boolean; secondFactorSetUp: boolean }[];
      }
    ).staff.find((s) => s.email === BEN.email);

  test("unlock lets every address try again at once, and is audited", async () => {
    const { member, admin, benSecret } = await team();
    for (let n = 0; n < 6; n++) {
      await call("/sign-in", { body: { ...BEN, password: `no ${n}` }, from: STRANGER });
    }
    expect((await call("/sign-in", { body: BEN, from: STRANGER })).statusCode).toBe(429);
    expect(await listed(admin)).toMatchObject({ locked: true });

    const unlocked = await admin("POST", `/staff/${member.id}/unlock`);
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(await listed(admin)).toMatchObject({ locked: false });
    await signIn(BEN, STRANGER, benSecret);
    expect(await auditCount("staff.unlock")).toBe(1);
  });

  test("a password reset shows a new password once, ends the member's sessions, and is audited", async () => {
    const { member, admin, ben, benSecret } = await team();
    const reset = await admin("POST", `/staff/${member.id}/password`);
    expect(reset.statusCode, reset.body).toBe(200);
    const { temporaryPassword } = reset.json() as { temporaryPassword: string };
    expect(temporaryPassword).toMatch(/^[A-Za-z2-9]{20}$/);
    expect((await ben("GET", "/claims")).statusCode).toBe(401);
    expect((await call("/sign-in", { body: BEN })).statusCode).toBe(401);
    await signIn({ email: BEN.email, password: temporaryPassword }, OWNER_ADDRESS, benSecret);
    expect(await auditCount("staff.password-reset")).toBe(1);
    // Nobody resets their own password this way; an examiner resets nobody's.
    const me = (await admin("GET", "/session")).json() as { staff: { id: string } };
    expect((await admin("POST", `/staff/${me.staff.id}/password`)).statusCode).toBe(409);
    const again = await signIn(
      { email: BEN.email, password: temporaryPassword },
      OWNER_ADDRESS,
      benSecret,
    );
    const examiner = (url: string) =>
      call(url, { body: {}, cookie: again.cookie, csrf: again.csrf });
    expect((await examiner(`/staff/${me.staff.id}/password`)).statusCode).toBe(403);
    // A malformed id is bad input; a well-formed one nobody has is not found.
    expect((await admin("POST", "/staff/not-an-id/password")).statusCode).toBe(400);
    expect(
      (await admin("POST", "/staff/00000000-0000-4000-8000-000000000000/password")).statusCode,
    ).toBe(404);
  });

  test("an authenticator reset makes the next sign-in set one up again, and is audited", async () => {
    const { member, admin, ben, benSecret } = await team();
    const reset = await admin("POST", `/staff/${member.id}/second-factor`);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await listed(admin)).toMatchObject({ secondFactorSetUp: false });
    expect((await ben("GET", "/claims")).statusCode).toBe(401);
    const first = await call("/sign-in", { body: BEN });
    expect(first.json()).toMatchObject({ next: "enrol" });
    const { secret } = first.json() as { secret: string };
    expect(secret).not.toBe(benSecret);
    // The old authenticator's code no longer opens the account.
    const old = await call("/sign-in/code", {
      body: { code: codeOf(benSecret) },
      cookie: cookieOf(first),
      csrf: (first.json() as { csrfToken: string }).csrfToken,
    });
    expect(old.statusCode).toBe(401);
    await signIn(BEN, OWNER_ADDRESS, secret);
    expect(await auditCount("staff.second-factor-reset")).toBe(1);
  });
});
