// Texts of the widget's frame, keyed, with their English defaults. The error messages themselves
// are the domain's (SYSTEM_ERROR, UNEXPECTED_APPLICATION_ERROR).

export const APP_TEXTS = {
  /** Read while a screen's chunk loads. */
  loading: "Loading\u2026",
  systemErrorLabel: "System error",
  reloadHint: "Please reload the page. What you entered in this browser tab is kept.",
} as const;
