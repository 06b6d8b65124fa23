import {
  accidentPayload,
  franciscoChild,
  joseClaimPayload,
  josephineSpouse,
} from "@kalinga/domain/fixtures/claim-fixtures";
import { mandatorySlotKeys, slotFactsOfPayload } from "@kalinga/domain/upload-slots";
import { describe, expect, test } from "vitest";
import { samplePhoto, uploadDocument } from "./support/claim-documents.ts";
import { submitBodyOf, TODAY } from "./support/claim-payloads.ts";
import { submittedClaim, verifiedClaim } from "./support/claimant.ts";
import { insurer, readInsurerClaim } from "./support/insurer-api.ts";
import { useServerTest } from "./support/server-test.ts";
import { callClaim, type StartedClaim } from "./support/test-app.ts";

// The insurer integration API's policy match and the naming of each document of a claim.

const server = useServerTest({ documentsDir: true, env: { NOTIFICATION_POLL_MS: "600000" } });

const MANDATORY = mandatorySlotKeys(slotFactsOfPayload(accidentPayload, TODAY));

const read = (reference: string) => readInsurerClaim(server.app, reference);

describe("policy match", () => {
  test("sets the policy number and matchCode, shown by the specification's display rule; bad values are 400", async () => {
    const claim = await submittedClaim(server.app);
    const ref = claim.webReferenceNumber;
    const app = server.app;
    expect((await read(ref)).policyNumberDisplay).toBeNull();
    const set = await insurer(app, "POST", `/claims/${ref}/policy-match`, {
      policyNumber: "PL-000123",
      matchCode: 0,
    });
    expect(set.statusCode).toBe(200);
    let view = await read(ref);
    expect([view.policyNumber, view.matchCode, view.policyNumberDisplay]).toEqual([
      "PL-000123",
      0,
      "PL-000123",
    ]);
    await insurer(app, "POST", `/claims/${ref}/policy-match`, {
      policyNumber: "PL-000123",
      matchCode: 2,
    });
    view = await read(ref);
    expect(view.policyNumberDisplay).toBe("For further verification");
    expect(view.events.at(-1)).toEqual(expect.objectContaining({ kind: "policy-match" }));
    expect(JSON.stringify(view.events)).not.toContain("PL-000123");

    for (const body of [
      { policyNumber: "PL-1", matchCode: 10 },
      // 6 to 8 mean nothing in section 4: refused, not shown as a verified number.
      { policyNumber: "PL-1", matchCode: 7 },
      { policyNumber: "PL-1", matchCode: 6 },
      { policyNumber: "PL-1", matchCode: "1" },
      { policyNumber: "", matchCode: 1 },
      { matchCode: 1 },
    ]) {
      expect((await insurer(app, "POST", `/claims/${ref}/policy-match`, body)).statusCode).toBe(
        400,
      );
    }
    expect((await read(ref)).matchCode).toBe(2);
  });
});

describe("documents", () => {
  const deathPayload = joseClaimPayload(
    {
      claimType: "Death",
      dateOfLoss: "2026-08-15",
      causeOfLoss: "Dengue fever",
      natureOfDeath: "IL",
    },
    { beneficiaries: [josephineSpouse, franciscoChild], payout: null },
  );

  async function submittedDeathClaim(): Promise<StartedClaim> {
    const claim = await verifiedClaim(server.app);
    const bytes = await samplePhoto();
    for (const slotKey of mandatorySlotKeys(slotFactsOfPayload(deathPayload, TODAY))) {
      const uploaded = await uploadDocument(server.app, claim, { slotKey, bytes });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
    }
    const body = submitBodyOf(claim, deathPayload);
    const submitted = await callClaim(server.app, "finalSubmitClaim", body, { token: claim.token });
    expect(submitted.statusCode, submitted.body).toBe(200);
    return claim;
  }

  test("each document of a death claim names its slot and the beneficiary it belongs to", async () => {
    const claim = await submittedDeathClaim();
    const view = (await read(claim.webReferenceNumber)) as unknown as {
      documents: { slot: string; slotName: string; beneficiary: unknown }[];
    };
    const bySlot = Object.fromEntries(
      view.documents.map((document) => [document.slot, [document.slotName, document.beneficiary]]),
    );
    expect(bySlot["DCRT001-DTC-MAJ"]).toEqual(["PSA death certificate of the insured", null]);
    expect(bySlot["DIDC001-VIF1-MAJ"]).toEqual([
      "Valid government ID of the beneficiary (front)",
      { beneficiaryNo: 1, name: "Josephine Bracken" },
    ]);
    expect(bySlot["DCRT003-MRC1-MAJ"]).toEqual([
      "PSA marriage certificate of the spouse beneficiary",
      { beneficiaryNo: 1, name: "Josephine Bracken" },
    ]);
    expect(bySlot["DIDC001-GIF2-MAJ"]).toEqual([
      "Valid government ID of the minor beneficiary's guardian (front)",
      { beneficiaryNo: 2, name: "Francisco Bracken Rizal" },
    ]);
    // Every document is named: none falls back to a code or a placeholder.
    for (const document of view.documents) {
      expect(document.slotName).not.toMatch(/^(Document|D[A-Z]{3}\d{3}-)/);
    }
  });

  test("a living claim's documents belong to no beneficiary", async () => {
    const claim = await submittedClaim(server.app);
    const view = (await read(claim.webReferenceNumber)) as unknown as {
      documents: { slotName: string; beneficiary: unknown }[];
    };
    expect(view.documents.length).toBe(MANDATORY.length);
    expect(view.documents.every((document) => document.beneficiary === null)).toBe(true);
    expect(view.documents.map((document) => document.slotName)).toContain(
      "Attending physician's statement",
    );
  });
});
