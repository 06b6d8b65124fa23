import { describe, expect, test } from "vitest";
import { expectedDecision, type StatusChange } from "./claim-lifecycle.ts";
import { slotLabel } from "./upload-slots.ts";

// The decision date a claimant is promised and the names their documents are listed under
// (docs/decisions/0068).

const DAY = 86_400_000;
const filed = new Date("2026-11-02T02:00:00Z");
const at = (days: number) => new Date(filed.getTime() + days * DAY);
const change = (to: StatusChange["to"], days: number): StatusChange => ({ to, at: at(days) });

describe("expectedDecision", () => {
  test("a death claim counts the law's 60 days on the insurer's days, from today in Manila", () => {
    const changes = [change("CLAIM APPLICATION SUBMITTED", 0), change("UNDER REVIEW", 2)];
    expect(
      expectedDecision({ claimType: "Death", changes, now: at(10), serviceLevelDays: 30 }),
    ).toEqual({
      basis: "death-claim-law",
      limitDays: 60,
      daysLeft: 50,
      by: "2027-01-01",
      paused: false,
    });
  });

  test("documents owed pause it: no date, and the days spent waiting do not count", () => {
    const changes = [
      change("CLAIM APPLICATION SUBMITTED", 0),
      change("PENDING DUE TO INCOMPLETE REQUIREMENTS", 5),
    ];
    const input = { claimType: "Death" as const, changes, serviceLevelDays: 30 };
    expect(expectedDecision({ ...input, now: at(6) })).toMatchObject({
      daysLeft: 55,
      by: null,
      paused: true,
    });
    expect(expectedDecision({ ...input, now: at(40) })).toMatchObject({ daysLeft: 55 });
    const back = [...changes, change("UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS", 40)];
    expect(expectedDecision({ ...input, changes: back, now: at(40) })).toMatchObject({
      daysLeft: 55,
      by: "2027-02-05",
      paused: false,
    });
  });

  test("a living claim counts the insurer's service level, and goes below zero when late", () => {
    const changes = [change("CLAIM APPLICATION SUBMITTED", 0)];
    expect(
      expectedDecision({ claimType: "Living", changes, now: at(20), serviceLevelDays: 15 }),
    ).toEqual({
      basis: "service-level",
      limitDays: 15,
      daysLeft: -5,
      by: "2026-11-17",
      paused: false,
    });
  });

  test("nothing before the submit, and nothing once decided, even after a failed payment", () => {
    const input = { claimType: "Death" as const, now: at(30), serviceLevelDays: 30 };
    expect(expectedDecision({ ...input, changes: [] })).toBeNull();
    const decided = [
      change("CLAIM APPLICATION SUBMITTED", 0),
      change("UNDER REVIEW", 1),
      change("WITH CLAIM DECISION", 9),
      change("PAYMENT UNSUCCESSFUL", 12),
      change("PENDING DUE TO INCOMPLETE REQUIREMENTS", 13),
    ];
    expect(expectedDecision({ ...input, changes: decided.slice(0, 3) })).toBeNull();
    expect(expectedDecision({ ...input, changes: decided })).toBeNull();
  });
});

describe("slotLabel", () => {
  test("a slot reads as in Step 4, with the beneficiary it is for", () => {
    expect(slotLabel("DIDC001-VIF2-MAJ")).toEqual({
      label: "Valid government ID (front)",
      nameKey: "upload-slots.D0501",
      beneficiaryIndex: 2,
    });
    expect(slotLabel("DCRT001-DTC-MAJ")).toEqual({
      label: "PSA death certificate",
      nameKey: "upload-slots.D0101",
    });
    expect(slotLabel("LMED001-APS-MIN")).toEqual({
      label: "Attending physician's statement",
      nameKey: "upload-slots.L0201",
    });
  });

  test("a key no rule asks reads as the catalogue names it; an unknown key is null", () => {
    expect(slotLabel("DCRT001-LDC-MAJ")).toEqual({
      label: "Death certificate from the local civil registrar",
      nameKey: "document-names.D0102",
    });
    expect(slotLabel("REQ-0b7c")).toBeNull();
  });
});
