// Who in an insurer's claims department may do what in the console (docs/decisions/0053). The
// server refuses what a role may not do; the console only offers what it may.

export const STAFF_ROLES = ["examiner", "supervisor", "content-editor", "administrator"] as const;
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
  /** Change the insurer's companies: names, brand, senders, portal pages, patterns (decision 0083). */
  "manage-companies",
  /** Schedule, change and end the temporarily-unavailable notice (decision 0086). */
  "manage-notices",
  /** Edit the widget's words per company, channel and locale; preview, publish, roll back (decision 0090). */
  "edit-content",
  /** Find, export and erase a claimant's data as the law allows (decision 0106). */
  "handle-data-subjects",
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

const GRANTS: Readonly<Record<StaffRole, readonly StaffPermission[]>> = {
  examiner: ["work-claims"],
  supervisor: ["work-claims", "see-team", "assign", "reopen"],
  "content-editor": ["edit-content"],
  administrator: [...STAFF_PERMISSIONS],
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

export function staffMay(role: StaffRole, permission: StaffPermission): boolean {
  return GRANTS[role].includes(permission);
}

/**
 * Sign-in throttling (docs/decisions/0063; NIST SP 800-63B 5.2.2): never a lock a stranger controls.
 * Per account and address, the first failures are free, then each further try waits a delay that
 * doubles, up to a cap. Per account across all addresses, many failures in a window add a short
 * floor to every address's delay after its own failure, so spreading guesses over addresses is slow.
 */
export const STAFF_SIGN_IN_THROTTLE = {
  freeFailures: 5,
  firstDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
  accountWindowSeconds: 15 * 60,
  accountFailures: 20,
  accountDelaySeconds: 60,
} as const;

/**
 * Seconds an address must wait before its next try at an account, after `failures` failures in a
 * row from it; `accountTries` are the tries at the account from every address in the window.
 */
export function staffSignInDelaySeconds(failures: number, accountTries = 0): number {
  const t = STAFF_SIGN_IN_THROTTLE;
  const own =
    failures < t.freeFailures
      ? 0
      : Math.min(t.maxDelaySeconds, t.firstDelaySeconds * 2 ** (failures - t.freeFailures));
  const account = failures > 0 && accountTries > t.accountFailures ? t.accountDelaySeconds : 0;
  return Math.max(own, account);
}

/** A console session ends after this idle time, and at the latest after this age. */
export const STAFF_SESSION = { idleMinutes: 30, maxHours: 12, passwordStepMinutes: 5 } as const;

/** A staff password: long enough to resist guessing, short enough for a hash's input. */
export const STAFF_PASSWORD_LENGTH = { min: 12, max: 128 } as const;
