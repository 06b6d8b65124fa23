import {
  type Catalogue,
  type CatalogueProblem,
  catalogueProblemsAgainst,
  slotsOf,
} from "./localized-texts.ts";

// An insurer's edits of the widget's words (decision 0090): per company, channel and locale, a draft
// and published versions of overrides "<feature>.<key>" → text over the shipped catalogue.

/**
 * Features whose English is the specification's own wording (messages.ts, declarations.ts): an
 * English override of any of their keys is refused, so the specified messages stay as written.
 */
export const SPEC_WORDED_FEATURES = [
  "messages",
  "fieldMessages",
  "decidedMessages",
  "filingMessages",
  "declarations",
  "declarationMessages",
] as const;

/** The most characters one text may have; a longer one is a paste gone wrong. */
export const CONTENT_TEXT_MAX_LENGTH = 2000;

export type OverrideProblem =
  | { key: string; problem: "unknown" }
  | { key: string; problem: "slots"; expected: string[]; found: string[] }
  | { key: string; problem: "spec-worded" }
  | { key: string; problem: "empty" }
  | { key: string; problem: "too-long" };

const specWorded = (key: string) =>
  (SPEC_WORDED_FEATURES as readonly string[]).includes(key.split(".")[0] as string);

/**
 * What is wrong with overrides for a locale, against the English of every key: keys no feature
 * has, {slots} that differ from the English, texts without a character or too long, and in English
 * any key of the specification's wording.
 */
export function overrideProblems(
  english: Catalogue,
  locale: string,
  overrides: Readonly<Record<string, unknown>>,
): OverrideProblem[] {
  const problems: OverrideProblem[] = [];
  for (const [key, text] of Object.entries(overrides)) {
    const base = english[key];
    if (base === undefined) problems.push({ key, problem: "unknown" });
    else if (typeof text !== "string" || text.trim() === "")
      problems.push({ key, problem: "empty" });
    else if (text.length > CONTENT_TEXT_MAX_LENGTH) problems.push({ key, problem: "too-long" });
    else if (locale === "en" && specWorded(key) && text !== base)
      problems.push({ key, problem: "spec-worded" });
    else if (slotsOf(text).join() !== slotsOf(base).join())
      problems.push({ key, problem: "slots", expected: slotsOf(base), found: slotsOf(text) });
  }
  return problems.sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * The catalogue served for a place: the locale's file under its published overrides; the widget
 * shows its own English for every key neither has.
 */
export function effectiveCatalogue(localeFile: Catalogue | null, overrides: Catalogue): Catalogue {
  return Object.freeze({ ...(localeFile ?? {}), ...overrides });
}

/**
 * The completeness check a publish must pass: every key missing for the locale (neither its file
 * nor the draft has it), every unknown key and every slot mismatch. English is complete by its
 * defaults, so only its overrides are checked.
 */
export function completenessProblems(
  english: Catalogue,
  locale: string,
  localeFile: Catalogue | null,
  draft: Catalogue,
): (CatalogueProblem | OverrideProblem)[] {
  if (locale === "en") return overrideProblems(english, locale, draft);
  const own = overrideProblems(english, locale, draft).filter((p) => p.problem !== "slots");
  const merged = catalogueProblemsAgainst(english, { ...(localeFile ?? {}), ...draft });
  return [...own.filter((p) => p.problem !== "unknown"), ...merged].sort((a, b) =>
    a.key.localeCompare(b.key),
  );
}
