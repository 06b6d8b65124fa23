import { defineTexts } from "@kalinga/domain/localized-texts";

// Texts of the language switch, keyed, with their English defaults. Each catalogue names its own
// language under "locale.name", so the switch shows every language in that language.

export const LOCALE_TEXTS = defineTexts("locale", {
  name: "English",
  switchLabel: "Language",
  /** When a chosen language's texts could not be loaded: "Filipino is not available right now…". */
  unavailable: "{language} is not available right now, so the form stays in English.",
});
