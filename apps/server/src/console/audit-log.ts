import type { Queryable } from "../db/database.ts";

// The console's audit log (Data Privacy Act: claims hold health data and IDs): every view of a
// claim and every change, by whom and when. Rows are only ever added; the table refuses updates and
// deletes (migration 009), and administrators read it in the console. The integration API's reads
// are rows too, naming the key that read (migration 017).

export type AuditEntry = {
  staffId: string | null;
  staffEmail: string | null;
  /** The name of the integration key that acted (decision 0064), never the key. */
  integrationKey?: string | null;
  action: string;
  webReferenceNumber?: string | null;
  detail?: Record<string, unknown>;
};

export type AuditRow = {
  seq: number;
  at: Date;
  staffEmail: string | null;
  integrationKey: string | null;
  action: string;
  webReferenceNumber: string | null;
  detail: Record<string, unknown>;
};

export async function audit(q: Queryable, entry: AuditEntry, now: Date): Promise<void> {
  await q.query(
    `INSERT INTO staff_audit_log
       (at, staff_id, staff_email, integration_key, action, web_reference_number, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
    [
      now,
      entry.staffId,
      entry.staffEmail,
      entry.integrationKey ?? null,
      entry.action,
      entry.webReferenceNumber ?? null,
      JSON.stringify(entry.detail ?? {}),
    ],
  );
}

/** Newest first; `before` is the seq of the last row of the previous page. */
export async function readAuditLog(
  q: Queryable,
  query: { webReferenceNumber: string | null; before: number | null; limit: number },
): Promise<AuditRow[]> {
  const { rows } = await q.query<{
    seq: string | number;
    at: Date;
    staff_email: string | null;
    integration_key: string | null;
    action: string;
    web_reference_number: string | null;
    detail: Record<string, unknown>;
  }>(
    `SELECT seq, at, staff_email, integration_key, action, web_reference_number, detail FROM staff_audit_log
     WHERE ($1::text IS NULL OR web_reference_number = $1) AND ($2::bigint IS NULL OR seq < $2)
     ORDER BY seq DESC LIMIT $3`,
    [query.webReferenceNumber, query.before, query.limit],
  );
  return rows.map((row) => ({
    seq: Number(row.seq),
    at: new Date(row.at),
    staffEmail: row.staff_email,
    integrationKey: row.integration_key,
    action: row.action,
    webReferenceNumber: row.web_reference_number,
    detail: row.detail,
  }));
}

/**
 * When the newest row not about a claim whose action starts with `prefix` was written; null for
 * none. Walks back from the newest row, so it reads no more than the rows since that one.
 */
export async function lastUnclaimedAuditAt(q: Queryable, prefix: string): Promise<Date | null> {
  const { rows } = await q.query<{ at: Date }>(
    `SELECT at FROM staff_audit_log WHERE web_reference_number IS NULL AND action LIKE $1
     ORDER BY seq DESC LIMIT 1`,
    [`${prefix}%`],
  );
  return rows[0] ? new Date(rows[0].at) : null;
}
