import { defineTexts } from "@kalinga/domain/localized-texts";

// Texts the claim steps share, keyed, with their English defaults: what a step reached without a
// verified claim in this tab shows.

export const CLAIM_TEXTS = defineTexts("claim", {
  startFirstTitle: "Please start your claim first",
  startFirstText:
    "We need the insured\u2019s details and a verified mobile number before the claim details.",
  startFirstLink: "Start your claim",
});
