import { describe, expect, it, test } from "vitest";
import { CLAIM_STATUSES } from "./claim-lifecycle.ts";
import {
  CLAIM_STATUS_TEXTS,
  claimStatusLabel,
  claimStatusLabels,
  claimTypeLabel,
  policyNumberDisplay,
  recordPolicyNumberDisplay,
  statusOfSlug,
  statusSlug,
} from "./claim-status.ts";
import { localize } from "./localized-texts.ts";

describe("claim status labels", () => {
  it.each([
    ["CLAIM APPLICATION SUBMITTED", "Claim application submitted"],
    ["UNDER REVIEW", "Under review"],
    ["PENDING DUE TO INCOMPLETE REQUIREMENTS", "Pending Due to Incomplete Requirements"],
    ["UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS", "Under review"],
    ["CLOSED - DUE TO INCOMPLETE REQUIREMENTS", "Closed - Due to Incomplete Requirements"],
    ["WITH CLAIM DECISION", "With claim decision"],
    ["CLAIM COMPLETED", "Claim completed"],
    ["PAYMENT UNSUCCESSFUL", "Payment unsuccessful"],
    ["Active", "Active"],
    ["Cancelled", "Cancelled"],
    ["Resolved", "Resolved"],
  ])("%s → %s", (status, label) => {
    expect(claimStatusLabel(status)).toBe(label);
  });

  it("maps a list of records", () => {
    expect(claimStatusLabels([{ status: "UNDER REVIEW" }])).toEqual([
      { status: "UNDER REVIEW", label: "Under review" },
    ]);
  });

  it("names the claim type", () => {
    expect(claimTypeLabel("Death", "")).toBe("Death claim");
    expect(claimTypeLabel("Living", "AC")).toBe("Accident claim");
    expect(claimTypeLabel("Living", "IL")).toBe("Illness claim");
  });

  it("shows the policy number by match code", () => {
    expect(policyNumberDisplay("1234567890", "0")).toBe("1234567890");
    expect(policyNumberDisplay("1234567890", 2)).toBe("For further verification");
    expect(policyNumberDisplay("1234567890", "5")).toBe("Unavailable at this time");
    expect(policyNumberDisplay("", "0")).toBe("Unavailable at this time");
  });
});

describe("status links", () => {
  it("names every status by a path segment and reads it back", () => {
    expect(statusSlug("CLOSED - DUE TO INCOMPLETE REQUIREMENTS")).toBe(
      "closed-due-to-incomplete-requirements",
    );
    for (const status of CLAIM_STATUSES) {
      expect(statusOfSlug(statusSlug(status))).toBe(status);
    }
    expect(statusOfSlug("approved-for-a-million")).toBeNull();
  });
});

describe("a status record's policy number", () => {
  const record = (matchCode: number | null) => ({
    claimInfo: { policyNumber: "1234567890" },
    matchCode,
  });
  test.each([
    [null, "Unavailable at this time"],
    [0, "1234567890"],
    [2, "For further verification"],
    [5, "Unavailable at this time"],
  ])("matchCode %s shows %s", (matchCode, shown) => {
    expect(recordPolicyNumberDisplay(record(matchCode))).toBe(shown);
  });

  test("what stands in the number's place is said in the claimant's locale", () => {
    const filipino = localize(CLAIM_STATUS_TEXTS, {
      "claimStatus.policyUnavailable": "Hindi pa makita sa ngayon",
      "claimStatus.policyToVerify": "Kailangan pang i-verify",
    });
    expect(recordPolicyNumberDisplay(record(null), filipino)).toBe("Hindi pa makita sa ngayon");
    expect(recordPolicyNumberDisplay(record(2), filipino)).toBe("Kailangan pang i-verify");
    expect(recordPolicyNumberDisplay(record(0), filipino)).toBe("1234567890");
  });
});
