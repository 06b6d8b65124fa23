import { describe, expect, it } from "vitest";
import { ageInYears } from "./age.ts";
import {
  formatDisplayDate,
  fromPayloadDate,
  parseDisplayDate,
  todayInManila,
  toPayloadDate,
} from "./dates.ts";
import { maskLast4 } from "./mask.ts";

describe("dates", () => {
  it("shows dd MMM yyyy and sends MM/dd/yyyy", () => {
    expect(formatDisplayDate("1980-03-05")).toBe("05 Mar 1980");
    expect(toPayloadDate("1980-03-05")).toBe("03/05/1980");
    expect(toPayloadDate("")).toBe("");
    expect(fromPayloadDate("03/05/1980")).toBe("1980-03-05");
    expect(fromPayloadDate("02/30/1980")).toBeNull();
  });

  it("shows the month in the chosen locale, English unchanged", () => {
    expect(formatDisplayDate("1980-08-05", "en")).toBe("05 Aug 1980");
    expect(formatDisplayDate("1980-08-05", "fil")).toBe("05 Ago 1980");
    expect(formatDisplayDate("2026-01-31", "fil")).toBe("31 Ene 2026");
    expect(formatDisplayDate("2026-12-01", "fil-PH")).toBe("01 Dis 2026");
    expect(formatDisplayDate("2026-02-30", "fil")).toBe("");
    expect(
      ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"]
        .map((month) => formatDisplayDate(`2026-${month}-18`, "fil").split(" ")[1])
        .join(" "),
    ).toBe("Ene Peb Mar Abr May Hun Hul Ago Set Okt Nob Dis");
  });

  it("reads what a person types", () => {
    expect(parseDisplayDate("5 mar 1980")).toBe("1980-03-05");
    expect(parseDisplayDate("05 March 1980")).toBe("1980-03-05");
    expect(parseDisplayDate("29 Feb 2023")).toBeNull();
    expect(parseDisplayDate("29 Feb 2024")).toBe("2024-02-29");
    expect(parseDisplayDate("hello")).toBeNull();
  });

  it("takes today in the Philippines", () => {
    // 16:30 UTC on 31 Dec is already 1 Jan in Manila (UTC+8).
    expect(todayInManila(new Date("2025-12-31T16:30:00Z"))).toBe("2026-01-01");
  });
});

describe("age", () => {
  it("rounds up from 183 days past the last birthday", () => {
    expect(ageInYears("1990-01-01", "2020-01-01")).toBe(30);
    expect(ageInYears("1990-01-01", "2020-07-01")).toBe(30); // 182 days
    expect(ageInYears("1990-01-01", "2020-07-02")).toBe(31); // 183 days
    expect(ageInYears("1990-06-15", "2020-06-14")).toBe(30); // a day before the 30th birthday
    expect(ageInYears("2020-01-01", "2020-01-01")).toBe(0);
    expect(ageInYears("bad", "2020-01-01")).toBeNaN();
  });

  it("counts a 29 February birthday on 28 February", () => {
    expect(ageInYears("2000-02-29", "2001-02-28")).toBe(1);
  });
});

describe("masking", () => {
  it("shows only the last 4 characters", () => {
    expect(maskLast4("9171234567")).toBe("******4567");
    expect(maskLast4("123")).toBe("***");
  });
});
