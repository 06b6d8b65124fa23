import { CLAIM_TYPES, LIVING_SUBTYPES, type YesNoAnswer } from "@kalinga/domain/claim-details";
import { defineTexts } from "@kalinga/domain/localized-texts";

// Every text of Step 2 (claim details) and of its answers on the review, keyed, with its English
// default. Validation messages are the domain's (FILING_MESSAGES), shared with the server.

export const CLAIM_DETAILS_TEXTS = defineTexts("claimDetails", {
  step: "Step 2 of 4",
  title: "Claim details",
  webReferenceNumber: "Web reference number",
  claimTypeQuestion: "Type of claim",
  /** The tiles of the claim type and of accident or illness (the domain's values, these labels). */
  typeLiving: "Living",
  typeDeath: "Death",
  causeAccident: "Accident",
  causeIllness: "Illness",
  livingSubtypeQuestion: "Was it an accident or an illness?",

  accidentSection: "The accident",
  accidentDate: "Date of accident",
  accidentPlace: "Place of accident",
  injuryDetails: "Injury details",
  partOfBodyInjured: "Part of body injured",
  /** accidentResult: Y sends the claim for a lasting loss to the neurological-exam variant. */
  accidentNeurologicalQuestion: "Did the accident injure the head, brain, spine or nerves?",
  accidentNeurologicalTip1:
    "For example a head injury or concussion, a skull or spine fracture, a spinal cord injury, or numbness, weakness or paralysis after the accident.",
  accidentNeurologicalTip2:
    "If you answer Yes and claim for disability or dismemberment, we will ask for a neurological examination report from your doctor.",
  accidentFirstConsultation: "Date of first consultation (optional)",

  illnessSection: "The illness",
  diagnosis: "Diagnosis",
  illnessDetails: "Illness details",
  /** illnessResult: Y sends the claim to the neurological-exam variant. */
  illnessNeurologicalQuestion: "Is the illness a condition of the brain, spinal cord or nerves?",
  illnessNeurologicalTip1:
    "For example a stroke, paralysis, Parkinson's disease, Alzheimer's disease or another dementia, multiple sclerosis, epilepsy, a brain tumour, meningitis or encephalitis.",
  illnessNeurologicalTip2:
    "If you answer Yes, we will ask for a neurological examination report from your doctor.",
  dateSymptomsDiscovered: "Date symptoms were discovered",
  illnessFirstConsultation: "Date of first consultation",

  benefitsSection: "Benefits claimed",
  benefitsHint: "Tick each one that applies. You may leave them all unticked.",
  surgery: "Surgery",
  confinement: "Confinement in a hospital",
  dismembermentAmputation: "Dismemberment or amputation",
  disability: "Disability",

  deathSection: "The death",
  dateOfDeath: "Date of death",
  causeOfDeath: "Cause of death",
  natureOfDeathQuestion: "Was the death due to an accident or an illness?",

  policyNumber: "Policy number (optional)",
  policyNumberTip: "The 10 digits on your policy contract, if you have it at hand.",

  yes: "Yes",
  no: "No",
  /** The review's names for the two answers, shorter than the questions. */
  reviewAccidentNeurological: "Head, brain, spine or nerves injured",
  reviewIllnessNeurological: "Illness of the brain, spinal cord or nerves",
});

type DetailsTexts = typeof CLAIM_DETAILS_TEXTS;

/** The Yes and No tiles of a per-item question, in the order a claimant reads them. */
export function yesNoOptions(
  texts: DetailsTexts,
): readonly { label: string; value: Exclude<YesNoAnswer, ""> }[] {
  return [
    { label: texts.yes, value: "Y" },
    { label: texts.no, value: "N" },
  ];
}

/** "Yes", "No" or "" for an answer, as the review shows it. */
export function yesNoLabel(answer: YesNoAnswer, texts: DetailsTexts): string {
  return yesNoOptions(texts).find((option) => option.value === answer)?.label ?? "";
}

/** The claim type tiles with their labels in the texts' locale. */
export function claimTypeOptions(texts: DetailsTexts) {
  return CLAIM_TYPES.map((option) => ({
    ...option,
    label: option.value === "Living" ? texts.typeLiving : texts.typeDeath,
  }));
}

/** Accident or illness, labelled in the texts' locale: a living claim's subtype and a death's nature share the domain's values. */
export function causeOptions(texts: DetailsTexts) {
  return LIVING_SUBTYPES.map((option) => ({
    ...option,
    label: option.value === "AC" ? texts.causeAccident : texts.causeIllness,
  }));
}
