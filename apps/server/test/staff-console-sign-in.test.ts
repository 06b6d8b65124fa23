import { describe, expect, test } from "vitest";
import { ADMIN, consoleStaff } from "./support/console-staff.ts";
import { useServerTest } from "./support/server-test.ts";

// The console's sessions and staff accounts over real request handling and a real database:
// sign-in with a password and TOTP, throttling, sessions and CSRF, roles, disabled accounts.

const server = useServerTest({ documentsDir: true, env: { NOTIFICATION_POLL_MS: "600000" } });
const { code, cookieOf, request, createAdministrator, signIn, auditActions } = consoleStaff(server);

describe("signing in", () => {
  test("a password then a TOTP code set up at the first sign-in open a session; the same code is good once", async () => {
    await createAdministrator();
    const admin = await signIn(ADMIN.email, ADMIN.password);
    const session = await admin.call("GET", "/session");
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ staff: { email: ADMIN.email, role: "administrator" } });

    // The second sign-in asks only for a code; the code already used in this step is refused.
    const again = await request(server.app, "POST", "/sign-in", ADMIN, {});
    expect(again.json()).toMatchObject({ next: "code" });
    expect(again.json()).not.toHaveProperty("secret");
    const { csrfToken } = again.json() as { csrfToken: string };
    const replay = await request(
      server.app,
      "POST",
      "/sign-in/code",
      { code: code(admin.secret, new Date(server.clock.now().getTime() - 30_000)) },
      { cookie: cookieOf(again), "x-csrf-token": csrfToken },
    );
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ error: "wrong-code" });
  });

  test("a password alone opens nothing, and a wrong password says nothing of which part was wrong", async () => {
    await createAdministrator();
    const wrong = await request(
      server.app,
      "POST",
      "/sign-in",
      { ...ADMIN, password: "not it at all" },
      {},
    );
    const unknown = await request(
      server.app,
      "POST",
      "/sign-in",
      { email: "nobody@x.example", password: "whatever it is" },
      {},
    );
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());

    const half = await request(server.app, "POST", "/sign-in", ADMIN, {});
    const claims = await request(server.app, "GET", "/claims", undefined, {
      cookie: cookieOf(half),
    });
    expect(claims.statusCode).toBe(401);
  });

  test("after five wrong passwords the next try waits 30 seconds, then the right one passes", async () => {
    await createAdministrator();
    for (let i = 0; i < 5; i++) {
      const wrong = await request(
        server.app,
        "POST",
        "/sign-in",
        { ...ADMIN, password: `wrong ${i} xxxxxx` },
        {},
      );
      expect(wrong.statusCode).toBe(401);
    }
    const sixth = await request(server.app, "POST", "/sign-in", ADMIN, {});
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers["retry-after"]).toBe("30");
    expect((sixth.json() as { message: string }).message).toMatch(/Wait 30 seconds/);
    server.clock.advance(30);
    expect((await request(server.app, "POST", "/sign-in", ADMIN, {})).statusCode).toBe(200);
    expect(await auditActions()).toContain("session.password-refused");
  });

  test("a change without the session's CSRF token is refused; sign-out ends the session", async () => {
    await createAdministrator();
    const admin = await signIn(ADMIN.email, ADMIN.password);
    const session = (await admin.call("GET", "/session")).json() as { csrfToken: string };
    expect(session.csrfToken.length).toBeGreaterThan(20);
    const cookieLess = await request(
      server.app,
      "POST",
      "/staff",
      { email: "a@b.ph", name: "A", role: "examiner" },
      {},
    );
    expect(cookieLess.statusCode).toBe(401);

    const signOut = await admin.call("POST", "/sign-out", {});
    expect(signOut.statusCode).toBe(200);
    expect((await admin.call("GET", "/session")).statusCode).toBe(401);
  });

  test("a session ends after 30 idle minutes", async () => {
    await createAdministrator();
    const admin = await signIn(ADMIN.email, ADMIN.password);
    server.clock.advance(29 * 60);
    expect((await admin.call("GET", "/claims")).statusCode).toBe(200);
    server.clock.advance(31 * 60);
    expect((await admin.call("GET", "/claims")).statusCode).toBe(401);
  });
});

describe("staff accounts and roles", () => {
  test("an administrator creates an examiner, who signs in with the temporary password and may not manage staff", async () => {
    await createAdministrator();
    const admin = await signIn(ADMIN.email, ADMIN.password);
    const bad = await admin.call("POST", "/staff", {
      email: "not-an-email",
      name: "",
      role: "boss",
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (bad.json() as { errors: { field: string }[] }).errors.map((e) => e.field).sort(),
    ).toEqual(["email", "name", "role"]);
    const created = await admin.call("POST", "/staff", {
      email: "Ben.Cruz@Kalinga-Life.example",
      name: "Ben Cruz",
      role: "examiner",
    });
    expect(created.statusCode).toBe(200);
    const { temporaryPassword, staff } = created.json() as {
      temporaryPassword: string;
      staff: { email: string };
    };
    expect(staff.email).toBe("ben.cruz@kalinga-life.example");
    expect(temporaryPassword).toMatch(/^[A-Za-z2-9]{20}$/);
    const twice = await admin.call("POST", "/staff", {
      email: "ben.cruz@kalinga-life.example",
      name: "Ben",
      role: "examiner",
    });
    expect(twice.statusCode).toBe(409);

    const examiner = await signIn("ben.cruz@kalinga-life.example", temporaryPassword);
    expect(
      (await examiner.call("POST", "/staff", { email: "c@d.ph", name: "C", role: "administrator" }))
        .statusCode,
    ).toBe(403);
    expect((await examiner.call("GET", "/audit")).statusCode).toBe(403);
    expect(await auditActions()).toEqual(
      expect.arrayContaining(["session.sign-in", "staff.create"]),
    );
  });

  test("a disabled account's sessions end at once", async () => {
    await createAdministrator();
    const admin = await signIn(ADMIN.email, ADMIN.password);
    const created = (
      await admin.call("POST", "/staff", {
        email: "ben@kalinga-life.example",
        name: "Ben",
        role: "examiner",
      })
    ).json() as {
      temporaryPassword: string;
      staff: { id: string };
    };
    const examiner = await signIn("ben@kalinga-life.example", created.temporaryPassword);
    expect(
      (await admin.call("POST", `/staff/${created.staff.id}/disabled`, { disabled: true }))
        .statusCode,
    ).toBe(200);
    expect((await examiner.call("GET", "/claims")).statusCode).toBe(401);
    const signIn2 = await request(
      server.app,
      "POST",
      "/sign-in",
      { email: "ben@kalinga-life.example", password: created.temporaryPassword },
      {},
    );
    expect(signIn2.statusCode).toBe(403);
  });
});
