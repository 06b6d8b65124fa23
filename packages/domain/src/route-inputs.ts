import * as z from "zod/mini";
import { daysBetween, formatDisplayDate, type IsoDate, isIsoDate } from "./dates.ts";
import { hasUnsavableCharacters } from "./free-text.ts";
import { WEB_REFERENCE_PATTERN } from "./web-reference-number.ts";
import { nextWorkingDay } from "./working-days.ts";

// What the console's and the integration API's routes accept in a path, a query or a date
// (docs/decisions/0064): each id in its issued form, real calendar dates, instants inside the years
// a claim can have, and text PostgreSQL can store. Anything else is a 400 naming the field.

/** A requirement is due within this many days of the day it is asked for. */
export const MAX_DUE_DAYS = 365;
/** The years an updatedSince instant may fall in: no claim is older, none can be later. */
const INSTANT_YEARS = { min: 2000, max: 9999 };

export const ROUTE_INPUT_MESSAGES = {
  badReference: "Not a web reference number (KL-XXXX-XXXX).",
  badId: "Not an id of this service (a UUID).",
  badDate: "Use a real calendar date as yyyy-MM-dd.",
  dueDateTooSoon: (earliest: IsoDate) =>
    `A due date is on or after the next working day, ${formatDisplayDate(earliest)} (${earliest}).`,
  dueDateTooFar: `A due date is at most ${MAX_DUE_DAYS} days from today.`,
  badInstant: `Use an ISO 8601 date and time with its time zone, in the years ${INSTANT_YEARS.min} to ${INSTANT_YEARS.max}.`,
  unsavable: "Contains characters that cannot be stored.",
  tooLong: (max: number) => `Use at most ${max} characters.`,
  wholeNumber: (min: number, max: number) => `Use a whole number from ${min} to ${max}.`,
  oneOf: (values: readonly string[]) => `Use one of: ${values.join(", ")}.`,
  unknownStatus: "Not one of the claim statuses.",
  badAssignee: "Use mine, unassigned or the id of a staff account.",
} as const;

const M = ROUTE_INPUT_MESSAGES;

export const webReferenceInput = z.string().check(z.regex(WEB_REFERENCE_PATTERN, M.badReference));

/** Every id the service issues is a random UUID. */
export const idInput = z.uuid(M.badId);

export const calendarDateInput = z
  .string()
  .check(z.refine(isIsoDate, { error: M.badDate, params: { rule: "date" } }));

/** Text of a query or a form: at most `max` characters, none PostgreSQL refuses (a NUL). */
export const queryText = (max: number) =>
  z.string().check(
    z.maxLength(max, M.tooLong(max)),
    z.refine((value) => !hasUnsavableCharacters(value), M.unsavable),
  );

/** A whole number written in a query string, from min to max. */
export const wholeNumberInput = (min: number, max: number) =>
  z
    .pipe(z.string().check(z.regex(/^\d{1,15}$/, M.wholeNumber(min, max))), z.transform(Number))
    .check(z.gte(min, M.wholeNumber(min, max)), z.lte(max, M.wholeNumber(min, max)));

const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;

/** An ISO 8601 instant with its zone, on a real date, in the years a claim can have. */
export function isInstant(value: string): boolean {
  const match = INSTANT.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const [hour, minute, second] = [match[4], match[5], match[6] ?? "0"].map(Number);
  return (
    year >= INSTANT_YEARS.min &&
    year <= INSTANT_YEARS.max &&
    isIsoDate(`${match[1]}-${match[2]}-${match[3]}`) &&
    (hour as number) < 24 &&
    (minute as number) < 60 &&
    (second as number) < 60 &&
    !Number.isNaN(Date.parse(value))
  );
}

export const instantInput = z.string().check(z.refine(isInstant, M.badInstant));

/**
 * Why a requirement cannot be due on this date when asked today, or null: it is due from the next
 * working day (docs/decisions/0070), so the claimant has at least a working day to send it, and at
 * most a year ahead.
 */
export function dueDateProblem(
  dueDate: IsoDate,
  today: IsoDate,
  extraHolidays: readonly IsoDate[] = [],
): string | null {
  const days = daysBetween(today, dueDate);
  if (Number.isNaN(days)) return M.badDate;
  const earliest = nextWorkingDay(today, extraHolidays);
  if (dueDate < earliest) return M.dueDateTooSoon(earliest);
  if (days > MAX_DUE_DAYS) return M.dueDateTooFar;
  return null;
}
