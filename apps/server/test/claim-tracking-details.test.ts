import type { ClaimPayload } from "@kalinga/domain/claim-payload";
import { addDays, todayInManila } from "@kalinga/domain/dates";
import { accidentPayload, dengueDeathPayload } from "@kalinga/domain/fixtures/claim-fixtures";
import { mandatorySlotKeys, slotFactsOfPayload } from "@kalinga/domain/upload-slots";
import { beforeAll, describe, expect, test } from "vitest";
import { samplePhoto } from "./support/claim-documents.ts";
import { TODAY } from "./support/claim-payloads.ts";
import {
  callAsTracking,
  filedClaim as fileClaim,
  sendRequestedFiles,
  trackingCheck as trackingCheckOf,
} from "./support/claimant.ts";
import { callInsurer } from "./support/insurer.ts";
import { useServerTest } from "./support/server-test.ts";
import { signedInStaff } from "./support/staff-session.ts";
import type { StartedClaim } from "./support/test-app.ts";

// What a claimant reads on the tracking screens (decision 0068), over real request handling and a
// real database: every document sent named by its slot or request and the beneficiary it is for,
// with the insurer's review; the decision date, paused while documents are owed; each open
// request's own due date.

const server = useServerTest({
  documentsDir: true,
  env: { NOTIFICATION_POLL_MS: "600000", SERVICE_LEVEL_DAYS_LIVING: "20" },
});
const MOBILE = "9171234567";
const DAY_SECONDS = 86_400;

const deathPayload = dengueDeathPayload;

type SentDocument = {
  title: string;
  nameKey: string | null;
  beneficiary: { position: number; name: string } | null;
  requirementId: string | null;
  state: string;
  rejectionReason: string | null;
  replacement: { id: string; dueDate: string } | null;
  receivedAt: string;
  files: { name: string; sizeText: string }[];
};
type TrackedRead = {
  claim: { status: string; submittedAt: string };
  documents: SentDocument[];
  requirements: {
    id: string;
    description: string;
    nameKey: string | null;
    dueDate: string;
    state: string;
    replaces: string | null;
  }[];
  expectedDecision: {
    basis: string;
    limitDays: number;
    daysLeft: number;
    by: string | null;
    paused: boolean;
  } | null;
};

let jpeg: Uint8Array;
beforeAll(async () => {
  jpeg = await samplePhoto();
});

const today = () => todayInManila(server.clock.now());

/** A claim filed with every mandatory slot, the first that takes more than one file in two pages. */
async function filedClaim(payload: ClaimPayload): Promise<string> {
  const slots = mandatorySlotKeys(slotFactsOfPayload(payload, TODAY));
  const twoPages = slots.find((key) => !key.includes("IDC001")) ?? "";
  const claim = await fileClaim(server.app, {
    payload,
    mobile: MOBILE,
    bytes: jpeg,
    filename: "scan.jpg",
    moreSlots: [twoPages],
  });
  return claim.webReferenceNumber;
}

const trackingCheck = () => trackingCheckOf(server.app, { mobile: MOBILE });

async function read(check: StartedClaim, ref: string): Promise<TrackedRead> {
  const answer = await callAsTracking(server.app, check, "readTrackedClaim", {
    webReferenceNumber: ref,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as TrackedRead;
}

async function insurer(url: string, body: unknown) {
  const answer = await callInsurer(server.app, "POST", `/claims/${url}`, body);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { requirementIds: string[] };
}

const sendFor = (check: StartedClaim, ref: string, requirementIds: string[]) =>
  sendRequestedFiles(server.app, check, ref, requirementIds, jpeg);

describe("what the tracking screens read", () => {
  test("a death claim's documents are named by slot and beneficiary, and the 60 days give the decision date", async () => {
    const ref = await filedClaim(deathPayload);
    const check = await trackingCheck();
    const first = await read(check, ref);

    const josephine = { position: 1, name: "Josephine Bracken" };
    const francisco = { position: 2, name: "Francisco Rizal" };
    expect(first.documents.map((d) => [d.title, d.beneficiary, d.files.length])).toEqual([
      ["PSA death certificate", null, 2],
      ["Valid government ID (front)", josephine, 1],
      ["Valid government ID (back)", josephine, 1],
      ["PSA marriage certificate", josephine, 1],
      [
        "Proof of bank account: bank certificate, passbook, ATM card or bank statement",
        josephine,
        1,
      ],
      ["Form W-9", josephine, 1],
      ["Guardian's valid government ID (front)", francisco, 1],
      ["Guardian's valid government ID (back)", francisco, 1],
      ["PSA birth certificate of the minor", francisco, 1],
      ["Affidavit of guardianship", francisco, 1],
      ["Proof of the bank account held in trust for the minor", francisco, 1],
    ]);
    // Each title's key in a locale's catalogue: the Step 4 label's, by the document's number.
    expect(first.documents.slice(0, 3).map((d) => d.nameKey)).toEqual([
      "upload-slots.D0101",
      "upload-slots.D0501",
      "upload-slots.D0502",
    ]);
    for (const document of first.documents) {
      expect(document).toMatchObject({
        state: "received",
        requirementId: null,
        rejectionReason: null,
        replacement: null,
        receivedAt: first.claim.submittedAt,
      });
      expect(document.files[0]?.name).toBe("scan.pdf");
    }
    expect(first.expectedDecision).toEqual({
      basis: "death-claim-law",
      limitDays: 60,
      daysLeft: 60,
      by: addDays(today(), 60),
      paused: false,
    });

    // Ten days on the insurer's side: ten fewer, the same date.
    server.clock.advance(10 * DAY_SECONDS);
    // Days later the claimant checks again: a new check, since a token lives hours, not days.
    const later = await read(await trackingCheck(), ref);
    expect(later.expectedDecision).toMatchObject({ daysLeft: 50, by: first.expectedDecision?.by });
  });

  test("two requests with their own dates pause the clock; one not accepted is named with its reason and its replacement, then accepted; the decision ends the promise", async () => {
    const ref = await filedClaim(deathPayload);
    server.clock.advance(10 * DAY_SECONDS);
    const receiptDue = addDays(today(), 20);
    const reportDue = addDays(today(), 40);
    const [receipt, report] = (
      await insurer(`${ref}/requirements`, {
        requirements: [
          { documentCd: null, description: "Official receipt of the funeral", dueDate: receiptDue },
          { documentCd: null, description: "Barangay certificate", dueDate: reportDue },
        ],
      })
    ).requirementIds as [string, string];

    let check = await trackingCheck();
    const asked = await read(check, ref);
    expect(asked.requirements.map((r) => [r.id, r.state, r.dueDate])).toEqual([
      [receipt, "open", receiptDue],
      [report, "open", reportDue],
    ]);
    expect(asked.expectedDecision).toEqual({
      basis: "death-claim-law",
      limitDays: 60,
      daysLeft: 50,
      by: null,
      paused: true,
    });
    // Days spent gathering documents do not count against the insurer.
    server.clock.advance(5 * DAY_SECONDS);
    check = await trackingCheck();
    expect((await read(check, ref)).expectedDecision).toMatchObject({ daysLeft: 50, paused: true });

    await sendFor(check, ref, [receipt]);
    const sent = await read(check, ref);
    expect(sent.documents.filter((d) => d.requirementId !== null)).toEqual([
      {
        title: "Official receipt of the funeral",
        nameKey: null,
        beneficiary: null,
        requirementId: receipt,
        state: "received",
        rejectionReason: null,
        replacement: null,
        receivedAt: server.clock.now().toISOString(),
        files: [{ name: "receipt.pdf", sizeText: expect.stringMatching(/KB$/) }],
      },
    ]);
    expect(sent.expectedDecision).toMatchObject({ paused: true, by: null });

    const examiner = await signedInStaff(server.app, server.db, server.clock, {
      email: "ben.cruz@kalinga-life.example",
      role: "examiner",
    });
    const reason = "The receipt is cut off at the bottom; please send the whole page.";
    const rejected = await examiner.call("POST", `/claims/${ref}/requirements/${receipt}`, {
      accept: false,
      reason,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const again = await read(check, ref);
    const replacement = again.requirements.find((r) => r.replaces === receipt);
    expect(replacement).toMatchObject({
      state: "open",
      description: "Official receipt of the funeral",
    });
    expect(again.documents.find((d) => d.requirementId === receipt)).toMatchObject({
      state: "rejected",
      rejectionReason: reason,
      replacement: { id: replacement?.id, dueDate: replacement?.dueDate },
    });

    // The replacement and the other request sent: the claim is the insurer's again, the clock runs.
    await sendFor(check, ref, [replacement?.id ?? "", report]);
    const back = await read(check, ref);
    expect(back.claim.status).toBe("UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS");
    expect(back.expectedDecision).toEqual({
      basis: "death-claim-law",
      limitDays: 60,
      daysLeft: 50,
      by: addDays(today(), 50),
      paused: false,
    });
    expect(back.documents.find((d) => d.requirementId === receipt)?.replacement).toBeNull();

    const accepted = await examiner.call("POST", `/claims/${ref}/requirements/${replacement?.id}`, {
      accept: true,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const done = await read(check, ref);
    expect(
      done.documents.filter((d) => d.requirementId !== null).map((d) => [d.title, d.state]),
    ).toEqual([
      ["Official receipt of the funeral", "rejected"],
      ["Barangay certificate", "received"],
      // The replacement was asked last, so it is listed last.
      ["Official receipt of the funeral", "accepted"],
    ]);
    expect(done.requirements.filter((r) => r.state === "open")).toEqual([]);

    await insurer(`${ref}/status`, {
      status: "WITH CLAIM DECISION",
      decision: { outcome: "approved", reasonCode: "AP01" },
    });
    expect((await read(check, ref)).expectedDecision).toBeNull();
  });

  test("a living claim promises the insurer's service level, its slots read as in Step 4", async () => {
    const ref = await filedClaim(accidentPayload);
    const check = await trackingCheck();
    const first = await read(check, ref);
    expect(first.expectedDecision).toEqual({
      basis: "service-level",
      limitDays: 20,
      daysLeft: 20,
      by: addDays(today(), 20),
      paused: false,
    });
    expect(first.documents.map((d) => [d.title, d.beneficiary, d.files.length])).toEqual([
      ["Valid government ID (front)", null, 1],
      ["Valid government ID (back)", null, 1],
      ["Attending physician's statement", null, 2],
      ["Police report or narration report", null, 1],
      ["Official receipts of medical expenses", null, 1],
      [
        "Proof of your bank account: bank certificate, passbook, ATM card or bank statement",
        null,
        1,
      ],
    ]);
    // Past its service level, the date stays in the past and the days go below zero.
    server.clock.advance(25 * DAY_SECONDS);
    expect((await read(await trackingCheck(), ref)).expectedDecision).toMatchObject({
      daysLeft: -5,
      by: addDays(today(), -5),
    });
  });

  test("a request keeping the catalogue's name of its document carries its key; the examiner's own words none", async () => {
    const ref = await filedClaim(deathPayload);
    const due = addDays(today(), 20);
    const [kept, own] = (
      await insurer(`${ref}/requirements`, {
        requirements: [
          {
            documentCd: "D0402",
            description: "Official receipts of funeral expenses",
            dueDate: due,
          },
          { documentCd: "D0216", description: "Barangay certificate, signed", dueDate: due },
        ],
      })
    ).requirementIds as [string, string];
    const check = await trackingCheck();
    const asked = await read(check, ref);
    expect(asked.requirements.map((r) => [r.id, r.description, r.nameKey])).toEqual([
      [kept, "Official receipts of funeral expenses", "document-names.D0402"],
      [own, "Barangay certificate, signed", null],
    ]);
    await sendFor(check, ref, [kept]);
    const sent = await read(check, ref);
    expect(
      sent.documents.filter((d) => d.requirementId !== null).map((d) => [d.title, d.nameKey]),
    ).toEqual([["Official receipts of funeral expenses", "document-names.D0402"]]);
  });
});
