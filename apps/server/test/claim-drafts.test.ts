import { TOKEN_END_REASONS } from "@kalinga/domain/claim-api";
import { DRAFT_MESSAGES } from "@kalinga/domain/claim-draft";
import {
  bpiPayout,
  deathClaimDraft,
  heartAttackDeath,
  josephineSpouse,
  joseStep1,
} from "@kalinga/domain/fixtures/claim-fixtures";
import { beforeEach, describe, expect, test } from "vitest";
import { sweepDrafts } from "../src/drafts/draft-housekeeping.ts";
import { openDraft } from "../src/drafts/draft-seal.ts";
import { samplePhoto, uploadDocument } from "./support/claim-documents.ts";
import { ACCIDENT_MANDATORY_SLOTS, submitBodyOf } from "./support/claim-payloads.ts";
import { proveNumber, verifiedClaim } from "./support/claimant.ts";
import { fileWordsOf } from "./support/message-words.ts";
import { useServerTest } from "./support/server-test.ts";
import {
  basicInformation,
  callClaim,
  callClaimRaw,
  MOBILE_63,
  type StartedClaim,
  startClaim,
  TEST_SECRET,
} from "./support/test-app.ts";

// saveClaimDraft, the drafts validateOneTimePIN offers, resumeClaimDraft and the drafts' expiry
// and reminder (docs/decisions/0043, 0044).

const server = useServerTest({
  documentsDir: true,
  env: { NOTIFICATION_POLL_MS: "60000", OTP_RESEND_WAIT_SECONDS: "1" },
});
const DAY = 24 * 3600;
const OTHER_MOBILE = "9187654321";

const DRAFT = deathClaimDraft;

// Raw: some tests save a draft the schema refuses.
const save = (target: StartedClaim, draft: unknown = DRAFT, token = target.token) =>
  callClaimRaw(
    server.app,
    "saveClaimDraft",
    { basicInformation, webReferenceNumber: target.webReferenceNumber, draft },
    { token },
  );

const resume = (target: StartedClaim, draftReferenceNumber: string, token = target.token) =>
  callClaim(
    server.app,
    "resumeClaimDraft",
    { basicInformation, webReferenceNumber: target.webReferenceNumber, draftReferenceNumber },
    { token },
  );

/** A new claim verified with this number, and the drafts validateOneTimePIN offered. */
async function verifyNewClaim(mobile?: string) {
  const claim = await startClaim(server.app);
  const proven = await proveNumber(server.app, claim, mobile ? { mobile } : {});
  return { claim: proven.claim, drafts: proven.answer.drafts };
}

async function draftRows() {
  const { rows } = await server.db.query<{
    claim_id: string;
    key_id: string;
    sealed: string;
    claim_type: string;
    expires_at: Date;
    reminder_sent_at: Date | null;
  }>("SELECT claim_id, key_id, sealed, claim_type, expires_at, reminder_sent_at FROM claim_drafts");
  return rows;
}

let first: StartedClaim;
beforeEach(async () => {
  first = await verifiedClaim(server.app);
});

describe("saveClaimDraft", () => {
  test("keeps the answers sealed: the raw row holds no answer, and opens only for its own claim", async () => {
    const response = await save(first);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      returnCode: "0",
      expiresAt: new Date(server.clock.current.getTime() + 30 * DAY * 1000).toISOString(),
    });
    const [row] = await draftRows();
    if (!row) throw new Error("no draft row");
    expect(row.key_id).toBe("d1");
    expect(row.claim_type).toBe("Death");
    for (const plain of [
      joseStep1.firstName,
      josephineSpouse.firstName,
      heartAttackDeath.causeOfLoss,
      "claims-documents",
    ]) {
      expect(row.sealed).not.toContain(plain);
      expect(Buffer.from(row.sealed, "base64").toString("latin1")).not.toContain(plain);
    }
    const sealed = { keyId: row.key_id, sealed: row.sealed };
    expect(JSON.parse(openDraft(TEST_SECRET, first.webReferenceNumber, sealed) ?? "null")).toEqual(
      DRAFT,
    );
    // Moved to another claim (another reference as associated data) or another secret: it does not open.
    expect(openDraft(TEST_SECRET, "KL-AAAA-BBBB", sealed)).toBeNull();
    expect(openDraft(`${TEST_SECRET}x`, first.webReferenceNumber, sealed)).toBeNull();
  });

  test("partial answers are kept; a second save replaces the first", async () => {
    const partial = {
      ...DRAFT,
      details: { ...heartAttackDeath, causeOfLoss: "" },
      beneficiaries: [],
      step: "/claims-details",
    };
    expect((await save(first, partial)).statusCode).toBe(200);
    expect((await save(first)).statusCode).toBe(200);
    expect(await draftRows()).toHaveLength(1);
  });

  test("bad input is a 400 with its field and changes nothing", async () => {
    expect((await save(first)).statusCode).toBe(200);
    const before = await draftRows();
    const cases: [unknown, string, string][] = [
      [{ ...DRAFT, step: "/elsewhere" }, "draft.step", DRAFT_MESSAGES.badStep],
      [
        { ...DRAFT, payout: { ...bpiPayout, accountNumber: "12ab" } },
        "draft.payout.accountNumber",
        "",
      ],
      [{ ...DRAFT, step1: { ...joseStep1, firstName: "" } }, "draft.step1.firstName", ""],
      // Under the 64 KB body limit, over the draft's 48 KB.
      [
        { ...DRAFT, details: { ...heartAttackDeath, causeOfLoss: "x".repeat(50_000) } },
        "draft",
        DRAFT_MESSAGES.tooLarge,
      ],
      [
        { ...DRAFT, details: { ...heartAttackDeath, claimType: "Disability" } },
        "draft.details.claimType",
        "",
      ],
    ];
    for (const [draft, field, message] of cases) {
      const response = await save(first, draft);
      expect(response.statusCode, field).toBe(400);
      const errors = (response.json() as { errors: { field: string; message: string }[] }).errors;
      expect(errors.map((e) => e.field)).toContain(field);
      if (message) expect(errors.find((e) => e.field === field)?.message).toBe(message);
    }
    expect(await draftRows()).toEqual(before);
  });

  test("needs a verified token of this claim, and a claim not yet submitted", async () => {
    const unverified = await startClaim(server.app);
    expect((await save(unverified)).statusCode).toBe(403);
    const other = await verifiedClaim(server.app);
    expect((await save(first, DRAFT, other.token)).statusCode).toBe(403);
    expect(await draftRows()).toEqual([]);
  });
});

describe("resume after the OTP", () => {
  test("the same number on a new claim is offered the draft and continues it with every answer and document", async () => {
    expect((await save(first)).statusCode).toBe(200);
    const uploaded = await uploadDocument(server.app, first, {
      slotKey: "DIDC001-VIF2-MAJ",
      bytes: await samplePhoto(),
      filename: "ID front.jpg",
    });
    expect(uploaded.statusCode).toBe(200);
    server.clock.advance(3 * DAY);

    const { claim: second, drafts } = await verifyNewClaim();
    expect(drafts).toEqual([
      {
        webReferenceNumber: first.webReferenceNumber,
        claimType: "Death",
        startedAt: expect.any(String),
        documentCount: 1,
      },
    ]);
    const response = await resume(second, first.webReferenceNumber);
    expect(response.statusCode).toBe(200);
    const body = response.json() as {
      webReferenceNumber: string;
      token: string;
      draft: unknown;
      documents: { name: string; slotKey: string }[];
    };
    expect(body.webReferenceNumber).toBe(first.webReferenceNumber);
    expect(body.draft).toEqual(DRAFT);
    expect(body.documents).toEqual([
      expect.objectContaining({ slotKey: "DIDC001-VIF2-MAJ", name: "ID front.pdf" }),
    ]);
    // The new token works on the draft's claim; the abandoned claim's token and the old tab's are gone.
    const resumed = { webReferenceNumber: first.webReferenceNumber, token: body.token };
    expect((await save(resumed)).statusCode).toBe(200);
    expect((await save(second)).statusCode).toBe(401);
    expect((await save(first)).statusCode).toBe(401);
  });

  test("the first device is told its claim continued on another device, and its saved answers stay", async () => {
    expect((await save(first)).statusCode).toBe(200);
    const { claim: second } = await verifyNewClaim();
    const resumed = await resume(second, first.webReferenceNumber);
    expect(resumed.statusCode).toBe(200);

    // Device A's next save and its documents list: a 401 that says why, and nothing is changed.
    const changed = { ...DRAFT, payout: bpiPayout, step: "/claims-review" };
    const refusedSave = await save(first, changed);
    expect(refusedSave.statusCode).toBe(401);
    expect(refusedSave.json()).toEqual({
      returnCode: "401",
      message: expect.any(String),
      reason: TOKEN_END_REASONS.continuedElsewhere,
    });
    const list = await callClaim(
      server.app,
      "listDocuments",
      { basicInformation, webReferenceNumber: first.webReferenceNumber },
      { token: first.token },
    );
    expect(list.statusCode).toBe(401);
    expect(list.json()).toMatchObject({ reason: TOKEN_END_REASONS.continuedElsewhere });

    // The abandoned new claim's token and a made-up one say no more than before.
    const abandoned = await save(second);
    expect(abandoned.statusCode).toBe(401);
    expect(abandoned.json()).not.toHaveProperty("reason");
    const madeUp = await save(first, DRAFT, "x".repeat(43));
    expect(madeUp.json()).not.toHaveProperty("reason");

    // What was saved before the resume is what device B continued, untouched by A's refused save.
    const [row] = await draftRows();
    if (!row) throw new Error("no draft row");
    const plain = openDraft(TEST_SECRET, first.webReferenceNumber, {
      keyId: row.key_id,
      sealed: row.sealed,
    });
    expect(JSON.parse(plain ?? "null")).toEqual(DRAFT);
  });

  test("refusals: another number, an unverified token, another claim's token, a submitted claim, an expired draft", async () => {
    expect((await save(first)).statusCode).toBe(200);

    // Another number is offered nothing and cannot name the draft.
    const stranger = await verifyNewClaim(OTHER_MOBILE);
    expect(stranger.drafts).toEqual([]);
    const refused = await resume(stranger.claim, first.webReferenceNumber);
    expect(refused.statusCode).toBe(417);
    expect(refused.json()).toEqual({ returnCode: "13", message: DRAFT_MESSAGES.draftNotFound });

    // A token that has not passed the OTP.
    const unverified = await startClaim(server.app);
    expect((await resume(unverified, first.webReferenceNumber)).statusCode).toBe(403);

    // A verified token of another claim than the body's.
    const { claim: mine } = await verifyNewClaim();
    expect(
      (
        await callClaim(
          server.app,
          "resumeClaimDraft",
          {
            basicInformation,
            webReferenceNumber: stranger.claim.webReferenceNumber,
            draftReferenceNumber: first.webReferenceNumber,
          },
          { token: mine.token },
        )
      ).statusCode,
    ).toBe(403);
    // Its own reference is no draft to continue.
    expect((await resume(mine, mine.webReferenceNumber)).statusCode).toBe(417);

    // An expired draft is neither offered nor continued.
    server.clock.advance(31 * DAY);
    const late = await verifyNewClaim();
    expect(late.drafts).toEqual([]);
    expect((await resume(late.claim, first.webReferenceNumber)).statusCode).toBe(417);
  });

  test("the submit deletes the claim's draft", async () => {
    expect((await save(first)).statusCode).toBe(200);
    const bytes = await samplePhoto();
    for (const slotKey of ACCIDENT_MANDATORY_SLOTS) {
      expect((await uploadDocument(server.app, first, { slotKey, bytes })).statusCode).toBe(200);
    }
    const submitted = await callClaim(server.app, "finalSubmitClaim", submitBodyOf(first), {
      token: first.token,
    });
    expect(submitted.statusCode).toBe(200);
    expect(await draftRows()).toEqual([]);
  });

  test("a submitted claim is no draft", async () => {
    expect((await save(first)).statusCode).toBe(200);
    await server.db.query("UPDATE claims SET status = 'CLAIM APPLICATION SUBMITTED'");
    const { claim, drafts } = await verifyNewClaim();
    expect(drafts).toEqual([]);
    expect((await resume(claim, first.webReferenceNumber)).statusCode).toBe(417);
    expect((await save(first)).statusCode).toBe(417);
  });
});

describe("expiry and the reminder", () => {
  test("one reminder SMS before the expiry, then the answers and documents are deleted", async () => {
    expect((await save(first)).statusCode).toBe(200);
    const uploaded = await uploadDocument(server.app, first, {
      slotKey: "DIDC001-VIF2-MAJ",
      bytes: await samplePhoto(),
    });
    expect(uploaded.statusCode).toBe(200);
    server.clock.advance(22 * DAY);
    expect(await sweepDrafts(server.db, server.clock.now(), fileWordsOf)).toEqual({
      reminders: 0,
      deleted: 0,
    });
    server.clock.advance(1 * DAY + 60);
    expect(await sweepDrafts(server.db, server.clock.now(), fileWordsOf)).toEqual({
      reminders: 1,
      deleted: 0,
    });
    // Idempotent: a second sweep (or another server's) queues nothing more.
    expect(await sweepDrafts(server.db, server.clock.now(), fileWordsOf)).toEqual({
      reminders: 0,
      deleted: 0,
    });
    const { rows: queued } = await server.db.query<{ body: string; recipient: string }>(
      "SELECT body, recipient FROM notifications WHERE channel = 'sms' AND body LIKE '%unfinished%'",
    );
    expect(queued).toEqual([
      {
        recipient: MOBILE_63,
        body: `Kalinga Life: your unfinished claim ${first.webReferenceNumber} will be deleted on 01 Apr 2026. To continue, start a claim with this mobile number on our website.`,
      },
    ]);
    server.clock.advance(7 * DAY);
    expect(await sweepDrafts(server.db, server.clock.now(), fileWordsOf)).toEqual({
      reminders: 0,
      deleted: 1,
    });
    expect(await draftRows()).toEqual([]);
    const { rows: documents } = await server.db.query<{ status: string }>(
      "SELECT status FROM claim_documents",
    );
    expect(documents).toEqual([{ status: "deleted" }]);
    expect((await save(first)).statusCode).toBe(401);
  });

  test("DRAFT_EXPIRY_DAYS and DRAFT_REMINDER_DAYS_BEFORE set the dates", async () => {
    const app = await server.restart({ DRAFT_EXPIRY_DAYS: "3", DRAFT_REMINDER_DAYS_BEFORE: "1" });
    const claim = await verifiedClaim(app);
    const response = await callClaim(
      app,
      "saveClaimDraft",
      { basicInformation, webReferenceNumber: claim.webReferenceNumber, draft: DRAFT },
      { token: claim.token },
    );
    expect(response.json()).toEqual({
      returnCode: "0",
      expiresAt: new Date(server.clock.current.getTime() + 3 * DAY * 1000).toISOString(),
    });
    server.clock.advance(2 * DAY);
    expect((await sweepDrafts(server.db, server.clock.now(), fileWordsOf)).reminders).toBe(1);
  });
});
