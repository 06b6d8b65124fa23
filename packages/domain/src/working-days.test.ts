import { describe, expect, it } from "vitest";
import { isWorkingDay, nextWorkingDay, regularHolidays } from "./working-days.ts";

describe("working days in the Philippines", () => {
  it("lists the regular holidays of a year, Holy Week and National Heroes Day by their rules", () => {
    expect(regularHolidays(2026)).toEqual([
      { date: "2026-01-01", name: "New Year's Day" },
      { date: "2026-04-02", name: "Maundy Thursday" },
      { date: "2026-04-03", name: "Good Friday" },
      { date: "2026-04-09", name: "Araw ng Kagitingan" },
      { date: "2026-05-01", name: "Labor Day" },
      { date: "2026-06-12", name: "Independence Day" },
      { date: "2026-08-31", name: "National Heroes Day" },
      { date: "2026-11-30", name: "Bonifacio Day" },
      { date: "2026-12-25", name: "Christmas Day" },
      { date: "2026-12-30", name: "Rizal Day" },
    ]);
    // Easter 2027 is 28 March; 2025's was 20 April; National Heroes Day 2027 is 30 August.
    const dates2027 = regularHolidays(2027).map((holiday) => holiday.date);
    expect(dates2027).toEqual(expect.arrayContaining(["2027-03-25", "2027-03-26", "2027-08-30"]));
    expect(regularHolidays(2025).map((holiday) => holiday.date)).toContain("2025-04-18");
  });

  it("counts Monday to Friday except holidays", () => {
    expect(isWorkingDay("2026-03-02")).toBe(true);
    expect(isWorkingDay("2026-03-07")).toBe(false);
    expect(isWorkingDay("2026-03-08")).toBe(false);
    expect(isWorkingDay("2026-12-25")).toBe(false);
    expect(isWorkingDay("2026-03-20", ["2026-03-20"])).toBe(false);
    expect(isWorkingDay("2026-02-30")).toBe(false);
  });

  it("finds the next working day over weekends and holidays in a row", () => {
    expect(nextWorkingDay("2026-03-02")).toBe("2026-03-03");
    expect(nextWorkingDay("2026-03-06")).toBe("2026-03-09");
    // Thursday 24 December: Christmas, the weekend, then Monday 28.
    expect(nextWorkingDay("2026-12-24")).toBe("2026-12-28");
    // Tuesday 29 December: Rizal Day, Thursday 31, then New Year's Day: Monday 4 January.
    expect(nextWorkingDay("2026-12-29")).toBe("2026-12-31");
    expect(nextWorkingDay("2026-12-31")).toBe("2027-01-04");
    expect(() => nextWorkingDay("someday")).toThrow(RangeError);
  });
});
