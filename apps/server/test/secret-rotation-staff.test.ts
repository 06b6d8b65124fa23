import { expect, test } from "vitest";
import { replaceSecretFingerprint } from "../src/db/secret-fingerprint.ts";
import { ADMIN, consoleStaff } from "./support/console-staff.ts";
import { useServerTest } from "./support/server-test.ts";

// What docs/operations.md says a change of KALINGA_SECRET does to the console: the staff's
// authenticator secrets are sealed with it, so an enrolment made before no longer signs in; the
// guide's reset (every account's second factor cleared as the owner role) has each member enrol
// again at the next sign-in.

const server = useServerTest({ scope: "file" });
const staff = consoleStaff(server);
const NEW_SECRET = "the-rotated-secret-that-is-long-enough-0123456789";

test("after a KALINGA_SECRET rotation, old enrolments no longer sign in and the guide's reset lets each member enrol again", async () => {
  await staff.createAdministrator();
  const before = await staff.signIn(ADMIN.email, ADMIN.password);

  // rotate-secret's step, then the servers started with the new secret.
  await replaceSecretFingerprint(server.db, NEW_SECRET, server.clock.now());
  await server.restart({ KALINGA_SECRET: NEW_SECRET });

  const password = await staff.request(server.app, "POST", "/sign-in", ADMIN, {});
  expect(password.statusCode).toBe(200);
  const answer = password.json() as { next: string; csrfToken: string };
  expect(answer.next).not.toBe("enrol");
  const code = await staff.request(
    server.app,
    "POST",
    "/sign-in/code",
    { code: staff.code(before.secret) },
    { cookie: staff.cookieOf(password), "x-csrf-token": answer.csrfToken },
  );
  expect(code.statusCode).not.toBe(200);

  await server.db.query(
    "UPDATE staff_users SET totp_secret = NULL, totp_confirmed_at = NULL, last_totp_step = NULL",
  );
  server.clock.advance(30);
  const after = await staff.signIn(ADMIN.email, ADMIN.password);
  expect(after.secret).not.toBe(before.secret);
  expect((await after.call("GET", "/session")).statusCode).toBe(200);
});
