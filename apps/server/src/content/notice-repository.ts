import { randomUUID } from "node:crypto";
import type { TemporarilyUnavailableTip } from "@kalinga/content/page-content";
import type { ChannelId } from "@kalinga/domain/channel";
import type { NoticeBody, ScheduledNotice } from "@kalinga/domain/notice-calls";
import type { Queryable } from "../db/database.ts";

// The notices table (migration 024): the temporarily-unavailable notices the console schedules,
// per company and channel. The widget is served the one that ends soonest of those not ended.

type NoticeRow = {
  id: string;
  company: string;
  channel: ChannelId;
  title: string;
  content: string;
  start_time: Date;
  end_time: Date;
  show_close_start_time: Date;
  show_close_end_time: Date;
  updated_at: Date;
  updated_by: string;
};

const COLUMNS = `id, company, channel, title, content, start_time, end_time, show_close_start_time,
  show_close_end_time, updated_at, updated_by`;

const iso = (at: Date) => new Date(at).toISOString();

function noticeOf(row: NoticeRow): ScheduledNotice {
  return {
    id: row.id,
    company: row.company,
    channel: row.channel,
    title: row.title,
    content: row.content,
    startTime: iso(row.start_time),
    endTime: iso(row.end_time),
    showCloseStartTime: iso(row.show_close_start_time),
    showCloseEndTime: iso(row.show_close_end_time),
    updatedAt: iso(row.updated_at),
    updatedBy: row.updated_by,
  };
}

/** Every notice not ended at `now`, soonest start first. */
export async function openNotices(q: Queryable, now: Date): Promise<ScheduledNotice[]> {
  const { rows } = await q.query<NoticeRow>(
    `SELECT ${COLUMNS} FROM notices WHERE end_time > $1 ORDER BY start_time, id`,
    [now],
  );
  return rows.map(noticeOf);
}

/** The notice a widget of this company and channel shows now or next, in the widget's shape. */
export async function servedNotice(
  q: Queryable,
  place: { company: string; channel: ChannelId; now: Date },
): Promise<TemporarilyUnavailableTip | null> {
  const { rows } = await q.query<NoticeRow>(
    `SELECT ${COLUMNS} FROM notices WHERE company = $1 AND channel = $2 AND end_time > $3
     ORDER BY start_time, id LIMIT 1`,
    [place.company, place.channel, place.now],
  );
  const row = rows[0];
  if (!row) return null;
  const { title, content, startTime, endTime, showCloseStartTime, showCloseEndTime } =
    noticeOf(row);
  return { title, content, startTime, endTime, showCloseStartTime, showCloseEndTime };
}

export async function readNotice(q: Queryable, id: string): Promise<ScheduledNotice | null> {
  const { rows } = await q.query<NoticeRow>(`SELECT ${COLUMNS} FROM notices WHERE id = $1`, [id]);
  return rows[0] ? noticeOf(rows[0]) : null;
}

/** A new notice (id null) or a change of one; null when the id names none. */
export async function writeNotice(
  q: Queryable,
  id: string | null,
  notice: NoticeBody,
  change: { by: string; now: Date },
): Promise<ScheduledNotice | null> {
  const values = [
    notice.company,
    notice.channel,
    notice.title,
    notice.content,
    notice.startTime,
    notice.endTime,
    notice.showCloseStartTime,
    notice.showCloseEndTime,
    change.now,
    change.by,
  ];
  const { rows } =
    id === null
      ? await q.query<NoticeRow>(
          `INSERT INTO notices (${COLUMNS}) VALUES ($11, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
           RETURNING ${COLUMNS}`,
          [...values, randomUUID()],
        )
      : await q.query<NoticeRow>(
          `UPDATE notices SET company = $1, channel = $2, title = $3, content = $4, start_time = $5,
             end_time = $6, show_close_start_time = $7, show_close_end_time = $8, updated_at = $9,
             updated_by = $10 WHERE id = $11 RETURNING ${COLUMNS}`,
          [...values, id],
        );
  return rows[0] ? noticeOf(rows[0]) : null;
}

/**
 * Ends a notice now: its end, and its close window's, move to `now` (a notice not yet begun
 * keeps a window of one millisecond, ended already). Null when the id names none.
 */
export async function endNotice(
  q: Queryable,
  id: string,
  change: { by: string; now: Date },
): Promise<ScheduledNotice | null> {
  const { rows } = await q.query<NoticeRow>(
    `UPDATE notices SET
       start_time = LEAST(start_time, $2::timestamptz - interval '1 millisecond'),
       end_time = LEAST(end_time, $2::timestamptz),
       show_close_start_time = LEAST(show_close_start_time, $2::timestamptz - interval '1 millisecond'),
       show_close_end_time = LEAST(show_close_end_time, $2::timestamptz),
       updated_at = $2, updated_by = $3
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, change.now, change.by],
  );
  return rows[0] ? noticeOf(rows[0]) : null;
}
