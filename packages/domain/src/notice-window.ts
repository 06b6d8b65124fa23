// The temporarily-unavailable notice (section 2) shows only inside its window, and its close icon
// only inside a separate show-close window. Times are ISO date-times.

type NoticeWindow = {
  startTime: string;
  endTime: string;
  showCloseStartTime: string;
  showCloseEndTime: string;
};

const within = (start: string, end: string, now: number) => {
  const from = Date.parse(start);
  const to = Date.parse(end);
  return !Number.isNaN(from) && !Number.isNaN(to) && from <= now && now <= to;
};

export function noticeVisibility(
  notice: NoticeWindow | null | undefined,
  now: number,
): { show: boolean; closable: boolean } {
  if (!notice) return { show: false, closable: false };
  return {
    show: within(notice.startTime, notice.endTime, now),
    closable: within(notice.showCloseStartTime, notice.showCloseEndTime, now),
  };
}
