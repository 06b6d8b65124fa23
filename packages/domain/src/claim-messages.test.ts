import { describe, expect, it } from "vitest";
import { claimAddressee, claimantDecision, tenDigitMobile } from "./claim-messages.ts";
import {
  accidentPayload,
  franciscoChild,
  heartAttackDeath,
  joseClaimPayload,
  josephineSpouse,
} from "./fixtures/claim-fixtures.ts";

// Jose Rizal died; Josephine, his wife and his minor son's guardian, files from her own number.
const deathPayload = joseClaimPayload(heartAttackDeath, {
  beneficiaries: [josephineSpouse, franciscoChild],
  payout: null,
});
const JOSEPHINE = "9181234567";

describe("who a claim's messages address", () => {
  it("a living claim greets the insured at the verified number and the e-mail given with it", () => {
    expect(claimAddressee(accidentPayload, "9171234567")).toEqual({
      role: "insured",
      firstName: "Jose",
      fullName: "Jose Rizal",
      mobile: "9171234567",
      email: "jose.rizal@example.ph",
      lateInsured: null,
    });
  });

  it("a death claim filed by a beneficiary greets her by her own name and names the insured as the late", () => {
    const addressee = claimAddressee(deathPayload, JOSEPHINE);
    expect(addressee).toEqual({
      role: "beneficiary",
      firstName: "Josephine",
      fullName: "Josephine Bracken",
      mobile: JOSEPHINE,
      email: "jose.rizal@example.ph",
      lateInsured: "Jose Rizal",
    });
  });

  it("a minor's guardian who filed is greeted, never the child whose record carries her number", () => {
    const addressee = claimAddressee(
      joseClaimPayload(heartAttackDeath, { beneficiaries: [franciscoChild], payout: null }),
      `0${JOSEPHINE}`,
    );
    expect(addressee).toMatchObject({ role: "guardian", firstName: "Josephine" });
  });

  it("a death claim whose number no beneficiary has greets no one by name, never the insured", () => {
    const addressee = claimAddressee(deathPayload, "9171234567");
    expect(addressee).toEqual({
      role: "filer",
      firstName: "",
      fullName: null,
      mobile: "9171234567",
      email: "jose.rizal@example.ph",
      lateInsured: "Jose Rizal",
    });
  });

  it("two different people on the filer's number leave the reader unknown", () => {
    const brother = { ...josephineSpouse, firstName: "Paciano", lastName: "Rizal" };
    const payload = joseClaimPayload(heartAttackDeath, {
      beneficiaries: [josephineSpouse, brother],
      payout: null,
    });
    expect(claimAddressee(payload, JOSEPHINE)).toMatchObject({ role: "filer", firstName: "" });
  });

  it("reads a mobile number however it was written", () => {
    expect(tenDigitMobile("+63 918 123 4567")).toBe(JOSEPHINE);
    expect(tenDigitMobile("09181234567")).toBe(JOSEPHINE);
    expect(tenDigitMobile(JOSEPHINE)).toBe(JOSEPHINE);
  });
});

describe("the decision as the claimant reads it", () => {
  it("approved: the payout's method, provider and the account masked to its last 4", () => {
    expect(claimantDecision({ outcome: "approved", reasonCode: "AP01" }, accidentPayload)).toEqual({
      outcome: "approved",
      reason: null,
      payout: {
        method: "bank",
        provider: "Bank of the Philippine Islands (BPI)",
        account: "******7890",
      },
    });
  });

  it("denied: the reason as entered and no payout; a death claim has no payout of its own", () => {
    expect(
      claimantDecision(
        { outcome: "denied", reasonCode: "DN02", reason: "The policy had lapsed." },
        accidentPayload,
      ),
    ).toEqual({ outcome: "denied", reason: "The policy had lapsed.", payout: null });
    expect(claimantDecision({ outcome: "approved", reasonCode: "AP01" }, deathPayload)).toEqual({
      outcome: "approved",
      reason: null,
      payout: null,
    });
  });

  it("no decision, or an outcome it does not know, is none", () => {
    expect(claimantDecision(null, accidentPayload)).toBeNull();
    expect(claimantDecision({ outcome: "maybe" }, accidentPayload)).toBeNull();
  });
});
