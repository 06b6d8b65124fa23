import type { LightMyRequestResponse } from "fastify";
import { describe, expect, test } from "vitest";
import { useServerTest } from "./support/server-test.ts";
import {
  OWNER,
  OWNER_ADDRESS,
  type Signed,
  STRANGER,
  signInClient,
} from "./support/sign-in-client.ts";

// An administrator's help for a member (docs/decisions/0063): an unlock, a password reset and an
// authenticator reset, each audited.

const server = useServerTest({ env: { NOTIFICATION_POLL_MS: "600000" } });
const { call, codeOf, cookieOf, createStaff, signIn, auditCount } = signInClient(server);

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
