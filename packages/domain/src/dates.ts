// Dates travel inside the product as ISO calendar dates ("1980-03-05"); these convert them to the
// display form (dd MMM yyyy) and the payload form (MM/dd/yyyy) of the specification.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export type IsoDate = string;

function parts(iso: IsoDate): { year: number; month: number; day: number } | null {
  const match = ISO_DATE.exec(iso);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return isRealDate(year, month, day) ? { year, month, day } : null;
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCDate() === day;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

export function isIsoDate(value: string): boolean {
  return parts(value) !== null;
}

/** "1980-03-05" → "05 Mar 1980", another locale's month by Intl ("05 Ago" in fil); "" if not a date. */
export function formatDisplayDate(iso: IsoDate, locale = "en"): string {
  const p = parts(iso);
  if (!p) return "";
  const month =
    locale === "en"
      ? MONTHS[p.month - 1]
      : new Intl.DateTimeFormat(locale, { month: "short", timeZone: "UTC" }).format(
          Date.UTC(2000, p.month - 1, 15),
        );
  return `${pad(p.day)} ${month} ${pad(p.year, 4)}`;
}

/** "5 mar 1980" or "05 Mar 1980" → "1980-03-05"; null when it is not a real date. */
export function parseDisplayDate(text: string): IsoDate | null {
  const match = /^\s*(\d{1,2})[\s/-]+([A-Za-z]{3})[A-Za-z]*[\s/-]+(\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = MONTHS.findIndex((m) => m.toLowerCase() === match[2]?.toLowerCase()) + 1;
  const year = Number(match[3]);
  const day = Number(match[1]);
  return month > 0 && isRealDate(year, month, day)
    ? `${pad(year, 4)}-${pad(month)}-${pad(day)}`
    : null;
}

/** "1980-03-05" → "03/05/1980"; empty values stay empty, as the payload requires. */
export function toPayloadDate(iso: IsoDate): string {
  const p = parts(iso);
  return p ? `${pad(p.month)}/${pad(p.day)}/${pad(p.year, 4)}` : "";
}

/** "03/05/1980" → "1980-03-05"; null when it is not a real date. */
export function fromPayloadDate(text: string): IsoDate | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) return null;
  const iso = `${match[3]}-${match[1]}-${match[2]}`;
  return parts(iso) ? iso : null;
}

/** Today's calendar date in the Philippines, where claimants and the insurer are. */
export function todayInManila(now: Date = new Date()): IsoDate {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Manila",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/** Whole days from a to b (b later gives a positive number). */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  const pa = parts(a);
  const pb = parts(b);
  if (!pa || !pb) return Number.NaN;
  return (
    (Date.UTC(pb.year, pb.month - 1, pb.day) - Date.UTC(pa.year, pa.month - 1, pa.day)) / 86_400_000
  );
}

/** The calendar date `days` after iso (before it when negative). */
export function addDays(iso: IsoDate, days: number): IsoDate {
  const p = parts(iso);
  if (!p) return "";
  const date = new Date(Date.UTC(p.year, p.month - 1, p.day + days));
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export function addYears(iso: IsoDate, years: number): IsoDate {
  const p = parts(iso);
  if (!p) return "";
  const year = p.year + years;
  // 29 Feb in a year without one becomes 28 Feb.
  const day = isRealDate(year, p.month, p.day) ? p.day : p.day - 1;
  return `${pad(year, 4)}-${pad(p.month)}-${pad(day)}`;
}
