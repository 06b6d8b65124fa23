import { describe, expect, test } from "vitest";
import {
  isStaffRole,
  STAFF_PERMISSIONS,
  STAFF_ROLES,
  staffMay,
  staffSignInDelaySeconds,
} from "./staff-roles.ts";

describe("staff roles", () => {
  test("an examiner works claims and nothing else", () => {
    expect(STAFF_PERMISSIONS.filter((p) => staffMay("examiner", p))).toEqual(["work-claims"]);
  });

  test("a supervisor assigns, reopens and sees the team, but manages no accounts", () => {
    expect(staffMay("supervisor", "assign")).toBe(true);
    expect(staffMay("supervisor", "reopen")).toBe(true);
    expect(staffMay("supervisor", "see-team")).toBe(true);
    expect(staffMay("supervisor", "manage-staff")).toBe(false);
    expect(staffMay("supervisor", "read-audit-log")).toBe(false);
  });

  test("an administrator may do everything", () => {
    for (const permission of STAFF_PERMISSIONS) {
      expect(staffMay("administrator", permission)).toBe(true);
    }
  });

  test("only the three roles are roles", () => {
    for (const role of STAFF_ROLES) expect(isStaffRole(role)).toBe(true);
    expect(isStaffRole("admin")).toBe(false);
    expect(isStaffRole("")).toBe(false);
    expect(isStaffRole(undefined)).toBe(false);
  });
});

describe("sign-in delays", () => {
  test("five failures are free, then the wait doubles up to 15 minutes", () => {
    expect([0, 1, 4].map((n) => staffSignInDelaySeconds(n))).toEqual([0, 0, 0]);
    expect([5, 6, 7, 9].map((n) => staffSignInDelaySeconds(n))).toEqual([30, 60, 120, 480]);
    expect(staffSignInDelaySeconds(10)).toBe(900);
    expect(staffSignInDelaySeconds(1000)).toBe(900);
  });

  test("many tries at one account from everywhere slow every address after its own failure, by a minute at most", () => {
    expect(staffSignInDelaySeconds(0, 500)).toBe(0);
    expect(staffSignInDelaySeconds(1, 20)).toBe(0);
    expect(staffSignInDelaySeconds(1, 21)).toBe(60);
    expect(staffSignInDelaySeconds(1, 1_000_000)).toBe(60);
    expect(staffSignInDelaySeconds(7, 1_000_000)).toBe(120);
  });
});
