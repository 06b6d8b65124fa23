// Who in an insurer's claims department may do what in the console (docs/decisions/0053). The
// server refuses what a role may not do; the console only offers what it may.

export const STAFF_ROLES = ["examiner", "supervisor", "administrator"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_PERMISSIONS = [
  /** Read claims, their documents and timeline; change status, ask for and decide requirements. */
  "work-claims",
  /** See every claim, not only one's own and the unassigned. */
  "see-team",
  /** Give a claim to an examiner, or take it back. */
  "assign",
  /** Reopen a closed claim. */
  "reopen",
  /** Create and disable staff accounts. */
  "manage-staff",
  /** Read the audit log. */
  "read-audit-log",
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

const GRANTS: Readonly<Record<StaffRole, readonly StaffPermission[]>> = {
  examiner: ["work-claims"],
  supervisor: ["work-claims", "see-team", "assign", "reopen"],
  administrator: [...STAFF_PERMISSIONS],
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

export function staffMay(role: StaffRole, permission: StaffPermission): boolean {
  return GRANTS[role].includes(permission);
}

/** Wrong passwords or codes in a row before an account locks, and for how long. */
export const STAFF_LOCKOUT = { failures: 5, minutes: 15 } as const;

/** A console session ends after this idle time, and at the latest after this age. */
export const STAFF_SESSION = { idleMinutes: 30, maxHours: 12, passwordStepMinutes: 5 } as const;

/** A staff password: long enough to resist guessing, short enough for a hash's input. */
export const STAFF_PASSWORD_LENGTH = { min: 12, max: 128 } as const;
