// Every text of the placeholder screens (later steps), keyed,
// with its English default.

export const SCREEN_TEXTS = {
  startClaim: "Start a claim",

  laterTitle: "This part of the claim is not open yet",
  laterText: "You can start a claim now, and we will keep what you enter in this browser tab.",
  /** For screen readers, after laterText: "Page: /claims-report". */
  laterPage: (pathname: string) => `Page: ${pathname}`,
} as const;
