import { emptyClaimDetails } from "@kalinga/domain/claim-details";
import {
  bpiPayout,
  dengueIllness,
  franciscoChild,
  heartAttackDeath,
  josephineSpouse,
  joseStep1,
  motorcycleAccident,
  SAMPLE_CLAIM as REFERENCE,
} from "@kalinga/domain/fixtures/claim-fixtures";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../session/session-test-support.ts";

// The claim data store and the re-check of Steps 1 to 3 before the documents and the submit, on
// the real session store (fake-indexeddb and an in-memory sessionStorage stand in for the browser's).

async function openTab() {
  vi.resetModules();
  const { openSession, session } = await import("../session/session-store.ts");
  await openSession();
  const store = await import("./claim-data-store.ts");
  const { claimOfTab } = await import("./claim-of-tab.ts");
  const { claimBeingFiled } = await import("./verified-claim.tsx");
  /** The tab after the OTP passed: the claim the steps' layout would give them. */
  const verify = () => {
    session.set("webReferenceNumber", REFERENCE);
    session.set("isOtpAvailable", { webReferenceNumber: REFERENCE, pass: true });
    session.set("step1", joseStep1);
    const claim = claimBeingFiled();
    if (!claim) throw new Error("The claim should be verified.");
    return claim;
  };
  return { session, store, claimOfTab, verify };
}

beforeEach(() => {
  vi.stubGlobal("sessionStorage", new MemoryStorage());
  vi.stubGlobal("indexedDB", new IDBFactory());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("claim data store", () => {
  it("never gives one claim's data to another claim of the tab", async () => {
    const { store } = await openTab();
    store.saveClaimData(REFERENCE, { payout: bpiPayout });
    expect(store.readClaimData(REFERENCE).payout).toEqual(bpiPayout);
    const other = store.readClaimData("KL-AAAA-BBBB");
    expect(other.webReferenceNumber).toBe("KL-AAAA-BBBB");
    expect(other.payout.accountNumber).toBe("");
  });

  it("reads an older stored shape with the empty values of what it lacks", async () => {
    const { session, store } = await openTab();
    session.set("claimDataStore", { webReferenceNumber: REFERENCE, payout: bpiPayout });
    const data = store.readClaimData(REFERENCE);
    expect(data.payout).toEqual(bpiPayout);
    expect(data.details).toEqual(emptyClaimDetails);
    expect(data.beneficiaries).toEqual([]);
    expect(data.submitKey).toBeNull();
  });
});

describe("claim of the tab", () => {
  it("is not verified without the OTP pass of this claim", async () => {
    const { session } = await openTab();
    const { claimBeingFiled } = await import("./verified-claim.tsx");
    session.set("webReferenceNumber", REFERENCE);
    session.set("isOtpAvailable", { webReferenceNumber: "KL-AAAA-BBBB", pass: true });
    expect(claimBeingFiled()).toBeNull();
  });

  it("builds the payload of a complete living claim", async () => {
    const { claimOfTab, verify } = await openTab();
    const claim = verify();
    claim.save({ details: motorcycleAccident, payout: bpiPayout });
    const tab = claimOfTab(claim, "corporate-website");
    expect(tab.complete).toBe(true);
    if (!tab.complete) return;
    expect(tab.payload.basicInformation).toMatchObject({ claimType: "Living", causeOfLoss: "AC" });
    expect(tab.payload.payoutInformation.accountNumber).toBe(bpiPayout.accountNumber);
    expect(tab.payload.beneficiaryList).toEqual([]);
  });

  it("builds the payload of a complete death claim with its beneficiaries", async () => {
    const { claimOfTab, verify } = await openTab();
    const claim = verify();
    claim.save({ details: heartAttackDeath, beneficiaries: [josephineSpouse, franciscoChild] });
    const tab = claimOfTab(claim, "corporate-website");
    expect(tab.complete).toBe(true);
    if (!tab.complete) return;
    expect(tab.payload.beneficiaryList.map((b) => b.firstName)).toEqual([
      josephineSpouse.firstName,
      franciscoChild.firstName,
    ]);
    expect(tab.payload.payoutInformation.payoutMethod).toBe("");
  });

  it("sends an incomplete claim back to the step that no longer passes", async () => {
    const { session, claimOfTab, verify } = await openTab();
    const claim = verify();
    expect(claimOfTab(claim, "corporate-website")).toEqual({
      complete: false,
      step: "/claims-details",
    });
    claim.save({ details: dengueIllness });
    expect(claimOfTab(claim, "corporate-website")).toEqual({
      complete: false,
      step: "/payout-option",
    });
    // A switch to a death claim after the payout: the beneficiaries are still missing.
    claim.save({ details: heartAttackDeath, payout: bpiPayout });
    expect(claimOfTab(claim, "corporate-website")).toEqual({
      complete: false,
      step: "/payout-option",
    });
    session.set("step1", { ...joseStep1, firstName: "" });
    expect(claimOfTab(claim, "corporate-website")).toEqual({ complete: false, step: "/cf" });
  });
});
