import { defineTexts } from "@kalinga/domain/localized-texts";

// Every text of the offer to continue a saved claim (decision 0044), keyed, with its English default.

export const DRAFT_TEXTS = defineTexts("drafts", {
  title: "Continue a claim you started?",
  intro:
    "This mobile number has a claim that is not submitted yet. You can continue it with everything you entered and uploaded, or start a new claim.",
  listLabel: "Claims you can continue",
  /** Followed by the claim's web reference number, kept on one line. */
  continueButton: "Continue claim",
  claimTypeDeath: "Death claim",
  claimTypeLiving: "Living benefit claim",
  claimTypeOther: "Claim",
  started: "Started {date}",
  /** The number of documents: none, then the locale's plural forms (Intl.PluralRules). */
  documentsNone: "No documents yet",
  documentsOne: "{count} document",
  documentsOther: "{count} documents",
  startNew: "Start a new claim",
  notAvailable: "This claim can no longer be continued. Please start a new claim.",
  /** Beneath the system error when a draft save fails (decision 0069). */
  notSaved:
    "Your answers were not saved to your claim. They are still in this browser tab, but you would not find them if you continued the claim on another device.",
  saveAgain: "Save again",
  /** When the claim was continued on another device (decision 0069). */
  continuedTitle: "Your claim is open on another device",
  continuedText:
    "Claim {reference} was continued on another device after its mobile number was verified there, so it can no longer be changed in this browser tab. Everything that was saved is kept with the claim.",
  continuedWhatToDo:
    "You can go on with the claim on the other device. To go on here instead, verify your mobile number again and choose “Continue claim”: the claim then closes on the other device. Changes made here since the claim was last saved are not in it.",
  continueHere: "Continue on this device",
});
