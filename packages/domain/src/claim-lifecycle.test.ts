import { describe, expect, it } from "vitest";
import {
  allowedNextStatuses,
  CLAIM_STATUSES,
  type ClaimStatus,
  claimantSeesChange,
  claimClocks,
  everyOpenItemOverdue,
  mayAskForRequirements,
  transitionRefusal,
} from "./claim-lifecycle.ts";
import { claimStatusLabel } from "./claim-status.ts";

const ALLOWED: [ClaimStatus, ClaimStatus][] = [
  ["CLAIM APPLICATION SUBMITTED", "UNDER REVIEW"],
  ["CLAIM APPLICATION SUBMITTED", "PENDING DUE TO INCOMPLETE REQUIREMENTS"],
  ["UNDER REVIEW", "PENDING DUE TO INCOMPLETE REQUIREMENTS"],
  ["UNDER REVIEW", "WITH CLAIM DECISION"],
  ["PENDING DUE TO INCOMPLETE REQUIREMENTS", "UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS"],
  ["PENDING DUE TO INCOMPLETE REQUIREMENTS", "CLOSED - DUE TO INCOMPLETE REQUIREMENTS"],
  ["UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS", "PENDING DUE TO INCOMPLETE REQUIREMENTS"],
  ["UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS", "WITH CLAIM DECISION"],
  ["CLOSED - DUE TO INCOMPLETE REQUIREMENTS", "UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS"],
  ["WITH CLAIM DECISION", "CLAIM COMPLETED"],
  ["WITH CLAIM DECISION", "PAYMENT UNSUCCESSFUL"],
  ["PAYMENT UNSUCCESSFUL", "CLAIM COMPLETED"],
  ["PAYMENT UNSUCCESSFUL", "PENDING DUE TO INCOMPLETE REQUIREMENTS"],
];

// Every fact a move could need, so only the table decides.
const everything = { hasDecision: true, hasOverdueRequirements: true, askingForRequirements: true };
const key = (from: string, to: string) => `${from} → ${to}`;
const allowedKeys = new Set(ALLOWED.map(([from, to]) => key(from, to)));

describe("the status table", () => {
  it("holds the eight server statuses of section 4, each with its display label", () => {
    expect(CLAIM_STATUSES).toHaveLength(8);
    for (const status of CLAIM_STATUSES) expect(claimStatusLabel(status)).not.toBe(status);
  });

  it.each(ALLOWED)("allows %s → %s", (from, to) => {
    expect(transitionRefusal(from, to, everything)).toBeNull();
  });

  it("refuses every other move, naming the allowed next statuses", () => {
    let refused = 0;
    for (const from of CLAIM_STATUSES) {
      for (const to of CLAIM_STATUSES) {
        if (allowedKeys.has(key(from, to))) continue;
        expect(transitionRefusal(from, to, everything)).toEqual({
          refused: "not-allowed",
          allowed: allowedNextStatuses(from),
        });
        refused += 1;
      }
    }
    expect(refused).toBe(CLAIM_STATUSES.length ** 2 - ALLOWED.length);
  });

  it("ends at CLAIM COMPLETED, and no status moves to itself", () => {
    expect(allowedNextStatuses("CLAIM COMPLETED")).toEqual([]);
    for (const status of CLAIM_STATUSES) {
      expect(allowedNextStatuses(status)).not.toContain(status);
    }
  });

  it("refuses a status that is not one of the eight", () => {
    expect(transitionRefusal("UNDER REVIEW", "APPROVED", everything)).toEqual({
      refused: "unknown-status",
    });
    expect(transitionRefusal("UNDER REVIEW", "under review", everything)).toEqual({
      refused: "unknown-status",
    });
  });
});

describe("moves that need facts", () => {
  const none = { hasDecision: false, hasOverdueRequirements: false };

  it("enters PENDING only by asking for requirements", () => {
    expect(
      transitionRefusal("UNDER REVIEW", "PENDING DUE TO INCOMPLETE REQUIREMENTS", none),
    ).toEqual({ refused: "needs-requirements" });
    expect(
      transitionRefusal("UNDER REVIEW", "PENDING DUE TO INCOMPLETE REQUIREMENTS", {
        ...none,
        askingForRequirements: true,
      }),
    ).toBeNull();
  });

  it("enters WITH CLAIM DECISION only with a decision recorded", () => {
    expect(transitionRefusal("UNDER REVIEW", "WITH CLAIM DECISION", none)).toEqual({
      refused: "needs-decision",
    });
    expect(
      transitionRefusal("UNDER REVIEW", "WITH CLAIM DECISION", { ...none, hasDecision: true }),
    ).toBeNull();
  });

  it("closes for incomplete requirements only once an item is past its due date", () => {
    const pending = "PENDING DUE TO INCOMPLETE REQUIREMENTS";
    expect(transitionRefusal(pending, "CLOSED - DUE TO INCOMPLETE REQUIREMENTS", none)).toEqual({
      refused: "requirements-not-overdue",
    });
    expect(
      transitionRefusal(pending, "CLOSED - DUE TO INCOMPLETE REQUIREMENTS", {
        ...none,
        hasOverdueRequirements: true,
      }),
    ).toBeNull();
  });

  it("counts the requirements overdue only when every open item is past its due date", () => {
    const today = "2026-03-10";
    const item = (state: string, dueDate: string) => ({ state, dueDate });
    expect(everyOpenItemOverdue([item("open", "2026-03-09")], today)).toBe(true);
    // Due today is still within its date; one item within its date keeps the claim open.
    expect(everyOpenItemOverdue([item("open", "2026-03-10")], today)).toBe(false);
    expect(
      everyOpenItemOverdue([item("open", "2026-03-09"), item("open", "2026-04-30")], today),
    ).toBe(false);
    // Received, accepted and rejected items are not owed by the claimant.
    expect(
      everyOpenItemOverdue([item("open", "2026-03-09"), item("received", "2026-04-30")], today),
    ).toBe(true);
    expect(everyOpenItemOverdue([item("received", "2026-03-01")], today)).toBe(false);
    expect(everyOpenItemOverdue([], today)).toBe(false);
  });
});

describe("what the claimant is told", () => {
  it("is told when the label changes, not when two statuses read the same", () => {
    expect(claimantSeesChange("CLAIM APPLICATION SUBMITTED", "UNDER REVIEW")).toBe(true);
    expect(
      claimantSeesChange(
        "PENDING DUE TO INCOMPLETE REQUIREMENTS",
        "UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS",
      ),
    ).toBe(true);
    // "Under review" both: nothing new for the claimant.
    expect(claimantSeesChange("UNDER REVIEW", "UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS")).toBe(
      false,
    );
  });
});

describe("clocks", () => {
  const day = (n: number) => new Date(Date.UTC(2026, 9, 1 + n, 2));

  it("counts the days waiting on the claimant apart from those waiting on the insurer", () => {
    const clocks = claimClocks({
      claimType: "Death",
      changes: [
        { to: "CLAIM APPLICATION SUBMITTED", at: day(0) },
        { to: "UNDER REVIEW", at: day(2) },
        { to: "PENDING DUE TO INCOMPLETE REQUIREMENTS", at: day(5) },
        { to: "UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS", at: day(25) },
      ],
      now: day(30),
      serviceLevelDays: 15,
    });
    expect(clocks).toEqual({
      daysOpen: 30,
      daysWaitingOnClaimant: 20,
      daysWaitingOnInsurer: 10,
      // s.248: 60 days, paused while the family gathered the documents.
      deathClaimDaysLeft: 50,
      serviceLevelDaysLeft: 5,
    });
  });

  it("has no s.248 clock for a living claim, and stops at CLAIM COMPLETED", () => {
    const clocks = claimClocks({
      claimType: "Living",
      changes: [
        { to: "CLAIM APPLICATION SUBMITTED", at: day(0) },
        { to: "UNDER REVIEW", at: day(1) },
        { to: "WITH CLAIM DECISION", at: day(8) },
        { to: "CLAIM COMPLETED", at: day(12) },
      ],
      now: day(40),
      serviceLevelDays: 10,
    });
    expect(clocks).toEqual({
      daysOpen: 12,
      daysWaitingOnClaimant: 0,
      daysWaitingOnInsurer: 12,
      deathClaimDaysLeft: null,
      serviceLevelDaysLeft: -2,
    });
  });
});

describe("asking for documents", () => {
  it("is offered where the lifecycle takes it: pending, or a status that may become pending", () => {
    expect(CLAIM_STATUSES.filter(mayAskForRequirements)).toEqual([
      "CLAIM APPLICATION SUBMITTED",
      "UNDER REVIEW",
      "PENDING DUE TO INCOMPLETE REQUIREMENTS",
      "UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS",
      "PAYMENT UNSUCCESSFUL",
    ]);
    expect(mayAskForRequirements("NOT A STATUS")).toBe(false);
  });
});
