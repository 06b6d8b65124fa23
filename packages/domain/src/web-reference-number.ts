// "KL-7KQ4-M9XP": read aloud over the phone without 0/O, 1/I/L mix-ups. The server draws the
// numbers from this alphabet; the pattern is the exact form of every number it issues.

export const WEB_REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const WEB_REFERENCE_PATTERN = /^KL-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

/** What a claim call may name: looser than what is issued; another shape is left to the same-claim check. */
export const WEB_REFERENCE_SHAPE = /^[A-Z0-9-]{6,20}$/;

/** A reference as a claimant types it ("kl-7kq4 m9xp"), in its issued form; null when it cannot be one. */
export function readWebReference(typed: string): string | null {
  const compact = typed.toUpperCase().replace(/[\s-]+/g, "");
  const issued =
    compact.length === 10
      ? `${compact.slice(0, 2)}-${compact.slice(2, 6)}-${compact.slice(6)}`
      : "";
  return WEB_REFERENCE_PATTERN.test(issued) ? issued : null;
}
