import { emptyBeneficiary } from "@kalinga/domain/beneficiary";
import { emptyClaimDetails } from "@kalinga/domain/claim-details";
import {
  bpiPayout,
  SAMPLE_CLAIM as CLAIM,
  heartAttackDeath,
  joseDetails,
  motorcycleAccident,
  OTHER_SAMPLE_CLAIM as OTHER_CLAIM,
  josephineSpouse as spouse,
} from "@kalinga/domain/fixtures/claim-fixtures";
import { emptyPayout } from "@kalinga/domain/payout";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { closeTab, loadPage, openTab } from "../session/session-test-support.ts";
import type { ClaimData } from "./claim-data-store.ts";

const accidentDetails = joseDetails(motorcycleAccident);
const deathDetails = joseDetails(heartAttackDeath);

/** A page load: the session opened from storage, and the claim data store on top of it. */
async function loadClaimPage() {
  const page = await loadPage();
  return { session: page.session, ...(await import("./claim-data-store.ts")) };
}

const emptyDataOf = (webReferenceNumber: string): ClaimData => ({
  webReferenceNumber,
  details: emptyClaimDetails,
  payout: emptyPayout,
  beneficiaries: [],
  beneficiaryEdit: null,
  declarations: {},
  submitKey: null,
  submitted: null,
});

/** Everything a claim holds by its review, submitted. */
const fullData: Omit<ClaimData, "webReferenceNumber"> = {
  details: deathDetails,
  payout: bpiPayout,
  beneficiaries: [spouse],
  beneficiaryEdit: { index: 0, values: { ...spouse, occupation: "Principal" } },
  declarations: { truthful: true, medicalRecordsRelease: true, dataPrivacy: true },
  submitKey: "2f6c1c1e-9c0b-4c43-9a53-2f1b8f3d7a10",
  submitted: {
    returnCode: "0",
    webReferenceNumber: CLAIM,
    status: "CLAIM APPLICATION SUBMITTED",
    submittedAt: "2026-11-20T03:15:00.000Z",
  },
};

beforeEach(() => {
  openTab();
});

afterEach(closeTab);

describe("claim data store", () => {
  it("keeps one claim's data over a reload, merging each change into it", async () => {
    const page = await loadClaimPage();
    page.saveClaimData(CLAIM, { details: accidentDetails });
    const saved = page.saveClaimData(CLAIM, { payout: bpiPayout });
    expect(saved).toEqual({
      ...emptyDataOf(CLAIM),
      details: accidentDetails,
      payout: bpiPayout,
    });
    await page.session.flushed();

    const reloaded = await loadClaimPage();
    expect(reloaded.readClaimData(CLAIM)).toEqual(saved);
  });

  it("gives another claim empty data, never this claim's", async () => {
    const page = await loadClaimPage();
    page.saveClaimData(CLAIM, fullData);
    expect(page.readClaimData(CLAIM)).toEqual({ webReferenceNumber: CLAIM, ...fullData });
    expect(page.readClaimData(OTHER_CLAIM)).toEqual(emptyDataOf(OTHER_CLAIM));
    expect(page.readClaimData("")).toEqual(emptyDataOf(""));
    await page.session.flushed();

    const reloaded = await loadClaimPage();
    expect(reloaded.readClaimData(OTHER_CLAIM)).toEqual(emptyDataOf(OTHER_CLAIM));
  });

  it("starts the next claim from empty data, and the last claim's data is gone", async () => {
    const page = await loadClaimPage();
    page.saveClaimData(CLAIM, fullData);
    const next = page.saveClaimData(OTHER_CLAIM, { details: accidentDetails });
    expect(next).toEqual({ ...emptyDataOf(OTHER_CLAIM), details: accidentDetails });
    expect(page.readClaimData(CLAIM)).toEqual(emptyDataOf(CLAIM));
    await page.session.flushed();

    const reloaded = await loadClaimPage();
    expect(reloaded.readClaimData(OTHER_CLAIM)).toEqual(next);
    expect(reloaded.readClaimData(CLAIM)).toEqual(emptyDataOf(CLAIM));
  });

  it("keeps a change under the claim it was saved for, whatever reference number it carries", async () => {
    const page = await loadClaimPage();
    const saved = page.saveClaimData(CLAIM, { webReferenceNumber: OTHER_CLAIM, payout: bpiPayout });
    expect(saved.webReferenceNumber).toBe(CLAIM);
    expect(page.readClaimData(OTHER_CLAIM)).toEqual(emptyDataOf(OTHER_CLAIM));
    expect(page.readClaimData(CLAIM).payout).toEqual(bpiPayout);
  });

  it("gives no claim the data stored without a reference number", async () => {
    const page = await loadClaimPage();
    page.session.set("claimDataStore", { details: accidentDetails, payout: bpiPayout });
    expect(page.readClaimData(CLAIM)).toEqual(emptyDataOf(CLAIM));
    expect(page.readClaimData("")).toEqual(emptyDataOf(""));
  });

  it("fills the fields an older shape of the data does not have", async () => {
    const page = await loadClaimPage();
    page.session.set("claimDataStore", {
      webReferenceNumber: CLAIM,
      details: { claimType: "Death", causeOfLoss: "Acute myocardial infarction" },
      beneficiaries: [{ firstName: "Ana", lastName: "Santos" }],
    });
    expect(page.readClaimData(CLAIM)).toEqual({
      ...emptyDataOf(CLAIM),
      details: {
        ...emptyClaimDetails,
        claimType: "Death",
        causeOfLoss: "Acute myocardial infarction",
      },
      beneficiaries: [{ ...emptyBeneficiary, firstName: "Ana", lastName: "Santos" }],
    });
  });
});
