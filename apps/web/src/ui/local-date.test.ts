import { describe, expect, it } from "vitest";
import { clampIsoDate, isoToLocalDate, localDateToIso, yearsBeforeToday } from "./local-date.ts";

describe("isoToLocalDate", () => {
  it("gives local midnight of the calendar day", () => {
    const date = isoToLocalDate("1980-03-05");
    expect(date?.getFullYear()).toBe(1980);
    expect(date?.getMonth()).toBe(2);
    expect(date?.getDate()).toBe(5);
    expect(date?.getHours()).toBe(0);
  });

  it("rejects what is not a real date", () => {
    expect(isoToLocalDate("1980-02-30")).toBeUndefined();
    expect(isoToLocalDate("05 Mar 1980")).toBeUndefined();
    expect(isoToLocalDate("")).toBeUndefined();
  });
});

describe("localDateToIso", () => {
  it("reads the local calendar day, padded", () => {
    expect(localDateToIso(new Date(1980, 2, 5, 23, 59))).toBe("1980-03-05");
    expect(localDateToIso(new Date(2099, 11, 31))).toBe("2099-12-31");
  });

  it("round-trips with isoToLocalDate", () => {
    for (const iso of ["1900-01-01", "2000-02-29", "2024-12-31"]) {
      const date = isoToLocalDate(iso);
      expect(date && localDateToIso(date)).toBe(iso);
    }
  });
});

describe("clampIsoDate", () => {
  it("brings a date inside the limits", () => {
    expect(clampIsoDate("1899-12-31", "1900-01-01", "2099-12-31")).toBe("1900-01-01");
    expect(clampIsoDate("2100-01-01", "1900-01-01", "2099-12-31")).toBe("2099-12-31");
    expect(clampIsoDate("1980-03-05", "1900-01-01", "2099-12-31")).toBe("1980-03-05");
  });
});

describe("yearsBeforeToday", () => {
  it("gives the same day the given number of years back", () => {
    expect(yearsBeforeToday(35, new Date(2026, 10, 27))).toBe("1991-11-27");
  });

  it("moves 29 February to a day that exists", () => {
    expect(yearsBeforeToday(1, new Date(2024, 1, 29))).toBe("2023-03-01");
  });
});
