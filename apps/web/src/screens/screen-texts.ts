// Every text of the placeholder screens (later steps, the portal start form), keyed,
// with its English default.

export const SCREEN_TEXTS = {
  startClaim: "Start a claim",

  laterTitle: "This part of the claim is not open yet",
  laterText: "You can start a claim now, and we will keep what you enter in this browser tab.",
  /** For screen readers, after laterText: "Page: /claims-report". */
  laterPage: (pathname: string) => `Page: ${pathname}`,

  portalStep: "Step 1 of 4",
  portalTitle: "File a claim from your portal",
  portalText:
    "Filing from the member portal with your policy already filled in is not open yet. You can file from the public form.",
  portalLink: "Use the public claim form",
} as const;
