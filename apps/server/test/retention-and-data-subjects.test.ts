import { deathClaimDraft } from "@kalinga/domain/fixtures/claim-fixtures";
import { unzipSync } from "fflate";
import { describe, expect, test } from "vitest";
import { loadConfig } from "../src/config.ts";
import { CONSOLE_MESSAGES as M } from "../src/console/console-texts.ts";
import { createDiskDocumentStore } from "../src/documents/disk-document-store.ts";
import { sweepRetention } from "../src/privacy/retention-sweep.ts";
import { countStoredFiles } from "./support/claim-documents.ts";
import { filedClaim, verifiedClaim } from "./support/claimant.ts";
import { callInsurer } from "./support/insurer.ts";
import { useServerTest } from "./support/server-test.ts";
import { signedInStaff } from "./support/staff-session.ts";
import { basicInformation, callClaim } from "./support/test-app.ts";

// Retention and a data subject's rights (decision 0106): the job erases claims past retention with
// their files and audits the round, keeping the rest; the console finds, exports and erases a
// claimant's data where the law allows, audited by reference only.

const server = useServerTest({ documentsDir: true, env: { NOTIFICATION_POLL_MS: "600000" } });
const YEAR_S = 365.25 * 24 * 3600;
const OTHER = "9181112222";

/** A filed claim taken to CLAIM COMPLETED by the insurer: closed now, on the test clock. */
async function completedClaim(mobile?: string) {
  const claim = await filedClaim(server.app, mobile ? { mobile } : {});
  const ref = claim.webReferenceNumber;
  const move = async (body: object) => {
    const moved = await callInsurer(server.app, "POST", `/claims/${ref}/status`, body);
    expect(moved.statusCode, moved.body).toBe(200);
  };
  await move({ status: "UNDER REVIEW" });
  await move({
    status: "WITH CLAIM DECISION",
    decision: { outcome: "approved", reasonCode: "AP01" },
  });
  await move({ status: "CLAIM COMPLETED" });
  return ref;
}

async function refsHeld() {
  const { rows } = await server.db.query<{ web_reference_number: string }>(
    "SELECT web_reference_number FROM claims WHERE purpose = 'filing' ORDER BY web_reference_number",
  );
  return rows.map((row) => row.web_reference_number);
}

async function auditRows(prefix: string) {
  const { rows } = await server.db.query<{
    action: string;
    web_reference_number: string | null;
    detail: Record<string, unknown>;
  }>(
    "SELECT action, web_reference_number, detail FROM staff_audit_log WHERE action LIKE $1 ORDER BY seq",
    [`${prefix}%`],
  );
  return rows;
}

const sweep = () =>
  sweepRetention(
    server.db,
    createDiskDocumentStore(server.documentsDir),
    server.clock.now(),
    server.config.retention,
  );

describe("the retention job", () => {
  test("erases a closed claim ten years on with its files, keeps younger and open ones, audits, and repeats as a no-op", async () => {
    const old = await completedClaim();
    const oldFiles = await countStoredFiles(server.documentsDir);
    expect(oldFiles).toBeGreaterThan(0);
    server.clock.advance(2 * YEAR_S);
    const younger = await completedClaim(OTHER);
    const open = (await filedClaim(server.app, { mobile: "9190000001" })).webReferenceNumber;
    const filesBefore = await countStoredFiles(server.documentsDir);
    // Past the tenth anniversary of the first claim's closing (leap days included).
    server.clock.advance(8 * YEAR_S + 2 * 24 * 3600);

    expect(await sweep()).toEqual({ claims: 1, submitted: 1, unsubmitted: 0, files: oldFiles });
    expect(await refsHeld()).toEqual([younger, open].sort());
    expect(await countStoredFiles(server.documentsDir)).toBe(filesBefore - oldFiles);
    const [round, ...more] = await auditRows("retention.erase");
    expect(more).toEqual([]);
    expect(round).toMatchObject({
      action: "retention.erase",
      web_reference_number: null,
      detail: { claims: 1, submitted: 1, unsubmitted: 0, files: oldFiles },
    });
    expect(JSON.stringify(round)).not.toContain(old);

    expect(await sweep()).toEqual({ claims: 0, submitted: 0, unsubmitted: 0, files: 0 });
    expect(await auditRows("retention.erase")).toHaveLength(1);
    expect(await refsHeld()).toEqual([younger, open].sort());
  });

  test("erases a claim never submitted once its draft is gone and its days are over", async () => {
    const draft = (await verifiedClaim(server.app)).webReferenceNumber;
    server.clock.advance(89 * 24 * 3600);
    await sweep();
    expect(await refsHeld()).toEqual([draft]);
    server.clock.advance(2 * 24 * 3600);
    expect(await sweep()).toMatchObject({ claims: 1, unsubmitted: 1 });
    expect(await refsHeld()).toEqual([]);
  });

  test("settings: bad values stop the start naming the variable", () => {
    expect(loadConfig({}).retention).toEqual({
      claimYears: 10,
      unsubmittedDays: 90,
      dryRun: false,
    });
    expect(() => loadConfig({ RETENTION_CLAIM_YEARS: "ten" })).toThrow(/RETENTION_CLAIM_YEARS/);
    expect(() => loadConfig({ RETENTION_UNSUBMITTED_DAYS: "10" })).toThrow(
      /RETENTION_UNSUBMITTED_DAYS must be at least DRAFT_EXPIRY_DAYS \(30\)/,
    );
  });
});

describe("a data subject's rights in the console", () => {
  const administrator = () =>
    signedInStaff(server.app, server.db, server.clock, {
      email: "ana.reyes@kalinga-life.example",
      role: "administrator",
    });

  test("lists, exports and erases what the law allows; an open claim is kept and refused", async () => {
    const open = (await filedClaim(server.app)).webReferenceNumber;
    server.clock.advance(60);
    const drafted = await verifiedClaim(server.app);
    const draft = drafted.webReferenceNumber;
    const saved = await callClaim(
      server.app,
      "saveClaimDraft",
      { basicInformation, webReferenceNumber: draft, draft: deathClaimDraft },
      { token: drafted.token },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const admin = await administrator();

    const found = await admin.call("GET", "/data-subjects?mobile=0917-123-4567");
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({
      mobileEnding: "4567",
      claims: [
        { webReferenceNumber: open, verdict: { erasable: false, reason: "open", keptUntil: null } },
        { webReferenceNumber: draft, verdict: { erasable: true, reason: "unsubmitted" } },
      ],
    });
    // By reference: every claim of that claim's number.
    const byRef = await admin.call("GET", `/data-subjects?claim=${draft.toLowerCase()}`);
    expect((byRef.json() as { claims: unknown[] }).claims).toHaveLength(2);

    const exported = await admin.call("GET", "/data-subjects/export?mobile=9171234567");
    expect(exported.statusCode).toBe(200);
    const archive = unzipSync(new Uint8Array(exported.rawPayload));
    const exportJson = new TextDecoder().decode(archive["data-subject.json"]);
    const [first, second] = (JSON.parse(exportJson) as { claims: Record<string, unknown>[] })
      .claims;
    // The draft's sealed answers, opened for the claimant to read.
    expect(second).toMatchObject({
      webReferenceNumber: draft,
      draft: { answers: deathClaimDraft },
    });
    expect(first).toMatchObject({ webReferenceNumber: open, verifiedMobileNumber: "9171234567" });
    const documents = first?.documents as { name: string; link: string }[];
    expect(documents.length).toBeGreaterThan(0);
    expect(documents[0]?.link).toMatch(new RegExp(`^/console/api/claims/${open}/documents/`));
    expect(first?.messages).toEqual(
      expect.arrayContaining([expect.objectContaining({ channel: "sms" })]),
    );

    const refused = await admin.call("POST", "/data-subjects/erasure", {
      mobile: "9171234567",
      references: [open, draft],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: "changed", message: M.subjectChanged });
    expect(await refsHeld()).toEqual([open, draft].sort());

    const erased = await admin.call("POST", "/data-subjects/erasure", {
      mobile: "9171234567",
      references: [draft],
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ erased: [draft] });
    expect(await refsHeld()).toEqual([open]);

    const audited = await auditRows("subject.");
    expect(audited.map((row) => [row.action, row.web_reference_number])).toEqual([
      ["subject.find", null],
      ["subject.find", null],
      ["subject.export", null],
      ["subject.erase", draft],
    ]);
    expect(JSON.stringify(audited)).not.toContain("9171234567");
  });

  test("a closed claim within retention says until when; bad input and other roles change nothing", async () => {
    const ref = await completedClaim();
    const admin = await administrator();
    const found = await admin.call("GET", `/data-subjects?claim=${ref}`);
    const until = new Date(server.clock.now());
    until.setUTCFullYear(until.getUTCFullYear() + 10);
    expect(found.json()).toMatchObject({
      mobileEnding: null,
      claims: [{ verdict: { reason: "within-retention", keptUntil: until.toISOString() } }],
    });
    const missing = await admin.call("GET", "/data-subjects");
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      errors: [{ field: "(query)", message: M.subjectRequired }],
    });
    const bad = await admin.call("GET", "/data-subjects?mobile=12345");
    expect(bad.json()).toMatchObject({
      errors: [{ field: "mobile", message: M.badSubjectMobile }],
    });
    const none = await admin.call("GET", "/data-subjects?mobile=9990000000");
    expect(none.statusCode).toBe(404);
    const examiner = await signedInStaff(server.app, server.db, server.clock, {
      email: "ben@kalinga-life.example",
      role: "examiner",
    });
    expect((await examiner.call("GET", `/data-subjects?claim=${ref}`)).statusCode).toBe(403);
    const erase = await examiner.call("POST", "/data-subjects/erasure", {
      claim: ref,
      references: [ref],
    });
    expect(erase.statusCode).toBe(403);
    expect(await refsHeld()).toEqual([ref]);
  });
});
