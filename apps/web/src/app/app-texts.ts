import { defineTexts } from "@kalinga/domain/localized-texts";

// Texts of the widget's frame, keyed, with their English defaults. The error messages themselves
// are the domain's (SYSTEM_ERROR, UNEXPECTED_APPLICATION_ERROR).

export const APP_TEXTS = defineTexts("app", {
  /** Read while a screen's chunk loads. */
  loading: "Loading\u2026",
  systemErrorLabel: "System error",
  reloadHint: "Please reload the page. What you entered in this browser tab is kept.",
  /** Shown instead of the form when the service does not allow the page's origin (decision 0082). */
  originNotAllowedTitle: "Claims cannot be filed on this page yet",
  originNotAllowedBody:
    "This page is not set up to file claims yet. To file a claim, please call the {companyName} hotline or use the claims page of the {companyName} website.",
  /** When the page's company is not known either: the service refuses the page its configuration too. */
  originNotAllowedBodyNoCompany:
    "This page is not set up to file claims yet. To file a claim, please call your insurer\u2019s hotline or use the claims page of its website.",
});
