import { CLAIM_STATUSES } from "@kalinga/domain/claim-lifecycle";
import type { DetailSection } from "@kalinga/domain/claim-payload-view";
import { DOCUMENT_CATALOGUE } from "@kalinga/domain/document-catalogue";
import { dengueDeathPayload } from "@kalinga/domain/fixtures/claim-fixtures";
import {
  mandatorySlotKeys,
  slotDocumentName,
  slotFactsOfPayload,
} from "@kalinga/domain/upload-slots";
import { beforeAll, describe, expect, test } from "vitest";
import {
  samplePhoto,
  uploadDocument,
  uploadRequirementDocument,
} from "./support/claim-documents.ts";
import { submitBodyOf, TODAY } from "./support/claim-payloads.ts";
import { submittedClaim, trackingCheck, verifiedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import { signedInStaff } from "./support/staff-session.ts";
import { basicInformation, callClaim, type StartedClaim } from "./support/test-app.ts";

// The console's claim view over real request handling and a real database: the claim's details by
// section under the domain's labels, every file named after what it is, each request with the
// files the claimant sent for it, and the insurer's own status names.

const server = useServerTest({ documentsDir: true, env: { NOTIFICATION_POLL_MS: "600000" } });
let jpeg: Uint8Array;

beforeAll(async () => {
  jpeg = await samplePhoto();
});

type File = { id: string; displayName: string; size: number };
type View = {
  statusLabel: string;
  locale: string;
  details: DetailSection[];
  documents: (File & { slot: string; beneficiary: { no: number; name: string } | null })[];
  requirements: { id: string; name: string; state: string; documents: File[] }[];
};

const examiner = () =>
  signedInStaff(server.app, server.db, server.clock, {
    email: "ben@kalinga-life.example",
    role: "examiner",
  });

const deathPayload = dengueDeathPayload;

/** The label → value rows of a section's first group. */
const rowsOf = (view: View, title: string) =>
  Object.fromEntries(
    (view.details.find((s) => s.title === title)?.groups[0]?.rows ?? []).map((r) => [
      r.label,
      r.value,
    ]),
  );

function uploadFor(check: StartedClaim, ref: string, requirementId: string, filename: string) {
  return uploadRequirementDocument(server.app, check, {
    webReferenceNumber: ref,
    requirementId,
    bytes: jpeg,
    filename,
  });
}

describe("the console's claim view", () => {
  test("a death claim reads by section, each beneficiary's files named after the document and the beneficiary", async () => {
    const claim = await verifiedClaim(server.app);
    const mandatory = mandatorySlotKeys(slotFactsOfPayload(deathPayload, TODAY));
    for (const slotKey of mandatory) {
      const uploaded = await uploadDocument(server.app, claim, {
        slotKey,
        bytes: jpeg,
        filename: "IMG_0001.jpg",
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
    }
    // A second file in the death certificate's slot is numbered, not named like the first.
    const death = "DCRT001-DTC-MAJ";
    await uploadDocument(server.app, claim, { slotKey: death, bytes: jpeg, filename: "x.jpg" });
    const submitted = await callClaim(
      server.app,
      "finalSubmitClaim",
      submitBodyOf(claim, deathPayload),
      { token: claim.token },
    );
    expect(submitted.statusCode, submitted.body).toBe(200);

    const staff = await examiner();
    const answer = await staff.call("GET", `/claims/${claim.webReferenceNumber}`);
    expect(answer.statusCode).toBe(200);
    const view = answer.json() as View & { payload?: unknown };
    // The stored payload is not sent as it is: staff read it labelled, in sections.
    expect(view).not.toHaveProperty("payload");
    expect(view.details.map((s) => s.key)).toEqual([
      "insured",
      "policy",
      "owner",
      "claim",
      "beneficiary",
      "beneficiary",
      "consents",
    ]);
    expect(rowsOf(view, "Claim details")).toMatchObject({
      "Type of claim": "Death",
      "Cause of death": "Dengue fever",
      "Accident or illness": "Illness",
    });
    expect(rowsOf(view, "Beneficiary 1: Josephine Bracken")).toMatchObject({
      Citizenship: "United States",
      Title: "Mrs.",
    });
    const consents = view.details.find((s) => s.key === "consents");
    expect(consents?.groups[0]?.rows.map((r) => r.label)).toContain("Marketing campaigns consent");
    expect(JSON.stringify(view.details)).not.toMatch(/markecting/i);

    const names = view.documents.map((d) => d.displayName);
    expect(names.filter((name) => /IMG_0001|x\.pdf/.test(name))).toEqual([]);
    const deathCertificate = slotDocumentName(death)?.name;
    expect(names).toContain(`${deathCertificate}.pdf`);
    expect(names).toContain(`${deathCertificate} (2).pdf`);
    const idFront = view.documents.find((d) => d.slot === "DIDC001-VIF1-MAJ");
    expect(idFront).toMatchObject({
      beneficiary: { no: 1, name: "Josephine Bracken" },
      displayName: `${slotDocumentName("DIDC001-VIF1-MAJ")?.name} - Josephine Bracken.pdf`,
    });
    expect(view.documents.find((d) => d.slot === "DIDC001-GIF2-MAJ")?.beneficiary).toEqual({
      no: 2,
      name: "Francisco Bracken Rizal",
    });
    // Downloaded under the same name.
    const file = await staff.call(
      "GET",
      `/claims/${claim.webReferenceNumber}/documents/${idFront?.id}?download=1`,
    );
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toContain("Josephine Bracken.pdf");
  });

  test("each request lists the files sent for it, named after it; a file not sent yet is not shown", async () => {
    const claim = await submittedClaim(server.app);
    const ref = claim.webReferenceNumber;
    const staff = await examiner();
    const catalogued = DOCUMENT_CATALOGUE.find(
      (entry) => entry.claimType === "Living" && entry.docType === "Others",
    );
    if (!catalogued) throw new Error("no living catalogue entry");
    const asked = await staff.call("POST", `/claims/${ref}/requirements`, {
      requirements: [
        { documentCd: catalogued.documentCd, description: "Please send it", dueDate: null },
        { documentCd: null, description: "Police report of the collision", dueDate: null },
      ],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const [first, second] = (asked.json() as { requirementIds: [string, string] }).requirementIds;

    const check = await trackingCheck(server.app);
    for (const [item, name] of [
      [first, "requested.jpg"],
      [first, "requested.jpg"],
      [second, "IMG_0002.jpg"],
    ] as const) {
      const uploaded = await uploadFor(check, ref, item, name);
      expect(uploaded.statusCode, uploaded.body).toBe(200);
    }
    const read = async () => (await staff.call("GET", `/claims/${ref}`)).json() as View;
    const before = await read();
    expect(before.requirements.map((item) => item.documents)).toEqual([[], []]);

    const sent = await callClaim(
      server.app,
      "sendRequirementDocuments",
      { basicInformation, webReferenceNumber: ref },
      { token: check.token },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const view = await read();
    expect(view.requirements.map((item) => [item.name, item.state])).toEqual([
      [catalogued.typeOfId, "received"],
      ["Police report of the collision", "received"],
    ]);
    expect(view.requirements[0]?.documents.map((d) => d.displayName)).toEqual([
      `${catalogued.typeOfId}.pdf`,
      `${catalogued.typeOfId} (2).pdf`,
    ]);
    expect(view.requirements[1]?.documents.map((d) => d.displayName)).toEqual([
      "Police report of the collision.pdf",
    ]);
    // Files sent for a request are with it, not among the files filed with the claim.
    const requested = view.requirements.flatMap((item) => item.documents.map((d) => d.id));
    expect(view.documents.filter((d) => requested.includes(d.id))).toEqual([]);
    expect(view.documents.map((d) => d.displayName).join()).not.toMatch(/requested|REQ-/);
    // Viewed in place from the request, under the request's name.
    const opened = await staff.call(
      "GET",
      `/claims/${ref}/documents/${view.requirements[1]?.documents[0]?.id}`,
    );
    expect(opened.statusCode).toBe(200);
    expect(opened.headers["content-disposition"]).toBe(
      'inline; filename="Police report of the collision.pdf"',
    );
    expect(opened.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });

  test("a living claim's payout is masked; staff read each status under its own name", async () => {
    const claim = await submittedClaim(server.app);
    const staff = await examiner();
    const view = (await staff.call("GET", `/claims/${claim.webReferenceNumber}`)).json() as View;
    expect(rowsOf(view, "Payout")).toMatchObject({
      "Paid by": "Bank credit",
      "Account number": "******7890",
    });
    expect(view.statusLabel).toBe("Claim application submitted");
    // Filed without naming a language: its messages went out in English (decision 0089).
    expect(view.locale).toBe("en");

    const queue = (await staff.call("GET", "/claims")).json() as {
      statuses: { status: string; label: string }[];
    };
    const labels = queue.statuses.map((s) => s.label);
    expect(queue.statuses.map((s) => s.status)).toEqual([...CLAIM_STATUSES]);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels).toContain("Under review due to incomplete requirements");
    expect(labels).toContain("Under review");
  });
});
