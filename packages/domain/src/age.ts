import { AGE_ROUNDING_DAYS } from "./constants.ts";
import { addYears, daysBetween, type IsoDate } from "./dates.ts";

/**
 * Age in whole years, rounded up once 183 or more days have passed since the last birthday
 * (the insurer's "nearest birthday" rule). NaN when either date is not a real date.
 */
export function ageInYears(dateOfBirth: IsoDate, today: IsoDate): number {
  if (Number.isNaN(daysBetween(dateOfBirth, today))) return Number.NaN;
  let years = Number.parseInt(today.slice(0, 4), 10) - Number.parseInt(dateOfBirth.slice(0, 4), 10);
  if (daysBetween(addYears(dateOfBirth, years), today) < 0) years -= 1;
  if (years < 0) return 0;
  const sinceBirthday = daysBetween(addYears(dateOfBirth, years), today);
  return sinceBirthday >= AGE_ROUNDING_DAYS ? years + 1 : years;
}
