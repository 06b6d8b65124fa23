import { MASK_VISIBLE_CHARS } from "./constants.ts";

/** Shows only the last 4 characters: "9171234567" → "******4567". */
export function maskLast4(value: string): string {
  if (value.length <= MASK_VISIBLE_CHARS) return "*".repeat(value.length);
  return "*".repeat(value.length - MASK_VISIBLE_CHARS) + value.slice(-MASK_VISIBLE_CHARS);
}
