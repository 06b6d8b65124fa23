import { formatDisplayDate, todayInManila } from "@kalinga/domain/dates";
import { useContext } from "react";
import { LocaleContext } from "./locale.ts";

// Kept apart from locale.ts, which the start page loads: only the screens that write dates pull
// these in.

/**
 * The Intl locale a widget language is written in: the Philippines' ("fil" → "fil-PH", "en" →
 * "en-PH"); a locale that names its region keeps it.
 */
export const philippineLocale = (locale: string): string =>
  locale.includes("-") ? locale : `${locale}-PH`;

/** A date's month in the locale: English keeps the specification's own "Dec", byte for byte. */
const dateLocale = (locale: string) => (locale === "en" ? "en" : philippineLocale(locale));

/** An instant's time of day in Manila, "3:25 PM", in the locale's words. */
export function manilaTime(instant: Date, locale: string): string {
  return new Intl.DateTimeFormat(philippineLocale(locale), {
    timeZone: "Asia/Manila",
    hour: "numeric",
    minute: "2-digit",
  }).format(instant);
}

/**
 * Dates and times in the chosen locale (decision 0097): every date the widget writes goes through
 * these, so Filipino reads "18 Dis 2026" wherever English reads "18 Dec 2026".
 */
export function useDates(): {
  /** An ISO date: "2026-12-18" → "18 Dec 2026" / "18 Dis 2026"; "" if not a date. */
  date: (iso: string) => string;
  /** The day an instant falls on in Manila, written as `date` writes it. */
  day: (instant: string | Date) => string;
  /** An instant's time of day in Manila: "3:25 PM". */
  time: (instant: Date) => string;
} {
  const { locale } = useContext(LocaleContext);
  return {
    date: (iso) => formatDisplayDate(iso, dateLocale(locale)),
    day: (instant) => formatDisplayDate(todayInManila(new Date(instant)), dateLocale(locale)),
    time: (instant) => manilaTime(instant, locale),
  };
}
