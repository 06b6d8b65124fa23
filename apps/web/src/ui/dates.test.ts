import { formatDisplayDate } from "@kalinga/domain/dates";
import { describe, expect, it } from "vitest";
import { manilaTime, philippineLocale } from "./dates.ts";

// The widget writes dates and times in the chosen locale as written in the Philippines (0097).

describe("dates in the chosen locale", () => {
  it("writes Filipino as fil-PH, keeps a locale that names its region", () => {
    expect(philippineLocale("fil")).toBe("fil-PH");
    expect(philippineLocale("en")).toBe("en-PH");
    expect(philippineLocale("en-US")).toBe("en-US");
    expect(formatDisplayDate("2026-12-18", philippineLocale("fil"))).toBe("18 Dis 2026");
  });

  it("writes the time in Manila, English as before", () => {
    const instant = new Date("2026-12-18T07:05:00Z");
    expect(manilaTime(instant, "en")).toBe("3:05 PM");
    expect(manilaTime(instant, "fil")).toBe("3:05 PM");
  });
});
