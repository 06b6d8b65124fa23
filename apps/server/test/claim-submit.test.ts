import { DECLARATION_MESSAGES } from "@kalinga/domain/declarations";
import { accidentPayload, dengueDeathPayload } from "@kalinga/domain/fixtures/claim-fixtures";
import {
  buildUploadSlots,
  mandatorySlotKeys,
  slotFactsOfPayload,
} from "@kalinga/domain/upload-slots";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { DOCUMENT_MESSAGES } from "../src/http/upload-messages.ts";
import { samplePhoto, uploadDocument } from "./support/claim-documents.ts";
import { AGREED, EMAIL, storedPayload, submitBodyOf, TODAY } from "./support/claim-payloads.ts";
import { verifiedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import {
  basicInformation,
  callClaim,
  callClaimRaw,
  MOBILE_63,
  type StartedClaim,
  startClaim,
} from "./support/test-app.ts";

const payload = accidentPayload;
const MANDATORY = mandatorySlotKeys(slotFactsOfPayload(payload, TODAY));

const deathPayload = dengueDeathPayload;

const server = useServerTest({ documentsDir: true, env: { NOTIFICATION_POLL_MS: "60000" } });
let claim: StartedClaim;

const submitBody = (target: StartedClaim) => submitBodyOf(target);

const submit = (target: StartedClaim, headers: Record<string, string> = {}) =>
  callClaim(server.app, "finalSubmitClaim", submitBody(target), { token: target.token, headers });

const jpeg = () => samplePhoto();

async function uploadAll(target: StartedClaim, slotKeys: string[]) {
  const bytes = await jpeg();
  for (const slotKey of slotKeys) {
    const response = await uploadDocument(server.app, target, { slotKey, bytes });
    expect(response.statusCode).toBe(200);
  }
}

async function count(sql: string): Promise<number> {
  const { rows } = await server.db.query<{ n: number | string }>(sql);
  return Number(rows[0]?.n ?? 0);
}

beforeEach(async () => {
  claim = await verifiedClaim(server.app);
});

describe("finalSubmitClaim", () => {
  test("the living accident claim asks for the documents of decision 0020", () => {
    expect(MANDATORY).toEqual([
      "LIDC001-VIF-MIN",
      "LIDC001-VIB-MIN",
      "LMED001-APS-MIN",
      "LINC001-PNR-MIN",
      "LFIN001-ORC-MIN",
      "LBNK001-BKP-MIN",
    ]);
  });

  test("a death claim asks for each beneficiary's documents: the minor's and the US person's", async () => {
    const body = submitBodyOf(claim, deathPayload);
    const mandatory = mandatorySlotKeys(slotFactsOfPayload(deathPayload, TODAY));
    expect(mandatory).toEqual([
      "DCRT001-DTC-MAJ",
      "DIDC001-VIF1-MAJ",
      "DIDC001-VIB1-MAJ",
      "DCRT003-MRC1-MAJ",
      "DBNK001-BKP1-MAJ",
      "DTAX001-W9F1-MAJ",
      "DIDC001-GIF2-MAJ",
      "DIDC001-GIB2-MAJ",
      "DCRT004-MBC2-MAJ",
      "DGRD001-GAF2-MAJ",
      "DBNK002-MKP2-MAJ",
    ]);
    await uploadAll(claim, mandatory.slice(0, -1));
    const missing = await callClaim(server.app, "finalSubmitClaim", body, { token: claim.token });
    expect(missing.statusCode).toBe(417);
    expect((missing.json() as { missing: { slotKey: string }[] }).missing).toEqual([
      expect.objectContaining({ slotKey: mandatory.at(-1) }),
    ]);
    await uploadAll(claim, mandatory.slice(-1));
    const response = await callClaim(server.app, "finalSubmitClaim", body, { token: claim.token });
    expect(response.statusCode).toBe(200);
    const { rows } = await server.db.query<{ payload: unknown }>(
      "SELECT payload FROM claim_submissions",
    );
    expect(rows[0]?.payload).toEqual(storedPayload(claim, deathPayload));
  });

  test("a complete claim is stored as sent, closed, and acknowledged once by SMS and e-mail", async () => {
    await uploadAll(claim, MANDATORY);
    const response = await submit(claim);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      returnCode: "0",
      webReferenceNumber: claim.webReferenceNumber,
      status: "CLAIM APPLICATION SUBMITTED",
      submittedAt: server.clock.current.toISOString(),
    });

    const { rows } = await server.db.query<{ payload: unknown; status: string }>(
      `SELECT s.payload, c.status FROM claim_submissions s JOIN claims c ON c.id = s.claim_id`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.payload).toEqual(storedPayload(claim));
    expect(rows[0]?.status).toBe("CLAIM APPLICATION SUBMITTED");

    await vi.waitFor(
      async () =>
        expect(await count("SELECT count(*) AS n FROM notifications WHERE status = 'sent'")).toBe(
          2,
        ),
      { timeout: 5000, interval: 50 },
    );
    const sms = await server.db.query<{ recipient: string; body: string }>(
      "SELECT recipient, body FROM sms_outbox WHERE body LIKE '%received your claim%'",
    );
    expect(sms.rows).toEqual([
      { recipient: MOBILE_63, body: expect.stringContaining(claim.webReferenceNumber) },
    ]);
    const email = await server.db.query<{ recipient: string; subject: string }>(
      "SELECT recipient, subject FROM email_outbox",
    );
    expect(email.rows).toEqual([
      { recipient: EMAIL, subject: `We received your claim ${claim.webReferenceNumber}` },
    ]);
  });

  test("a claim missing a mandatory document is refused with the list of what is missing", async () => {
    await uploadAll(
      claim,
      MANDATORY.filter((key) => key !== "LBNK001-BKP-MIN"),
    );
    const response = await submit(claim);
    expect(response.statusCode).toBe(417);
    expect(response.json()).toMatchObject({
      returnCode: "9",
      message: DOCUMENT_MESSAGES.missingDocuments,
      missing: [
        {
          slotKey: "LBNK001-BKP-MIN",
          label:
            "Proof of your bank account: bank certificate, passbook, ATM card or bank statement",
        },
      ],
    });
    expect(await count("SELECT count(*) AS n FROM claim_submissions")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM notifications")).toBe(0);
    const { rows } = await server.db.query<{ status: string }>("SELECT status FROM claims");
    expect(rows).toEqual([{ status: "draft" }]);
  });

  test("a file in a slot the final claim does not ask for stays, marked not required", async () => {
    const finalKeys = new Set(
      buildUploadSlots(slotFactsOfPayload(payload, TODAY)).map((s) => s.key),
    );
    const confined = buildUploadSlots({
      ...slotFactsOfPayload(payload, TODAY),
      benefits: {
        surgery: true,
        confinement: true,
        dismembermentAmputation: false,
        disability: false,
      },
    });
    const extra = confined.find((slot) => !finalKeys.has(slot.key))?.key as string;
    await uploadAll(claim, [...MANDATORY, extra]);
    expect((await submit(claim)).statusCode).toBe(200);
    const { rows } = await server.db.query<{ slot_key: string; slot_required: boolean }>(
      "SELECT slot_key, slot_required FROM claim_documents WHERE status = 'stored' ORDER BY seq",
    );
    expect(rows).toHaveLength(MANDATORY.length + 1);
    expect(rows.filter((row) => !row.slot_required)).toEqual([
      { slot_key: extra, slot_required: false },
    ]);
  });

  test("a repeated submit gets the first answer: one submission, one acknowledgment", async () => {
    await uploadAll(claim, MANDATORY);
    const first = await submit(claim);
    server.clock.advance(60);
    const second = await submit(claim);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await count("SELECT count(*) AS n FROM claim_submissions")).toBe(1);
    expect(await count("SELECT count(*) AS n FROM notifications")).toBe(2);
  });

  test("parallel submits make one submission and one acknowledgment", async () => {
    await uploadAll(claim, MANDATORY);
    const answers = await Promise.all(Array.from({ length: 5 }, () => submit(claim)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const first = answers[0]?.json();
    for (const answer of answers) expect(answer.json()).toEqual(first);
    expect(await count("SELECT count(*) AS n FROM claim_submissions")).toBe(1);
    expect(await count("SELECT count(*) AS n FROM notifications")).toBe(2);
  });

  test("an Idempotency-Key replays the first answer; the same key with another body is 422", async () => {
    await uploadAll(claim, MANDATORY);
    const headers = { "idempotency-key": "submit-1" };
    const first = await submit(claim, headers);
    const again = await submit(claim, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const changed = await callClaim(
      server.app,
      "finalSubmitClaim",
      {
        ...submitBody(claim),
        insuredInformation: {
          ...submitBody(claim).insuredInformation,
          homeAddress: "Another street",
        },
      },
      { token: claim.token, headers },
    );
    expect(changed.statusCode).toBe(422);
  });

  test("after the submit the claim's files can no longer change", async () => {
    await uploadAll(claim, MANDATORY);
    expect((await submit(claim)).statusCode).toBe(200);
    const upload = await uploadDocument(server.app, claim, {
      slotKey: "LMED006-OMR-MIN",
      bytes: await jpeg(),
    });
    expect(upload.statusCode).toBe(417);
    expect(upload.json()).toEqual({ returnCode: "8", message: DOCUMENT_MESSAGES.claimClosed });
    const { rows } = await server.db.query<{ id: string }>(
      "SELECT id FROM claim_documents ORDER BY seq LIMIT 1",
    );
    const removed = await callClaim(
      server.app,
      "deleteDocument",
      {
        basicInformation,
        webReferenceNumber: claim.webReferenceNumber,
        documentId: rows[0]?.id as string,
      },
      { token: claim.token },
    );
    expect(removed.statusCode).toBe(417);
    expect(removed.json()).toMatchObject({ returnCode: "8" });
    expect(await count("SELECT count(*) AS n FROM claim_documents WHERE status = 'stored'")).toBe(
      MANDATORY.length,
    );
  });

  test("a token that has not passed the OTP, or another claim's token, cannot submit", async () => {
    await uploadAll(claim, MANDATORY);
    const other = await verifiedClaim(server.app);
    const foreign = await callClaim(server.app, "finalSubmitClaim", submitBody(claim), {
      token: other.token,
    });
    expect(foreign.statusCode).toBe(403);
    const unverified = await startClaim(server.app);
    const notVerified = await callClaim(server.app, "finalSubmitClaim", submitBody(unverified), {
      token: unverified.token,
    });
    expect(notVerified.statusCode).toBe(403);
    expect(await count("SELECT count(*) AS n FROM claim_submissions")).toBe(0);
  });

  test("a payload that breaks a rule is 400 with the field's path", async () => {
    const body = submitBody(claim);
    const response = await callClaim(
      server.app,
      "finalSubmitClaim",
      { ...body, insuredInformation: { ...body.insuredInformation, emailAddress: "not-an-email" } },
      { token: claim.token },
    );
    expect(response.statusCode).toBe(400);
    const errors = (response.json() as { errors: { field: string }[] }).errors;
    expect(errors.map((error) => error.field)).toContain("insuredInformation.emailAddress");
  });

  test("a GCash payout is taken; a wallet number that is no mobile number is 400 and stores nothing", async () => {
    await uploadAll(claim, MANDATORY);
    const body = submitBody(claim);
    const gcash = {
      payoutMethod: "E-Wallet" as const,
      bankCode: "GCASH",
      bankName: "GCash",
      accountName: "Jose P Rizal",
      accountNumber: "0281234567",
    };
    const refused = await callClaim(
      server.app,
      "finalSubmitClaim",
      { ...body, payoutInformation: gcash },
      { token: claim.token },
    );
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { errors: unknown[] }).errors).toEqual([
      expect.objectContaining({
        field: "payoutInformation.accountNumber",
        message: "Please provide a correct Mobile Number",
      }),
    ]);
    expect(await count("SELECT count(*) AS n FROM claim_submissions")).toBe(0);

    const taken = await callClaim(
      server.app,
      "finalSubmitClaim",
      { ...body, payoutInformation: { ...gcash, accountNumber: "09171234567" } },
      { token: claim.token },
    );
    expect(taken.statusCode).toBe(200);
    const { rows } = await server.db.query<{ payload: { payoutInformation: unknown } }>(
      "SELECT payload FROM claim_submissions",
    );
    expect(rows[0]?.payload.payoutInformation).toEqual({ ...gcash, accountNumber: "09171234567" });
  });

  test("the declarations are stored in their own column, agreed at the submit, not in the payload", async () => {
    await uploadAll(claim, MANDATORY);
    expect((await submit(claim)).statusCode).toBe(200);
    const { rows } = await server.db.query<{
      payload: Record<string, unknown>;
      declarations: unknown;
      submitted_at: Date;
    }>("SELECT payload, declarations, submitted_at FROM claim_submissions");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.declarations).toEqual(AGREED);
    expect(rows[0]?.payload).not.toHaveProperty("declarations");
    expect(rows[0]?.payload).toEqual(storedPayload(claim));
    expect(new Date(rows[0]?.submitted_at as Date).toISOString()).toBe(
      server.clock.current.toISOString(),
    );
  });

  test("a submit without every declaration agreed is 400 naming each one, and stores nothing", async () => {
    await uploadAll(claim, MANDATORY);
    const { declarations: _agreed, ...withoutDeclarations } = submitBody(claim);
    const cases: [Record<string, unknown>, string[]][] = [
      [
        withoutDeclarations,
        ["declarations.truthful", "declarations.medicalRecordsRelease", "declarations.dataPrivacy"],
      ],
      [
        { ...withoutDeclarations, declarations: { ...AGREED, dataPrivacy: "N" } },
        ["declarations.dataPrivacy"],
      ],
      [
        { ...withoutDeclarations, declarations: { truthful: "Y", dataPrivacy: "Y" } },
        ["declarations.medicalRecordsRelease"],
      ],
    ];
    for (const [body, fields] of cases) {
      const response = await callClaimRaw(server.app, "finalSubmitClaim", body, {
        token: claim.token,
      });
      expect(response.statusCode).toBe(400);
      expect((response.json() as { errors: unknown[] }).errors).toEqual(
        fields.map((field) => ({ field, message: DECLARATION_MESSAGES.required })),
      );
    }
    expect(await count("SELECT count(*) AS n FROM claim_submissions")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM notifications")).toBe(0);
    const { rows } = await server.db.query<{ status: string }>("SELECT status FROM claims");
    expect(rows).toEqual([{ status: "draft" }]);
    // Agreeing afterwards submits as usual.
    expect((await submit(claim)).statusCode).toBe(200);
  });

  test("a restart between the uploads and the submit loses nothing", async () => {
    await uploadAll(claim, MANDATORY);
    await server.restart({}, { reopenDatabase: true });
    const response = await submit(claim);
    expect(response.statusCode).toBe(200);
    expect(await count("SELECT count(*) AS n FROM claim_documents WHERE status = 'stored'")).toBe(
      MANDATORY.length,
    );
  });
});
