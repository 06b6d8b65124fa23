import { describe, expect, test } from "vitest";
import { readWebReference } from "./web-reference-number.ts";

describe("a reference as a claimant types it", () => {
  test.each([
    ["KL-7KQ4-M9XP", "KL-7KQ4-M9XP"],
    ["kl-7kq4-m9xp", "KL-7KQ4-M9XP"],
    [" KL 7KQ4 M9XP ", "KL-7KQ4-M9XP"],
    ["KL7KQ4M9XP", "KL-7KQ4-M9XP"],
  ])("%j reads as %s", (typed, issued) => {
    expect(readWebReference(typed)).toBe(issued);
  });

  test.each(["", "KL-7KQ4", "KL-7KQ4-M9XO", "XX-7KQ4-M9XP", "KL-7KQ4-M9XP-2"])(
    "%j is not a reference",
    (typed) => {
      expect(readWebReference(typed)).toBeNull();
    },
  );
});
