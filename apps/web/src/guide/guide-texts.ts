import { defineTexts } from "@kalinga/domain/localized-texts";

// The claim guide's own words around its configuration, keyed, with their English defaults. The
// guide's title, intro and each claim type's words come from the claim-guide configuration; the
// documents from the domain's catalogue.

export const GUIDE_TEXTS = defineTexts("guide", {
  /** The screen's title while its configuration loads. */
  loadingTitle: "Claim guide",
  loading: "Loading the claim guide\u2026",
  whoMayFile: "Who may file",
  accidentOnly: "(accidents only)",
  back: "Back",
});
