import {
  type Catalogue,
  type FeatureTexts,
  featureOf,
  localize,
} from "@kalinga/domain/localized-texts";
import {
  DECIDED_MESSAGES,
  FIELD_MESSAGES,
  FILING_MESSAGES,
  SPEC_MESSAGES,
} from "@kalinga/domain/messages";
import { createContext, useContext } from "react";

// The widget's chosen locale and its catalogue: screens read their texts through useTexts, so a
// switch re-renders every screen in the chosen language; English is the defaults, no catalogue.

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

/** The domain's messages arrive as their English text (from a rule or the server): found by it. */
const MESSAGE_FEATURES = [SPEC_MESSAGES, FIELD_MESSAGES, DECIDED_MESSAGES, FILING_MESSAGES];
let keysOfMessages: Map<string, string> | null = null;

function keyOfMessage(english: string): string | undefined {
  if (!keysOfMessages) {
    keysOfMessages = new Map();
    for (const texts of MESSAGE_FEATURES) {
      for (const [key, text] of Object.entries(texts)) {
        if (!keysOfMessages.has(text)) keysOfMessages.set(text, `${featureOf(texts)}.${key}`);
      }
    }
  }
  return keysOfMessages.get(english);
}

/** A domain message in the chosen locale: its catalogue text, else the English as written. */
export function useMessage(): (english: string) => string {
  const { catalogue } = useContext(LocaleContext);
  return (english) => {
    const key = keyOfMessage(english);
    return (key !== undefined ? catalogue?.[key] : undefined) ?? english;
  };
}
