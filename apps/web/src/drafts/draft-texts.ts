// Every text of the offer to continue a saved claim (decision 0044), keyed, with its English default.

export const DRAFT_TEXTS = {
  title: "Continue a claim you started?",
  intro:
    "This mobile number has a claim that is not submitted yet. You can continue it with everything you entered and uploaded, or start a new claim.",
  listLabel: "Claims you can continue",
  /** Followed by the claim's web reference number, kept on one line. */
  continueButton: "Continue claim",
  claimType: { Death: "Death claim", Living: "Living benefit claim", "": "Claim" },
  started: (date: string) => `Started ${date}`,
  documents: (count: number) =>
    count === 0 ? "No documents yet" : count === 1 ? "1 document" : `${count} documents`,
  startNew: "Start a new claim",
  notAvailable: "This claim can no longer be continued. Please start a new claim.",
} as const;
