import { describe, expect, test } from "vitest";
import {
  erasureVerdict,
  isClosedClaim,
  isPastRetention,
  RETENTION_DEFAULTS,
  type RetentionFacts,
  retentionEnd,
} from "./retention.ts";

const closedAt = new Date("2020-03-15T08:00:00Z");
const submitted: RetentionFacts = {
  purpose: "filing",
  status: "CLAIM COMPLETED",
  submittedAt: new Date("2020-01-10T08:00:00Z"),
  lastChangeAt: closedAt,
  decisionOutcome: "approved",
  hasOpenDraft: false,
};
const draft: RetentionFacts = {
  ...submitted,
  status: "draft",
  submittedAt: null,
  decisionOutcome: null,
};
const at = (iso: string) => new Date(iso);

describe("retention", () => {
  test("a closed claim is kept ten years after its closing, to the day", () => {
    expect(retentionEnd(submitted, RETENTION_DEFAULTS)).toEqual(at("2030-03-15T08:00:00Z"));
    expect(isPastRetention(submitted, at("2030-03-15T07:59:59Z"), RETENTION_DEFAULTS)).toBe(false);
    expect(isPastRetention(submitted, at("2030-03-15T08:00:00Z"), RETENTION_DEFAULTS)).toBe(true);
    expect(retentionEnd(submitted, { ...RETENTION_DEFAULTS, claimYears: 12 })).toEqual(
      at("2032-03-15T08:00:00Z"),
    );
  });

  test("an open claim is kept however old; a denial closes, an approval waits for the payment", () => {
    const open = { ...submitted, status: "UNDER REVIEW", decisionOutcome: null };
    expect(retentionEnd(open, RETENTION_DEFAULTS)).toBeNull();
    expect(isPastRetention(open, at("2099-01-01T00:00:00Z"), RETENTION_DEFAULTS)).toBe(false);
    expect(isClosedClaim({ status: "WITH CLAIM DECISION", decisionOutcome: "denied" })).toBe(true);
    expect(isClosedClaim({ status: "WITH CLAIM DECISION", decisionOutcome: "approved" })).toBe(
      false,
    );
    expect(
      isClosedClaim({ status: "CLOSED - DUE TO INCOMPLETE REQUIREMENTS", decisionOutcome: null }),
    ).toBe(true);
  });

  test("a claim never submitted goes days after its last change, not while its draft waits", () => {
    expect(retentionEnd(draft, RETENTION_DEFAULTS)).toEqual(at("2020-06-13T08:00:00Z"));
    expect(retentionEnd({ ...draft, hasOpenDraft: true }, RETENTION_DEFAULTS)).toBeNull();
    expect(isPastRetention(draft, at("2020-06-13T08:00:00Z"), RETENTION_DEFAULTS)).toBe(true);
  });
});

describe("a data subject's erasure", () => {
  const now = at("2026-11-28T00:00:00Z");
  test("is allowed for drafts, tracking checks and closed claims past retention", () => {
    expect(erasureVerdict(draft, now, RETENTION_DEFAULTS)).toEqual({
      erasable: true,
      reason: "unsubmitted",
    });
    expect(erasureVerdict({ ...draft, hasOpenDraft: true }, now, RETENTION_DEFAULTS).erasable).toBe(
      true,
    );
    expect(erasureVerdict({ ...draft, purpose: "tracking" }, now, RETENTION_DEFAULTS)).toEqual({
      erasable: true,
      reason: "tracking",
    });
    expect(erasureVerdict(submitted, at("2031-01-01T00:00:00Z"), RETENTION_DEFAULTS)).toEqual({
      erasable: true,
      reason: "past-retention",
    });
  });

  test("is refused for an open claim, and for a closed one within retention, saying until when", () => {
    const open = { ...submitted, status: "PENDING DUE TO INCOMPLETE REQUIREMENTS" };
    expect(erasureVerdict(open, now, RETENTION_DEFAULTS)).toEqual({
      erasable: false,
      reason: "open",
      keptUntil: null,
    });
    expect(erasureVerdict(submitted, now, RETENTION_DEFAULTS)).toEqual({
      erasable: false,
      reason: "within-retention",
      keptUntil: at("2030-03-15T08:00:00Z"),
    });
  });
});
