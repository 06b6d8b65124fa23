import { describe, expect, test } from "vitest";
import { CLAIM_STATUSES } from "./claim-lifecycle.ts";
import { claimDetailSections, type DetailSection } from "./claim-payload-view.ts";
import { claimStatusLabel, claimStatusName } from "./claim-status.ts";
import {
  accidentPayload,
  franciscoChild,
  heartAttackDeath,
  joseClaimPayload,
  josephineSpouse,
} from "./fixtures/claim-fixtures.ts";

/** label → value of every row of a section (the first group unless another is named). */
function rowsOf(sections: DetailSection[], title: string, group: string | null = null) {
  const section = sections.find((s) => s.title === title);
  const rows = section?.groups.find((g) => g.title === group)?.rows ?? [];
  return Object.fromEntries(rows.map((row) => [row.label, row.value]));
}

const DECLARED = { truthful: "Y", medicalRecordsRelease: "Y", dataPrivacy: "Y" };

describe("a claim's details as staff read them", () => {
  test("a living claim: sections in the order the claimant filled them, codes named, account masked", () => {
    const sections = claimDetailSections(accidentPayload, DECLARED);
    expect(sections.map((s) => s.key)).toEqual([
      "insured",
      "policy",
      "owner",
      "claim",
      "payout",
      "consents",
    ]);
    expect(rowsOf(sections, "Insured")).toMatchObject({
      "First name": "Jose",
      "Date of birth": expect.stringMatching(/^\d{2} [A-Z][a-z]{2} \d{4}$/),
    });
    expect(rowsOf(sections, "Policy owner details")).toMatchObject({
      "Country of citizenship": "Philippines",
      "Country of residence": "Philippines",
      "Mobile number": expect.stringMatching(/^\+63 9\d{9}$/),
    });
    expect(rowsOf(sections, "Claim details")).toMatchObject({
      "Type of claim": "Living",
      "Accident or illness": "Accident",
    });
    expect(rowsOf(sections, "Payout")).toEqual({
      "Paid by": "Bank credit",
      Bank: "Bank of the Philippine Islands (BPI)",
      "Account name": "Jose P Rizal",
      "Account number": "******7890",
    });
    expect(
      rowsOf(sections, "Consents and declarations", "Declarations agreed at the submit"),
    ).toEqual({
      "Information true and complete": "Agreed",
      "Release of medical records": "Agreed",
      "Data privacy consent": "Agreed",
    });
    // No payload field name or code is shown as a label.
    const labels = sections.flatMap((s) => s.groups.flatMap((g) => g.rows.map((r) => r.label)));
    expect(labels.filter((label) => /^[a-z]+[A-Z]/.test(label))).toEqual([]);
  });

  test("a death claim: each beneficiary in their section, a minor's guardian, consents spelled right", () => {
    const payload = joseClaimPayload(heartAttackDeath, {
      beneficiaries: [josephineSpouse, franciscoChild],
      payout: null,
    });
    const sections = claimDetailSections(payload, {});
    expect(sections.map((s) => s.key)).toEqual([
      "insured",
      "policy",
      "owner",
      "claim",
      "beneficiary",
      "beneficiary",
      "consents",
    ]);
    expect(sections[4]).toMatchObject({
      title: "Beneficiary 1: Josephine Bracken",
      beneficiaryNo: 1,
    });
    expect(rowsOf(sections, "Beneficiary 1: Josephine Bracken")).toMatchObject({
      "Relationship to the insured": "Spouse",
      Title: "Mrs.",
      Citizenship: "United States",
      Sex: "Female",
      "US tax form (W-9 or W-8BEN) asked": "Yes",
    });
    expect(
      rowsOf(sections, "Beneficiary 2: Francisco Bracken Rizal", "Guardian of the minor"),
    ).toMatchObject({ "First name": "Josephine", "Relationship to the beneficiary": "Mother" });
    expect(rowsOf(sections, "Claim details")).toMatchObject({
      "Type of claim": "Death",
      "Accident or illness": "Illness",
    });
    const consents = rowsOf(
      sections,
      "Consents and declarations",
      "Beneficiary 1: Josephine Bracken",
    );
    expect(consents["Marketing campaigns consent"]).toBe("Agreed");
    expect(Object.keys(consents).join(" ")).not.toMatch(/Markecting/i);
    expect(
      rowsOf(sections, "Consents and declarations", "Declarations agreed at the submit"),
    ).toMatchObject({ "Information true and complete": "Not agreed" });
  });

  test("a stored payload of another shape shows what it has and never throws", () => {
    expect(() => claimDetailSections(null)).not.toThrow();
    expect(() =>
      claimDetailSections({ beneficiaryList: "x", insuredInformation: 4 }),
    ).not.toThrow();
  });
});

test("staff see every status under its own name; the claimant's labels may repeat", () => {
  const names = CLAIM_STATUSES.map(claimStatusName);
  expect(new Set(names).size).toBe(CLAIM_STATUSES.length);
  expect(new Set(CLAIM_STATUSES.map((status) => claimStatusLabel(status))).size).toBeLessThan(
    CLAIM_STATUSES.length,
  );
  expect(claimStatusName("UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS")).toBe(
    "Under review due to incomplete requirements",
  );
});
