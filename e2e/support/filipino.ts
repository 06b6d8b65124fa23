import { readFileSync } from "node:fs";
import { englishPageContent } from "@kalinga/content/page-content";
import { expect, type Page } from "@playwright/test";

// The widget in Filipino (decisions 0087, 0091): its texts by key, and a check that a screen shows
// no English word the Filipino texts do not use themselves (the Taglish terms "claim", "OTP",
// "beneficiary" are the Filipino texts' own words, so they pass; "your", "the", "please" do not).

const content = (file: string) =>
  JSON.parse(
    readFileSync(new URL(`../../apps/server/content/${file}`, import.meta.url), "utf8"),
  ) as unknown;

const FIL = content("locales/fil.json") as Record<string, string>;

/** A Filipino text by its key; a key fil.json lacks fails the test that asks for it. */
export function t(key: string): string {
  const text = FIL[key];
  if (text === undefined) throw new Error(`fil.json has no ${key}`);
  return text;
}

/** A {slot} template as a pattern: the slots' values are whatever the screen shows. */
export const pattern = (key: string) =>
  new RegExp(
    t(key)
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))
      .join(".+"),
  );

/** Every string in a JSON value: page content nests its texts in objects and lists. */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

/** The words of a text, lower case, {slots} left out; one-letter words say nothing of a language. */
function wordsOf(text: string): string[] {
  const words =
    text
      .replace(/\{\w+\}/g, " ")
      .toLowerCase()
      .match(/\p{L}+/gu) ?? [];
  return words.filter((word) => word.length > 1);
}

/** Names of languages and of the insurer's brands, written the same in every language. */
const NAMES = ["english", "filipino"];

/**
 * English month names and abbreviations (decision 0097): a date on a Filipino screen writes its
 * month in Filipino (Ene Peb Mar Abr May Hun Hul Ago Set Okt Nob Dis), so "Dec" or "December" is
 * English left behind. "Mar" and "May" are Filipino's own abbreviations too, so they cannot tell.
 */
const ENGLISH_MONTHS = [
  ..."jan feb apr jun jul aug sep sept oct nov dec".split(" "),
  ..."january february march april june july august september october november december".split(" "),
];

/**
 * Words of the widget's English (its texts and its default page content) that no Filipino text
 * uses: one on a Filipino screen is English left behind.
 */
const ENGLISH_ONLY: ReadonlySet<string> = (() => {
  const filipino = new Set(
    [...Object.values(FIL), ...stringsOf(content("locales/fil.page.json"))].flatMap(wordsOf),
  );
  const english = [
    ...Object.values(content("english-texts.json") as Record<string, string>),
    ...stringsOf(englishPageContent),
  ].flatMap(wordsOf);
  return new Set([
    ...english.filter((word) => !filipino.has(word) && !NAMES.includes(word)),
    ...ENGLISH_MONTHS,
  ]);
})();

// The check is only as good as its list: English's commonest words must be on it.
for (const word of ["the", "your", "please", "and", "with", "document", "front", "back", "dec"]) {
  if (!ENGLISH_ONLY.has(word)) throw new Error(`A Filipino text uses "${word}": fix fil.json.`);
}

/**
 * The lines of a text holding a word of English only, each with those words: none on a Filipino
 * screen. `typed` are what the claimant typed or chose (names, addresses, file names): their words
 * are theirs, not the widget's.
 */
export function englishLinesIn(text: string, typed: readonly string[] = []): string[] {
  const theirs = new Set(typed.flatMap(wordsOf));
  return text
    .split("\n")
    .map((line) => {
      const english = wordsOf(line).filter((word) => ENGLISH_ONLY.has(word) && !theirs.has(word));
      return english.length > 0 ? `${line.trim()}  [${[...new Set(english)].join(", ")}]` : "";
    })
    .filter((line) => line !== "");
}

/**
 * Every word the widget shows (screen-reader text too) is Filipino, Taglish or the claimant's,
 * once the screen settles: the page content in Filipino may arrive a moment after the texts.
 */
export async function expectNoEnglishWords(
  page: Page,
  typed: readonly string[] = [],
): Promise<void> {
  const root = page.locator(".k-root").first();
  await expect(root).toBeVisible();
  await expect(async () => {
    const text = await root.evaluate((element) => (element as HTMLElement).innerText);
    expect(englishLinesIn(text, typed), "English left on this screen").toEqual([]);
  }).toPass({ timeout: 10_000 });
}
