import { describe, expect, it } from "vitest";
import { nextNoticeChange, noticeVisibility, noticeWindowProblems } from "./notice-window.ts";

const notice = {
  startTime: "2026-01-01T00:00:00+08:00",
  endTime: "2026-01-02T00:00:00+08:00",
  showCloseStartTime: "2026-01-01T12:00:00+08:00",
  showCloseEndTime: "2026-01-02T00:00:00+08:00",
};

describe("temporarily-unavailable notice", () => {
  it("shows only inside its window, closable only inside the show-close window", () => {
    expect(noticeVisibility(notice, Date.parse("2025-12-31T23:00:00+08:00"))).toEqual({
      show: false,
      closable: false,
    });
    expect(noticeVisibility(notice, Date.parse("2026-01-01T08:00:00+08:00"))).toEqual({
      show: true,
      closable: false,
    });
    expect(noticeVisibility(notice, Date.parse("2026-01-01T13:00:00+08:00"))).toEqual({
      show: true,
      closable: true,
    });
    expect(noticeVisibility(null, Date.now())).toEqual({ show: false, closable: false });
    expect(
      noticeVisibility({ ...notice, endTime: "soon" }, Date.parse("2026-01-01T08:00:00+08:00"))
        .show,
    ).toBe(false);
  });
});

describe("a notice's windows", () => {
  const at = (time: string) => Date.parse(time);

  it("are half open: the end instant hides the notice and its close icon", () => {
    expect(noticeVisibility(notice, at(notice.endTime))).toEqual({ show: false, closable: false });
    expect(noticeVisibility(notice, at(notice.startTime)).show).toBe(true);
  });

  it("offer no close icon while the notice itself is not shown", () => {
    const wide = { ...notice, showCloseStartTime: "2025-12-01T00:00:00+08:00" };
    expect(noticeVisibility(wide, at("2025-12-15T00:00:00+08:00")).closable).toBe(false);
  });

  it("say when the visibility changes next", () => {
    expect(nextNoticeChange(notice, at("2026-01-01T11:00:00+08:00"))).toBe(60 * 60 * 1000);
    expect(nextNoticeChange(notice, at("2026-01-03T00:00:00+08:00"))).toBeNull();
    expect(nextNoticeChange(null, 0)).toBeNull();
  });

  it("keep the end after the start and the close window inside the show window", () => {
    expect(noticeWindowProblems(notice)).toEqual([]);
    expect(noticeWindowProblems({ ...notice, endTime: notice.startTime })).toContainEqual({
      field: "endTime",
      rule: "end-after-start",
    });
    expect(
      noticeWindowProblems({ ...notice, showCloseEndTime: "2026-01-03T00:00:00+08:00" }),
    ).toEqual([{ field: "showCloseEndTime", rule: "close-inside-show" }]);
    expect(
      noticeWindowProblems({ ...notice, showCloseStartTime: "2025-12-31T00:00:00+08:00" }),
    ).toEqual([{ field: "showCloseStartTime", rule: "close-inside-show" }]);
    expect(
      noticeWindowProblems({ ...notice, showCloseStartTime: notice.showCloseEndTime }),
    ).toEqual([{ field: "showCloseEndTime", rule: "end-after-start" }]);
  });
});
