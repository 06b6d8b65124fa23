import * as z from "zod/mini";
import { FREE_TEXT_LABELS, FREE_TEXT_MESSAGES, type FreeTextField } from "./messages.ts";

// Free text as it may be stored and read back: what PostgreSQL cannot store (NUL, half of a
// surrogate pair) and what no one types on purpose (other control characters) is refused with a
// message naming the field; what hides or reorders text on an examiner's screen (bidi controls,
// zero-width characters) is removed; the rest is NFC, so the same words are the same text.
// docs/decisions/0032-free-text-and-mobile-numbers.md.

/** "single": a text input, where a pasted tab or line break becomes a space; "multi": a textarea. */
type TextLines = "single" | "multi";

/** Embeddings, overrides (U+202A–U+202E) and isolates (U+2066–U+2069). */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
/** Zero-width space, non-joiner, joiner (U+200B–U+200D), word joiner (U+2060), BOM (U+FEFF). */
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/g;
const LINE_BREAK = /\r\n?/g;
const TAB_OR_LINE_BREAK = /\r\n|[\t\n\r]/g;

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** C0 controls other than tab and line breaks (which are cleaned), DEL, and C1 controls. */
function isRefusedControl(code: number): boolean {
  if (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN) return false;
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * True when the text holds a NUL or another control character, or half of a surrogate pair (text
 * cut inside an emoji): PostgreSQL refuses NUL and ill-formed UTF-16 has no UTF-8 form.
 */
export function hasUnsavableCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isRefusedControl(code)) return true;
    if (isHighSurrogate(code)) {
      if (!isLowSurrogate(text.charCodeAt(i + 1))) return true;
      i++;
    } else if (isLowSurrogate(code)) {
      return true;
    }
  }
  return false;
}

/** Bidi controls and zero-width characters removed, line breaks as the field holds them, NFC. */
export function cleanFreeText(text: string, lines: TextLines = "single"): string {
  const breaks =
    lines === "multi" ? text.replace(LINE_BREAK, "\n") : text.replace(TAB_OR_LINE_BREAK, " ");
  return breaks.replace(BIDI_CONTROLS, "").replace(ZERO_WIDTH, "").normalize("NFC");
}

/** The message a field shows when its text cannot be saved. */
export function unsavableTextMessage(field: FreeTextField): string {
  return FREE_TEXT_MESSAGES.unsavable(FREE_TEXT_LABELS[field]);
}

/**
 * The two checks every free-text string runs first: refuse what cannot be saved, naming the field,
 * then clean. Later checks (required, patterns, lengths) see the cleaned text.
 */
function freeTextChecks(field: FreeTextField, lines: TextLines = "single") {
  return [
    z.refine<string>((text) => !hasUnsavableCharacters(text), unsavableTextMessage(field)),
    z.overwrite<string>((text) => cleanFreeText(text, lines)),
  ] as const;
}

/** A string field of free text; `error` is the message when it is missing or not a string. */
export function freeText(
  field: FreeTextField,
  options: { lines?: TextLines; error?: string } = {},
) {
  const base = options.error === undefined ? z.string() : z.string({ error: options.error });
  return base.check(...freeTextChecks(field, options.lines));
}
