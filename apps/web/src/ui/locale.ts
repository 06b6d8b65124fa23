import { type Catalogue, type FeatureTexts, localize } from "@kalinga/domain/localized-texts";
import { createContext, useContext } from "react";

// The widget's chosen locale and its catalogue: screens read their texts through useTexts, so a
// switch re-renders every screen in the chosen language; English is the defaults, its catalogue
// only the insurer's edits of them (decision 0092), null when there are none.

export type LocaleState = {
  /** "en", "fil"…: also the widget root's lang and the locale dates and numbers are written in. */
  locale: string;
  catalogue: Catalogue | null;
  /** A locale chosen whose catalogue could not be loaded, or null. */
  failed: string | null;
  choose: (locale: string) => void;
};

export const LocaleContext = createContext<LocaleState>({
  locale: "en",
  catalogue: null,
  failed: null,
  choose: () => undefined,
});

export function useLocale(): LocaleState {
  return useContext(LocaleContext);
}

let current: Catalogue | null = null;

/** Kept by the widget's locale provider, for code that runs outside a screen (a failed save's popup). */
export function setCurrentCatalogue(catalogue: Catalogue | null): void {
  current = catalogue;
}

/** A feature's texts in the locale chosen now, for code outside React; screens use useTexts. */
export function textsNow<T extends FeatureTexts>(texts: T): T {
  return localize(texts, current);
}

/** A feature's texts in the chosen locale (each key its English default when the catalogue lacks it). */
export function useTexts<T extends FeatureTexts>(texts: T): T {
  return localize(texts, useContext(LocaleContext).catalogue);
}

let translate: ((english: string, catalogue: Catalogue) => string | undefined) | null = null;

/** Fetched beside every catalogue: English needs no lookup, so the start page carries none. */
export async function loadMessageKeys(): Promise<void> {
  translate ??= (await import("./message-keys.ts")).messageTranslator();
}

/** A domain message in the chosen locale: its catalogue text, else the English as written. */
export function useMessage(): (english: string) => string {
  const { catalogue } = useContext(LocaleContext);
  // The domain's messages arrive as their English text (from a rule or the server): found by it.
  return (english) => (catalogue ? translate?.(english, catalogue) : undefined) ?? english;
}
