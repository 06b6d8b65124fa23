import { createHash, randomBytes } from "node:crypto";
import { STAFF_SESSION } from "@kalinga/domain/staff-roles";
import type { Queryable } from "../db/database.ts";

// Console sessions kept on the server: the cookie holds a random id, the table its SHA-256. A session
// that has only the password may do nothing but give the second factor, for a few minutes; a full
// session ends after an idle time and a maximum age. Each has its own CSRF token.

export type StaffSession = {
  staffId: string;
  csrfToken: string;
  secondFactor: boolean;
};

const MINUTE_MS = 60_000;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** Ends every session of one staff member (a reset or a disabled account). */
export async function endSessionsOf(db: Queryable, staffId: string) {
  await db.query("DELETE FROM staff_sessions WHERE staff_id = $1", [staffId]);
}

export function createStaffSessions(db: Queryable) {
  async function insert(staffId: string, secondFactor: boolean, now: Date) {
    const id = randomBytes(32).toString("base64url");
    const csrfToken = randomBytes(24).toString("base64url");
    const expires = new Date(
      now.getTime() +
        (secondFactor ? STAFF_SESSION.maxHours * 60 : STAFF_SESSION.passwordStepMinutes) *
          MINUTE_MS,
    );
    await db.query(
      `INSERT INTO staff_sessions (id_hash, staff_id, csrf_token, second_factor_at, created_at, last_seen_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $5, $6)`,
      [sha256(id), staffId, csrfToken, secondFactor ? now : null, now, expires],
    );
    return { id, csrfToken };
  }

  return {
    /** After the password: a session that can only take the second factor. */
    startPasswordStep: (staffId: string, now: Date) => insert(staffId, false, now),

    /** After the second factor: the half session ends and a new id is issued (no fixation). */
    async completeSignIn(halfSessionId: string, staffId: string, now: Date) {
      await db.query("DELETE FROM staff_sessions WHERE id_hash = $1", [sha256(halfSessionId)]);
      return insert(staffId, true, now);
    },

    /** The live session of a cookie, its idle clock restarted; null when gone or expired. */
    async read(id: string | undefined, now: Date): Promise<StaffSession | null> {
      if (!id) return null;
      const idle = new Date(now.getTime() - STAFF_SESSION.idleMinutes * MINUTE_MS);
      const { rows } = await db.query<{
        staff_id: string;
        csrf_token: string;
        second_factor_at: Date | null;
      }>(
        `UPDATE staff_sessions s SET last_seen_at = $2
         FROM staff_users u
         WHERE s.id_hash = $1 AND u.id = s.staff_id AND u.disabled_at IS NULL
           AND s.expires_at > $2 AND (s.second_factor_at IS NULL OR s.last_seen_at > $3)
         RETURNING s.staff_id, s.csrf_token, s.second_factor_at`,
        [sha256(id), now, idle],
      );
      const row = rows[0];
      return row
        ? {
            staffId: row.staff_id,
            csrfToken: row.csrf_token,
            secondFactor: row.second_factor_at !== null,
          }
        : null;
    },

    /** A member's own password change: every other session of theirs ends; answers how many. */
    async endOthers(staffId: string, keepId: string): Promise<number> {
      const { rowCount } = await db.query(
        "DELETE FROM staff_sessions WHERE staff_id = $1 AND id_hash <> $2",
        [staffId, sha256(keepId)],
      );
      return rowCount;
    },

    async end(id: string | undefined): Promise<void> {
      if (id) await db.query("DELETE FROM staff_sessions WHERE id_hash = $1", [sha256(id)]);
    },

    async sweep(now: Date): Promise<void> {
      await db.query("DELETE FROM staff_sessions WHERE expires_at <= $1", [now]);
    },
  };
}

export type StaffSessions = ReturnType<typeof createStaffSessions>;
