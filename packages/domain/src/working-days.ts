import { type IsoDate, isIsoDate } from "./dates.ts";

// Working days in the Philippines, for the due dates the insurer gives claimants
// (docs/decisions/0070): Monday to Friday, except the regular holidays of the Administrative Code
// as amended (RA 9492, 9177, 9849). Eid'l Fitr and Eid'l Adha are proclaimed each year on dates
// the lunar calendar sets, so they are not computed here: a deployment passes them as extra dates.

export type RegularHoliday = { name: string; dateIn: (year: number) => IsoDate };

const pad = (n: number) => String(n).padStart(2, "0");
const iso = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
const fixed = (month: number, day: number) => (year: number) => iso(year, month, day);

/** Easter Sunday of the Gregorian calendar (the anonymous algorithm of Meeus, Jones and Butcher). */
function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

const DAY_MS = 86_400_000;
const toIso = (date: Date) => date.toISOString().slice(0, 10);
const daysFromEaster = (days: number) => (year: number) =>
  toIso(new Date(easterSunday(year).getTime() + days * DAY_MS));

/** The last Monday of August (RA 9492 keeps National Heroes Day there). */
function lastMondayOfAugust(year: number): IsoDate {
  const last = new Date(Date.UTC(year, 7, 31));
  const back = (last.getUTCDay() + 6) % 7;
  return toIso(new Date(last.getTime() - back * DAY_MS));
}

/** The regular holidays every year has, by rule. */
export const PHILIPPINE_REGULAR_HOLIDAYS: readonly RegularHoliday[] = [
  { name: "New Year's Day", dateIn: fixed(1, 1) },
  { name: "Maundy Thursday", dateIn: daysFromEaster(-3) },
  { name: "Good Friday", dateIn: daysFromEaster(-2) },
  { name: "Araw ng Kagitingan", dateIn: fixed(4, 9) },
  { name: "Labor Day", dateIn: fixed(5, 1) },
  { name: "Independence Day", dateIn: fixed(6, 12) },
  { name: "National Heroes Day", dateIn: lastMondayOfAugust },
  { name: "Bonifacio Day", dateIn: fixed(11, 30) },
  { name: "Christmas Day", dateIn: fixed(12, 25) },
  { name: "Rizal Day", dateIn: fixed(12, 30) },
];

/** The regular holidays of one year, in calendar order. */
export function regularHolidays(year: number): { date: IsoDate; name: string }[] {
  return PHILIPPINE_REGULAR_HOLIDAYS.map((holiday) => ({
    date: holiday.dateIn(year),
    name: holiday.name,
  })).sort((a, b) => a.date.localeCompare(b.date));
}

/** Not a Saturday, a Sunday, a regular holiday or one of `extraHolidays` (proclaimed dates). */
export function isWorkingDay(date: IsoDate, extraHolidays: readonly IsoDate[] = []): boolean {
  if (!isIsoDate(date)) return false;
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const year = Number(date.slice(0, 4));
  return (
    !PHILIPPINE_REGULAR_HOLIDAYS.some((holiday) => holiday.dateIn(year) === date) &&
    !extraHolidays.includes(date)
  );
}

/** The first working day after `today`: the earliest a requested document can be due. */
export function nextWorkingDay(today: IsoDate, extraHolidays: readonly IsoDate[] = []): IsoDate {
  let day = new Date(`${today}T00:00:00Z`).getTime();
  if (Number.isNaN(day)) throw new RangeError(`Not a calendar date: ${today}`);
  // A year has at most a few holidays in a row; the bound only stops a runaway extra list.
  for (let step = 0; step < 366; step++) {
    day += DAY_MS;
    const candidate = toIso(new Date(day));
    if (isWorkingDay(candidate, extraHolidays)) return candidate;
  }
  throw new RangeError("No working day within a year.");
}
