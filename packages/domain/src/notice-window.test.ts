import { describe, expect, it } from "vitest";
import { noticeVisibility } from "./notice-window.ts";

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
