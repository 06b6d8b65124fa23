import type { ClaimCallName, ClaimCallRequest } from "@kalinga/domain/claim-calls";
import { deathClaimDraft } from "@kalinga/domain/fixtures/claim-fixtures";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, test } from "vitest";
import { samplePhoto, uploadRequirementDocument } from "./support/claim-documents.ts";
import {
  callAsTracking,
  filedClaim as fileClaim,
  trackingCheck,
  verifiedClaim,
} from "./support/claimant.ts";
import { askForRequirements, callInsurer, receiptAndPoliceReport } from "./support/insurer.ts";
import { useServerTest } from "./support/server-test.ts";
import { basicInformation, callClaim, type StartedClaim } from "./support/test-app.ts";

const DRAFT = deathClaimDraft;

// The claimant follows a claim (decision 0055), over real request handling and a real database:
// a tracking check proves its number with the OTP, reads only the claims filed with it, and adds
// and sends files only for the open requests of those claims.

const server = useServerTest({ documentsDir: true, env: { NOTIFICATION_POLL_MS: "600000" } });
const MARIA = "9171234567";
const BEN = "9181112222";
let jpeg: Uint8Array;

beforeAll(async () => {
  jpeg = await samplePhoto();
});

/** A claim filed and submitted with this number. */
async function filedClaim(mobile: string): Promise<string> {
  const claim = await fileClaim(server.app, {
    mobile,
    bytes: jpeg,
    body: (body) => ({
      ...body,
      insuredInformation: { ...body.insuredInformation, phoneNumber: mobile },
    }),
  });
  return claim.webReferenceNumber;
}

const trackingOf = (mobile: string) => trackingCheck(server.app, { mobile });

const insurer = (method: "GET" | "POST", url: string, body?: unknown) =>
  callInsurer(server.app, method, url, body);

const askForTwo = async (ref: string, dueDate: string | null = null) =>
  (await askForRequirements(server.app, ref, receiptAndPoliceReport(dueDate))) as [string, string];

const track = <K extends ClaimCallName>(
  check: StartedClaim,
  call: K,
  body: Omit<ClaimCallRequest<K>, "basicInformation">,
  headers = {},
) => callAsTracking(server.app, check, call, body, headers);

const uploadFor = (check: StartedClaim, ref: string, requirementId: string, key?: string) =>
  uploadRequirementDocument(server.app, check, {
    webReferenceNumber: ref,
    requirementId,
    bytes: jpeg,
    ...(key ? { idempotencyKey: key } : {}),
  });

const returnCode = (response: LightMyRequestResponse) =>
  (response.json() as { returnCode: string }).returnCode;

describe("following a claim", () => {
  test("a verified number lists its own claims only, as status records, newest first", async () => {
    const first = await filedClaim(MARIA);
    const second = await filedClaim(MARIA);
    await filedClaim(BEN);
    await insurer("POST", `/claims/${first}/policy-match`, {
      policyNumber: "PL-0001",
      matchCode: 2,
    });
    const check = await trackingOf(MARIA);
    const listed = await track(check, "listTrackedClaims", {});
    expect(listed.statusCode, listed.body).toBe(200);
    const { claims } = listed.json() as {
      claims: {
        webReferenceNumber: string;
        matchCode: number | null;
        claimInfo: object;
        status: string;
      }[];
    };
    expect(claims.map((c) => c.webReferenceNumber).sort()).toEqual([first, second].sort());
    expect(claims.find((c) => c.webReferenceNumber === first)).toMatchObject({
      claimInfo: { policyNumber: "PL-0001", type: "Living", subType: "AC" },
      matchCode: 2,
      status: "CLAIM APPLICATION SUBMITTED",
    });
  });

  test("an unverified check reads nothing; a tracking token opens no filing call and a filing token no tracking call", async () => {
    const ref = await filedClaim(MARIA);
    const started = (
      await callClaim(server.app, "initClaimTracking", { basicInformation })
    ).json() as StartedClaim;
    expect((await track(started, "listTrackedClaims", {})).statusCode).toBe(403);
    const check = await trackingOf(MARIA);
    const filing = await callClaim(
      server.app,
      "listDocuments",
      { basicInformation, webReferenceNumber: check.webReferenceNumber },
      { token: check.token },
    );
    expect(filing.statusCode).toBe(403);
    const filingClaim = await verifiedClaim(server.app, { mobile: MARIA });
    const crossed = await callClaim(
      server.app,
      "readTrackedClaim",
      { basicInformation, webReferenceNumber: ref },
      { token: filingClaim.token },
    );
    expect(crossed.statusCode).toBe(403);
  });

  test("one number's token never reads or changes another number's claim, by any call", async () => {
    const bens = await filedClaim(BEN);
    const [item] = await askForTwo(bens);
    const check = await trackingOf(MARIA);
    const answers = [
      await track(check, "readTrackedClaim", { webReferenceNumber: bens }),
      await uploadFor(check, bens, item),
      await track(check, "deleteRequirementDocument", {
        webReferenceNumber: bens,
        documentId: item,
      }),
      await track(check, "sendRequirementDocuments", { webReferenceNumber: bens }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(417);
      expect(returnCode(answer)).toBe("14");
    }
    const { rows } = await server.db.query(
      "SELECT 1 FROM claim_documents WHERE requirement_id IS NOT NULL",
    );
    expect(rows).toHaveLength(0);
  });

  test("files for two requests, sent once: the claim moves to review and the claimant is told, once", async () => {
    const ref = await filedClaim(MARIA);
    expect(
      (await insurer("POST", `/claims/${ref}/status`, { status: "UNDER REVIEW" })).statusCode,
    ).toBe(200);
    const [receipt, report] = await askForTwo(ref);
    const check = await trackingOf(MARIA);

    const read = (await track(check, "readTrackedClaim", { webReferenceNumber: ref })).json() as {
      claim: { status: string };
      events: { status: string }[];
      requirements: { id: string; state: string; documents: unknown[] }[];
      deathClaimDaysLeft: number | null;
    };
    expect(read.claim.status).toBe("PENDING DUE TO INCOMPLETE REQUIREMENTS");
    expect(read.events.map((e) => e.status)).toEqual([
      "CLAIM APPLICATION SUBMITTED",
      "UNDER REVIEW",
      "PENDING DUE TO INCOMPLETE REQUIREMENTS",
    ]);
    expect(read.requirements.map((r) => r.state)).toEqual(["open", "open"]);
    expect(read.deathClaimDaysLeft).toBeNull();

    // Nothing added yet: nothing to send.
    const early = await track(check, "sendRequirementDocuments", { webReferenceNumber: ref });
    expect(returnCode(early)).toBe("17");
    const added = await uploadFor(check, ref, receipt);
    expect(added.statusCode, added.body).toBe(200);
    const removed = (added.json() as { document: { id: string } }).document.id;
    expect(
      (
        await track(check, "deleteRequirementDocument", {
          webReferenceNumber: ref,
          documentId: removed,
        })
      ).statusCode,
    ).toBe(200);
    expect((await uploadFor(check, ref, receipt)).statusCode).toBe(200);
    expect((await uploadFor(check, ref, report)).statusCode).toBe(200);

    // A restart between the uploads and the send loses nothing.
    await server.restart({}, { reopenDatabase: true });
    const sentBefore = (await server.db.query("SELECT 1 FROM notifications")).rows.length;
    const key = { "idempotency-key": "send-0001-requested-documents" };
    const sent = await track(check, "sendRequirementDocuments", { webReferenceNumber: ref }, key);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: "UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS" });
    expect((sent.json() as { sent: string[] }).sent.sort()).toEqual([receipt, report].sort());
    const again = await track(check, "sendRequirementDocuments", { webReferenceNumber: ref }, key);
    expect(again.json()).toEqual(sent.json());
    const twice = await track(check, "sendRequirementDocuments", { webReferenceNumber: ref });
    expect(returnCode(twice)).toBe("17");

    const { rows } = await server.db.query<{ channel: string; body: string }>(
      "SELECT channel, body FROM notifications ORDER BY seq",
    );
    const news = rows.slice(sentBefore);
    expect(news.map((row) => row.channel).sort()).toEqual(["email", "sms"]);
    expect(news.find((row) => row.channel === "sms")?.body).toContain(
      `we received 2 documents for your claim ${ref}. It is now "Under review".`,
    );

    // A sent file stays: the claimant can no longer remove it, and the insurer reads both on their items.
    const view = (await insurer("GET", `/claims/${ref}`)).json() as {
      documents: {
        requirementId: string | null;
        slotName: string;
        beneficiary: unknown;
        downloadPath: string;
      }[];
      requirements: { id: string; state: string }[];
    };
    expect(view.requirements.map((r) => r.state)).toEqual(["received", "received"]);
    const attached = view.documents.filter((d) => d.requirementId !== null);
    expect(attached.map((d) => d.requirementId).sort()).toEqual([receipt, report].sort());
    // Each named after the item it answers, not its slot code.
    expect(attached.map((d) => [d.slotName, d.beneficiary]).sort()).toEqual([
      ["Official receipt of the hospital bill", null],
      ["Police report of the collision", null],
    ]);
    for (const document of attached) {
      const file = await insurer("GET", document.downloadPath.replace("/api/insurer", ""));
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    }
  });

  test("an item of another claim, an accepted item and an overdue item take no file", async () => {
    const first = await filedClaim(MARIA);
    const second = await filedClaim(MARIA);
    const [firstItem] = await askForTwo(first);
    // Due on the next working day, then two days pass: past due.
    const [secondItem] = await askForTwo(second, "2026-03-03");
    server.clock.advance(2 * 86_400);
    const check = await trackingOf(MARIA);
    const wrongClaim = await uploadFor(check, second, firstItem);
    expect(returnCode(wrongClaim)).toBe("15");
    const overdue = await uploadFor(check, second, secondItem);
    expect(returnCode(overdue)).toBe("16");

    expect((await uploadFor(check, first, firstItem)).statusCode).toBe(200);
    expect(
      (await track(check, "sendRequirementDocuments", { webReferenceNumber: first })).statusCode,
    ).toBe(200);
    const { rows } = await server.db.query<{ id: string }>(
      "SELECT id FROM claim_requirements WHERE id = $1",
      [firstItem],
    );
    expect(rows).toHaveLength(1);
    const accept = await insurer("POST", `/claims/${first}/status`, {
      status: "UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS",
    });
    expect([200, 409]).toContain(accept.statusCode);
    const afterSend = await uploadFor(check, first, firstItem);
    expect(returnCode(afterSend)).toBe("15");
  });
});

describe("housekeeping", () => {
  test("a tracking check is removed 8 days on, once its tokens are gone; filed claims stay", async () => {
    const ref = await filedClaim(MARIA);
    await trackingOf(MARIA);
    const count = async (purpose: string) =>
      (await server.db.query("SELECT 1 FROM claims WHERE purpose = $1", [purpose])).rows.length;
    expect(await count("tracking")).toBe(1);
    const { sweepExpiredRows } = await import("../src/housekeeping/expired-rows.ts");
    await sweepExpiredRows(server.db, new Date(server.clock.now().getTime() + 7 * 86_400_000));
    expect(await count("tracking")).toBe(1);
    await sweepExpiredRows(server.db, new Date(server.clock.now().getTime() + 40 * 86_400_000));
    expect(await count("tracking")).toBe(0);
    const { rows } = await server.db.query("SELECT 1 FROM claims WHERE web_reference_number = $1", [
      ref,
    ]);
    expect(rows).toHaveLength(1);
  });
});

describe("status links", () => {
  test("a status message links to the claims pages' status route: /link-status by SMS, /claims-link-status by e-mail", async () => {
    await server.restart({
      KALINGA_STATUS_PAGE_URL: "https://www.kalinga-life.example/help-support/claims/",
    });
    const ref = await filedClaim(MARIA);
    expect(
      (await insurer("POST", `/claims/${ref}/status`, { status: "UNDER REVIEW" })).statusCode,
    ).toBe(200);
    const { rows } = await server.db.query<{ channel: string; body: string }>(
      "SELECT channel, body FROM notifications WHERE body LIKE '%is now%' ORDER BY seq",
    );
    expect(rows.find((row) => row.channel === "sms")?.body).toContain(
      "See it at https://www.kalinga-life.example/help-support/claims/link-status/under-review",
    );
    expect(rows.find((row) => row.channel === "email")?.body).toContain(
      "See it at https://www.kalinga-life.example/help-support/claims/claims-link-status/under-review",
    );
  });

  test("a check lists its number's drafts and continues one of them, never another number's", async () => {
    const app = server.app;
    const draftOf = async (mobile: string) => {
      const claim = await verifiedClaim(app, { mobile });
      const saved = await callClaim(
        app,
        "saveClaimDraft",
        { basicInformation, webReferenceNumber: claim.webReferenceNumber, draft: DRAFT },
        { token: claim.token },
      );
      expect(saved.statusCode, saved.body).toBe(200);
      return claim.webReferenceNumber;
    };
    const marias = await draftOf(MARIA);
    const bens = await draftOf(BEN);
    const check = await trackingOf(MARIA);
    const listed = (await track(check, "listTrackedClaims", {})).json() as {
      drafts: { webReferenceNumber: string }[];
    };
    expect(listed.drafts.map((draft) => draft.webReferenceNumber)).toEqual([marias]);

    const refused = await track(check, "resumeClaimDraft", {
      webReferenceNumber: check.webReferenceNumber,
      draftReferenceNumber: bens,
    });
    expect(refused.statusCode).toBe(417);
    const resumed = await track(check, "resumeClaimDraft", {
      webReferenceNumber: check.webReferenceNumber,
      draftReferenceNumber: marias,
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    const { token, draft } = resumed.json() as { token: string; draft: { step: string } };
    expect(draft.step).toBe(DRAFT.step);
    // The draft's new token files that claim; the check itself has ended.
    const documents = await callClaim(
      app,
      "listDocuments",
      { basicInformation, webReferenceNumber: marias },
      { token },
    );
    expect(documents.statusCode).toBe(200);
    expect((await track(check, "listTrackedClaims", {})).statusCode).toBe(401);
  });
});
