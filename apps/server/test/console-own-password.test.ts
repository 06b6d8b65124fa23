import { describe, expect, test } from "vitest";
import { useServerTest } from "./support/server-test.ts";
import { OWNER, type Signed, STRANGER, signInClient } from "./support/sign-in-client.ts";

// A signed-in member changes their own password (POST /session/password): the current one is
// checked and throttled like a sign-in's, the new one follows the staff password's rules, the
// member's other sessions end and this one goes on, and the audit row holds no password.

const server = useServerTest({ env: { NOTIFICATION_POLL_MS: "600000" } });
const { call, createStaff, signIn } = signInClient(server);

const NEW_PASSWORD = "a much longer new passphrase";

const change = (who: Signed, body: unknown, from?: string) =>
  call("/session/password", { body, cookie: who.cookie, csrf: who.csrf, from });
const session = (who: Signed) => call("/session", { method: "GET", cookie: who.cookie });

async function auditRows(action: string) {
  const { rows } = await server.db.query<{ staff_email: string; detail: unknown }>(
    "SELECT staff_email, detail FROM staff_audit_log WHERE action = $1 ORDER BY seq",
    [action],
  );
  return rows;
}

async function storedHash(): Promise<string> {
  const { rows } = await server.db.query<{ password_hash: string }>(
    "SELECT password_hash FROM staff_users WHERE email = $1",
    [OWNER.email],
  );
  return rows[0]?.password_hash ?? "";
}

/** The owner signed in twice: here, and on another device. */
async function ownerTwice() {
  await createStaff(OWNER.email, "examiner", OWNER.password);
  const here = await signIn(OWNER);
  const elsewhere = await signIn(OWNER, STRANGER, here.secret);
  return { here, elsewhere };
}

describe("changing one's own password", () => {
  test("the new password signs in and the old one no longer does; other sessions end, this one goes on; audited without a secret", async () => {
    const { here, elsewhere } = await ownerTwice();
    const changed = await change(here, {
      currentPassword: OWNER.password,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ changed: true, otherSessionsEnded: 1 });

    expect((await session(here)).statusCode).toBe(200);
    expect((await session(elsewhere)).statusCode).toBe(401);

    const old = await call("/sign-in", { body: OWNER, from: STRANGER });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ error: "wrong" });
    await signIn({ email: OWNER.email, password: NEW_PASSWORD }, STRANGER, here.secret);

    const rows = await auditRows("staff.password-change");
    expect(rows).toEqual([{ staff_email: OWNER.email, detail: { otherSessionsEnded: 1 } }]);
    const everything = JSON.stringify(
      (await server.db.query("SELECT * FROM staff_audit_log")).rows,
    );
    expect(everything).not.toContain(OWNER.password);
    expect(everything).not.toContain(NEW_PASSWORD);
  });

  test("a wrong current password is refused, changes nothing and counts toward the sign-in's throttle", async () => {
    const { here, elsewhere } = await ownerTwice();
    const before = await storedHash();
    for (let n = 0; n < 5; n++) {
      const wrong = await change(here, {
        currentPassword: `not my password ${n}`,
        newPassword: NEW_PASSWORD,
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({
        error: "wrong",
        message: "Your current password is not right.",
      });
    }
    expect(await storedHash()).toBe(before);
    expect((await session(here)).statusCode).toBe(200);
    expect((await session(elsewhere)).statusCode).toBe(200);
    expect(await auditRows("staff.password-change-refused")).toHaveLength(5);
    expect(await auditRows("staff.password-change")).toHaveLength(0);

    // The sixth try waits, even with the right password, and so does a sign-in from this address.
    const sixth = await change(here, {
      currentPassword: OWNER.password,
      newPassword: NEW_PASSWORD,
    });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers["retry-after"]).toBe("30");
    expect(sixth.json()).toMatchObject({ error: "too-many-tries" });
    expect((await call("/sign-in", { body: OWNER })).statusCode).toBe(429);
    expect(await storedHash()).toBe(before);

    server.clock.advance(30);
    const right = await change(here, {
      currentPassword: OWNER.password,
      newPassword: NEW_PASSWORD,
    });
    expect(right.statusCode, right.body).toBe(200);
  });

  test.each([
    ["too short", { currentPassword: OWNER.password, newPassword: "short" }, "min"],
    ["too long", { currentPassword: OWNER.password, newPassword: "x".repeat(129) }, "max"],
    [
      "the current one",
      { currentPassword: OWNER.password, newPassword: OWNER.password },
      "not-current",
    ],
  ])(
    "a new password %s is 400 naming the field and the rule, and changes nothing",
    async (_, body, rule) => {
      const { here, elsewhere } = await ownerTwice();
      const before = await storedHash();
      const refused = await change(here, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        error: "invalid-request",
        errors: [expect.objectContaining({ field: "newPassword", rule })],
      });
      expect(await storedHash()).toBe(before);
      expect((await session(elsewhere)).statusCode).toBe(200);
      expect(await auditRows("staff.password-change")).toHaveLength(0);
    },
  );

  test("a body without the current password is 400 naming it, and counts no try", async () => {
    const { here } = await ownerTwice();
    const refused = await change(here, { newPassword: NEW_PASSWORD });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errors: [{ field: "currentPassword", rule: "required" }],
    });
    expect(await auditRows("staff.password-change-refused")).toHaveLength(0);
  });

  test("without the session's CSRF token, or signed out, nothing changes", async () => {
    const { here } = await ownerTwice();
    const before = await storedHash();
    const body = { currentPassword: OWNER.password, newPassword: NEW_PASSWORD };
    const noToken = await call("/session/password", { body, cookie: here.cookie });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json()).toMatchObject({ error: "csrf" });
    const signedOut = await call("/session/password", { body });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({ error: "signed-out" });
    expect(await storedHash()).toBe(before);
    expect(await auditRows("staff.password-change-refused")).toHaveLength(0);
  });
});
