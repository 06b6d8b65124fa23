import { describe, expect, test } from "vitest";
import { CONSOLE_MESSAGES as M } from "../src/console/console-texts.ts";
import { submittedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import { signedInStaff } from "./support/staff-session.ts";

// GET /console/api/claims/:ref/notes: a claim's notes without a whole claim view, for whoever may
// work the claim, each read audited (decision 0072's example of adding a call).

const server = useServerTest({ documentsDir: true, env: { NOTIFICATION_POLL_MS: "600000" } });

async function auditRows(action: string) {
  const { rows } = await server.db.query<{ web_reference_number: string | null }>(
    "SELECT web_reference_number FROM staff_audit_log WHERE action = $1 ORDER BY seq",
    [action],
  );
  return rows.map((row) => row.web_reference_number);
}

describe("a claim's notes", () => {
  test("are read alone, as the note's answer lists them, and the read is audited", async () => {
    const { clock, db, app } = server;
    const admin = await signedInStaff(app, db, clock, {
      email: "ana.reyes@kalinga-life.example",
      role: "administrator",
    });
    const ref = (await submittedClaim(app)).webReferenceNumber;
    expect((await admin.call("GET", `/claims/${ref}/notes`)).json()).toEqual({ notes: [] });
    const added = await admin.call("POST", `/claims/${ref}/notes`, { body: "Called the filer." });
    const read = await admin.call("GET", `/claims/${ref}/notes`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(added.json());
    expect((read.json() as { notes: { body: string }[] }).notes.map((n) => n.body)).toEqual([
      "Called the filer.",
    ]);
    expect(await auditRows("claim.notes.read")).toEqual([ref, ref]);
  });

  test("of another examiner's claim, or of no claim, are refused like the claim itself", async () => {
    const { clock, db, app } = server;
    const admin = await signedInStaff(app, db, clock, {
      email: "ana.reyes@kalinga-life.example",
      role: "administrator",
    });
    const ben = await signedInStaff(app, db, clock, {
      email: "ben@kalinga-life.example",
      role: "examiner",
    });
    const cora = await signedInStaff(app, db, clock, {
      email: "cora@kalinga-life.example",
      role: "examiner",
    });
    const ref = (await submittedClaim(app)).webReferenceNumber;
    await admin.call("POST", `/claims/${ref}/assignment`, { staffId: ben.id });
    expect((await ben.call("GET", `/claims/${ref}/notes`)).statusCode).toBe(200);
    const other = await cora.call("GET", `/claims/${ref}/notes`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: "not-yours", message: M.notYours });
    const none = await ben.call("GET", "/claims/KL-2222-2222/notes");
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ error: "not-found", message: M.notFound });
    expect(await auditRows("claim.refused")).toEqual([ref, "KL-2222-2222"]);
  });
});
