import { describe, expect, it } from "vitest";
import {
  comparableName,
  isKnownMatchCode,
  KNOWN_MATCH_CODES,
  MATCH_CODES,
  matchPolicy,
  type PolicyRecord,
  policyRecordSchema,
} from "./policy-record.ts";

const jose: PolicyRecord = policyRecordSchema.parse({
  companyName: "Kalinga Life",
  policyNumber: "1234567890",
  policyType: "Individual",
  status: "in-force",
  insuredFirstName: "José",
  insuredLastName: "Dela Cruz",
  insuredDateOfBirth: "1980-03-05",
  ownerFirstName: "José",
  ownerLastName: "Dela Cruz",
  ownerMobile: "9171234567",
});

const claim = {
  policyNumber: "1234567890",
  firstName: "Jose",
  lastName: "Dela-Cruz",
  dateOfBirth: "1980-03-05",
};

describe("known matchCodes", () => {
  it("are the codes section 4 and decision 0057 give a meaning, and no other", () => {
    expect(KNOWN_MATCH_CODES).toEqual([0, 1, 2, 3, 4, 5, 9]);
    expect([6, 7, 8, 10, -1, 1.5].filter(isKnownMatchCode)).toEqual([]);
  });
});

describe("policy records", () => {
  it("takes a full record and refuses a bad one field by field", () => {
    expect(jose.insuredMiddleName).toBe("");
    const bad = policyRecordSchema.safeParse({
      ...jose,
      policyNumber: "12345",
      status: "active",
      ownerMobile: "0917",
    });
    expect(bad.success).toBe(false);
    if (!bad.success) {
      expect(bad.error.issues.map((issue) => issue.path.join(".")).sort()).toEqual([
        "ownerMobile",
        "policyNumber",
        "status",
      ]);
    }
  });

  it("compares names without case, accents, dots, hyphens or spaces", () => {
    expect(comparableName("Ma. Peña Dela-Cruz")).toBe(comparableName("MA PENA DELACRUZ"));
  });
});

describe("matchPolicy", () => {
  it("0 when the number, the name and the date of birth agree", () => {
    expect(matchPolicy(claim, jose, [jose], true)).toEqual({
      matchCode: MATCH_CODES.matched,
      policyNumber: "1234567890",
    });
  });

  it("1 or 2 when one of name and date of birth differs; 4 when both do", () => {
    expect(matchPolicy({ ...claim, dateOfBirth: "1981-03-05" }, jose, [], true)?.matchCode).toBe(1);
    expect(matchPolicy({ ...claim, firstName: "Maria" }, jose, [], true)?.matchCode).toBe(2);
    expect(
      matchPolicy({ ...claim, firstName: "Maria", dateOfBirth: "1981-03-05" }, jose, [], true),
    ).toEqual({
      matchCode: 4,
      policyNumber: null,
    });
  });

  it("3 with the number when no number was given but one policy in force insures the person", () => {
    expect(matchPolicy({ ...claim, policyNumber: "" }, null, [jose], true)).toEqual({
      matchCode: 3,
      policyNumber: "1234567890",
    });
  });

  it("5 when the policy is not in force; nothing when the insurer keeps no policies here", () => {
    const lapsed = { ...jose, status: "lapsed" as const };
    expect(matchPolicy(claim, lapsed, [lapsed], true)).toEqual({
      matchCode: 5,
      policyNumber: "1234567890",
    });
    expect(matchPolicy(claim, null, [], false)).toBeNull();
  });
});
