import * as z from "zod/mini";
import { defineTexts, fill } from "./localized-texts.ts";

// What the claimant agrees to before the final submit (docs/decisions/0026). The widget shows
// these texts with the insurer's name written in; the server refuses a submit without all three.

/** The three declarations, keyed for catalogues; {companyName} is the insurer's name. */
export const DECLARATION_TEXTS = defineTexts("declarations", {
  truthful:
    "I declare that the information in this claim and the documents I uploaded are true and complete to the best of my knowledge. I understand that a false or incomplete statement may cause the claim to be denied.",
  medicalRecordsRelease:
    "I authorize any physician, hospital, clinic or other institution that attended to the insured to give {companyName} the medical records and information it needs to assess this claim.",
  dataPrivacy:
    "I consent to {companyName} collecting, using and keeping my personal and health information, and that of the insured and the beneficiaries, to process this claim, as the Data Privacy Act of 2012 allows.",
});

export const CLAIM_DECLARATIONS = [
  { key: "truthful", text: DECLARATION_TEXTS.truthful },
  { key: "medicalRecordsRelease", text: DECLARATION_TEXTS.medicalRecordsRelease },
  { key: "dataPrivacy", text: DECLARATION_TEXTS.dataPrivacy },
] as const;

export type DeclarationKey = (typeof CLAIM_DECLARATIONS)[number]["key"];

export const DECLARATION_MESSAGES = defineTexts("declarationMessages", {
  required: "Please agree to this declaration to submit your claim.",
});

/** The declaration as the claimant reads it (in `texts`' locale), with the insurer's name written in. */
export function declarationText(
  key: DeclarationKey,
  companyName: string,
  texts: typeof DECLARATION_TEXTS = DECLARATION_TEXTS,
): string {
  if (!Object.hasOwn(texts, key)) throw new Error(`Unknown declaration: ${key}`);
  return fill(texts[key], { companyName });
}

// "Y" is the only answer: a declaration left unticked, missing or anything else is not agreed.
const agreed = z.literal("Y", { error: DECLARATION_MESSAGES.required });

export const declarationsSchema = z.object({
  truthful: agreed,
  medicalRecordsRelease: agreed,
  dataPrivacy: agreed,
});

export type Declarations = { truthful: "Y"; medicalRecordsRelease: "Y"; dataPrivacy: "Y" };

/** What the submit sends once the claimant has agreed to every declaration. */
export const ALL_DECLARATIONS_AGREED: Declarations = {
  truthful: "Y",
  medicalRecordsRelease: "Y",
  dataPrivacy: "Y",
};
