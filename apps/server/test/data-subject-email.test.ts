import { dengueDeathPayload } from "@kalinga/domain/fixtures/claim-fixtures";
import { describe, expect, test } from "vitest";
import { CONSOLE_MESSAGES as M } from "../src/console/console-texts.ts";
import { type Queryable, sqlText } from "../src/db/database.ts";
import { claimIdsEmailedTo } from "../src/notifications/notification-repository.ts";
import { claimIdsNamingEmail } from "../src/submission/submission-repository.ts";
import { filedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import { signedInStaff } from "./support/staff-session.ts";

// A data subject found by e-mail address (decision 0111): the insured's, a beneficiary's or a
// guardian's address in a submitted claim, or one the claim's e-mails went to; in any case and
// spacing; never written to the audit log.

const server = useServerTest({ env: { NOTIFICATION_POLL_MS: "600000" } });

const references = (body: string) =>
  (JSON.parse(body) as { claims: { webReferenceNumber: string }[] }).claims
    .map((claim) => claim.webReferenceNumber)
    .sort();

describe("a data subject's look-up by e-mail address", () => {
  test("finds the claims naming the address or e-mailed to it, and only those", async () => {
    // Jose's own accident claim, from his number.
    const jose = (await filedClaim(server.app)).webReferenceNumber;
    server.clock.advance(60);
    // His death claim, filed from his widow's number: she and their son's guardian give her address.
    const widow = (
      await filedClaim(server.app, {
        mobile: "9181112222",
        payload: dengueDeathPayload,
        body: (body) => ({
          ...body,
          insuredInformation: { ...body.insuredInformation, emailAddress: "kin@example.ph" },
        }),
      })
    ).webReferenceNumber;
    const admin = await signedInStaff(server.app, server.db, server.clock, {
      email: "ana.reyes@kalinga-life.example",
      role: "administrator",
    });
    const find = (email: string) =>
      admin.call("GET", `/data-subjects?email=${encodeURIComponent(email)}`);

    const byWidow = await find("  Josephine@Example.COM ");
    expect(byWidow.statusCode, byWidow.body).toBe(200);
    expect(references(byWidow.body)).toEqual([widow]);
    expect(byWidow.json()).toMatchObject({ mobileEnding: null });
    const byInsured = await find("jose.rizal@example.ph");
    expect(references(byInsured.body)).toEqual([jose]);

    // An address only the claim's e-mails went to (the payload no longer names it) finds it too.
    const { rows: sent } = await server.db.query<{ recipient: string }>(
      "SELECT recipient FROM notifications WHERE channel = 'email' ORDER BY seq",
    );
    expect(sent.map((row) => row.recipient)).toContain("jose.rizal@example.ph");
    await server.db.query(
      `UPDATE claim_submissions SET payload = jsonb_set(payload,
         '{insuredInformation,emailAddress}', '"rizal.new@example.ph"')
       WHERE claim_id = (SELECT id FROM claims WHERE web_reference_number = $1)`,
      [jose],
    );
    expect(references((await find("JOSE.RIZAL@example.ph")).body)).toEqual([jose]);
    expect(references((await find("rizal.new@example.ph")).body)).toEqual([jose]);

    const exported = await admin.call("GET", "/data-subjects/export?email=josephine%40example.com");
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toBe("application/zip");
    // An open claim is kept: the erasure by address is refused whole.
    const erase = await admin.call("POST", "/data-subjects/erasure", {
      email: "josephine@example.com",
      references: [widow],
    });
    expect(erase.statusCode).toBe(409);

    const { rows: audited } = await server.db.query<{ action: string; detail: unknown }>(
      "SELECT action, detail FROM staff_audit_log WHERE action LIKE 'subject.%' ORDER BY seq",
    );
    expect(audited.length).toBeGreaterThanOrEqual(5);
    expect(JSON.stringify(audited).toLowerCase()).not.toMatch(/josephine@|rizal@|rizal\.new@/);
  });

  test("a malformed address is refused naming the field; an unknown one finds nothing", async () => {
    const admin = await signedInStaff(server.app, server.db, server.clock, {
      email: "ana.reyes@kalinga-life.example",
      role: "administrator",
    });
    const bad = await admin.call("GET", "/data-subjects?email=juan%40");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: [{ field: "email", message: M.badSubjectEmail }] });
    const none = await admin.call("GET", "/data-subjects?email=nobody%40example.ph");
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ message: M.subjectNotFound });
    const missing = await admin.call("GET", "/data-subjects?email=");
    expect(missing.json()).toMatchObject({
      errors: [{ field: "(query)", message: M.subjectRequired }],
    });
  });

  test("reads the addresses' indexes, not every claim's payload (migration 034)", async () => {
    await filedClaim(server.app);
    const plans: string[] = [];
    await server.db.transaction(async (tx) => {
      // Few rows here: the planner is told to use an index wherever one serves the statement.
      await tx.query("SET LOCAL enable_seqscan = off");
      const explained: Queryable = {
        async query(sql, params) {
          const plan = await tx.query<{ "QUERY PLAN": string }>(`EXPLAIN ${sqlText(sql)}`, params);
          plans.push(plan.rows.map((row) => row["QUERY PLAN"]).join("\n"));
          return { rows: [], rowCount: 0 };
        },
      };
      await claimIdsNamingEmail(explained, "jose.rizal@example.ph");
      await claimIdsEmailedTo(explained, "jose.rizal@example.ph");
    });
    expect(plans).toHaveLength(2);
    expect(plans[0]).toMatch(/claim_submissions_by_email/);
    expect(plans[1]).toMatch(/notifications_by_email/);
  });
});
