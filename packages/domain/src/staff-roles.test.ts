import { describe, expect, test } from "vitest";
import { isStaffRole, STAFF_PERMISSIONS, STAFF_ROLES, staffMay } from "./staff-roles.ts";

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
