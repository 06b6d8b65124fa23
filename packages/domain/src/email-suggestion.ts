// A likely fix for a misspelt e-mail domain ("luisa@gmial.com" → "luisa@gmail.com"), offered
// beside the field and never blocking: docs/decisions/0039-deliverable-email-addresses.md.

/**
 * Providers Filipino claimants use most, global and Philippine; an exact match is never "fixed".
 * Schools, offices and country variants stay off: "ust.edu.ph" must not become another school.
 */
export const KNOWN_EMAIL_DOMAINS = [
  "gmail.com",
  "yahoo.com",
  "yahoo.com.ph",
  "ymail.com",
  "rocketmail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "msn.com",
  "icloud.com",
  "me.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "mail.com",
  "email.com",
  "gmx.com",
  "zoho.com",
  "pldtdsl.net",
] as const;

/** Endings typed for ".com" next to it on a phone keyboard. */
const COM_TYPOS = /\.(con|cpm|vom|xom|cim|comm|coom|ocm|cmo)$/;

/** Edits (insert, delete, substitute, swap two neighbours) from one text to the other, up to a limit. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previousRow: number[] = [];
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const beforeRow = previousRow;
    previousRow = row;
    row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (previousRow[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (previousRow[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (beforeRow[j - 2] ?? 0) + 1);
      }
      row[j] = best;
    }
  }
  return row[b.length] ?? limit + 1;
}

/**
 * The address with its domain corrected when it looks like a misspelling of a known provider
 * (one or two slips, two only in longer names) or ends in ".con" and the like; otherwise null.
 */
export function suggestEmailFix(address: string): string | null {
  const at = address.lastIndexOf("@");
  if (at < 1) return null;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1).toLowerCase();
  if (!domain || (KNOWN_EMAIL_DOMAINS as readonly string[]).includes(domain)) return null;
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const known of KNOWN_EMAIL_DOMAINS) {
    const limit = known.length > 8 ? 2 : 1;
    const distance = editDistance(domain, known, limit);
    if (distance <= limit && distance < bestDistance) {
      best = known;
      bestDistance = distance;
    }
  }
  if (!best && COM_TYPOS.test(domain)) best = domain.replace(COM_TYPOS, ".com");
  return best ? `${local}@${best}` : null;
}
