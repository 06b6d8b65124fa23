import { isIsoDate } from "@kalinga/domain/dates";

// The calendar works with local Date objects at midnight; the form works with ISO calendar dates.

/** "1980-03-05" → local midnight of that day; undefined for anything that is not a real date. */
export function isoToLocalDate(iso: string): Date | undefined {
  if (!isIsoDate(iso)) return undefined;
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  const date = new Date(2000, 0, 1);
  // setFullYear, unlike the constructor, does not read years below 100 as 19xx.
  date.setFullYear(year, month - 1, day);
  return date;
}

/** How far back the calendar of an empty date of birth opens: near a typical claimant's birth year. */
export const DATE_OF_BIRTH_OPENS_YEARS_BACK = 35;

/** The ISO date some years before today: where the calendar of a date of birth opens. */
export function yearsBeforeToday(years: number, now: Date = new Date()): string {
  const date = new Date(now);
  date.setFullYear(date.getFullYear() - years);
  return localDateToIso(date);
}

/** A local Date → its calendar day as "yyyy-MM-dd". */
export function localDateToIso(date: Date): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The ISO date brought inside [min, max]; ISO dates compare correctly as strings. */
export function clampIsoDate(iso: string, min: string, max: string): string {
  if (iso < min) return min;
  if (iso > max) return max;
  return iso;
}
