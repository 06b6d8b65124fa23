// Dates as a claimant types them ("05 Mar 1980") and as the section 3 payload carries them.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A day in Manila `daysFromToday` away from today, as a claimant types it: "DD MMM YYYY". */
export function manilaDate(daysFromToday: number): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Manila",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(new Date(Date.now() + daysFromToday * 86_400_000));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return `${String(part("day")).padStart(2, "0")} ${MONTHS[part("month") - 1]} ${part("year")}`;
}

/** "05 Mar 1980" → "03/05/1980": a typed date as the section 3 payload carries it. */
export function payloadDate(typed: string): string {
  const [day, month, year] = typed.split(" ");
  const monthNumber = MONTHS.indexOf(month ?? "") + 1;
  return `${String(monthNumber).padStart(2, "0")}/${day}/${year}`;
}

/** A date of birth `years` years and `days` days before today in Manila, as typed. */
export function bornYearsAgo(years: number, days = 0): string {
  const [day, month, year] = manilaDate(-days).split(" ");
  return `${day} ${month} ${Number(year) - years}`;
}

/** "1980-03-05" → "05 Mar 1980": an ISO date (the domain's samples) as a claimant types it. */
export function typedDate(iso: string): string {
  const [year, month, day] = iso.split("-");
  return `${day} ${MONTHS[Number(month) - 1]} ${year}`;
}
