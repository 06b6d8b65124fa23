// The temporarily-unavailable notice (section 2) shows only inside its window, and its close icon
// only inside a separate show-close window; both windows are half open, [start, end). Times are
// ISO date-times. The rules a scheduled notice must keep are here too, for the console's calls.

export type NoticeWindow = {
  startTime: string;
  endTime: string;
  showCloseStartTime: string;
  showCloseEndTime: string;
};

/** A scheduled notice's words: limits the console's form and its calls both keep. */
export const NOTICE_TEXT_LIMITS = { title: 120, content: 1000 } as const;

const within = (start: string, end: string, now: number) => {
  const from = Date.parse(start);
  const to = Date.parse(end);
  return !Number.isNaN(from) && !Number.isNaN(to) && from <= now && now < to;
};

export function noticeVisibility(
  notice: NoticeWindow | null | undefined,
  now: number,
): { show: boolean; closable: boolean } {
  if (!notice) return { show: false, closable: false };
  const show = within(notice.startTime, notice.endTime, now);
  return {
    show,
    closable: show && within(notice.showCloseStartTime, notice.showCloseEndTime, now),
  };
}

/** Milliseconds until the notice's visibility next changes, or null when it never will again. */
export function nextNoticeChange(notice: NoticeWindow | null | undefined, now: number) {
  if (!notice) return null;
  const times = [
    notice.startTime,
    notice.endTime,
    notice.showCloseStartTime,
    notice.showCloseEndTime,
  ]
    .map(Date.parse)
    .filter((time) => !Number.isNaN(time) && time > now);
  return times.length === 0 ? null : Math.min(...times) - now;
}

export type NoticeWindowProblem = {
  field: keyof NoticeWindow;
  rule: "end-after-start" | "close-inside-show";
};

/** The window rules of a notice being scheduled: each broken rule with the field it names. */
export function noticeWindowProblems(notice: NoticeWindow): NoticeWindowProblem[] {
  const [start, end, closeStart, closeEnd] = [
    notice.startTime,
    notice.endTime,
    notice.showCloseStartTime,
    notice.showCloseEndTime,
  ].map(Date.parse) as [number, number, number, number];
  const problems: NoticeWindowProblem[] = [];
  if (!(end > start)) problems.push({ field: "endTime", rule: "end-after-start" });
  if (!(closeEnd > closeStart))
    problems.push({ field: "showCloseEndTime", rule: "end-after-start" });
  if (closeStart < start || closeStart > end)
    problems.push({ field: "showCloseStartTime", rule: "close-inside-show" });
  if (closeEnd > end || closeEnd < start)
    problems.push({ field: "showCloseEndTime", rule: "close-inside-show" });
  return problems;
}
