import * as z from "zod/mini";
import { FIELD_LIMITS } from "./constants.ts";
import { type IsoDate, isIsoDate, todayInManila } from "./dates.ts";
import { freeText } from "./free-text.ts";
import { DECIDED_MESSAGES, FILING_MESSAGES as F, FIELD_MESSAGES as M } from "./messages.ts";
import { type FieldError, NO_ANGLE_BRACKETS } from "./start-form.ts";

// Step 2 of 4 (/claims-details): the claim type and the details the submission payload needs.
// Only the fields of the chosen type are checked, so a claimant who switches type is not held
// back by what the hidden fields still hold.

export type ClaimType = "Living" | "Death";
/** AC accident, IL illness: the subtype value sent as causeOfLoss of a living claim. */
type LivingSubtype = "AC" | "IL";
export type NatureOfDeath = "AC" | "IL";
/** A per-item answer of Step 2's questionnaire (accidentResult, illnessResult); "" before it is given. */
export type YesNoAnswer = "Y" | "N" | "";

export const CLAIM_TYPES: readonly { label: string; value: ClaimType }[] = [
  { label: "Living", value: "Living" },
  { label: "Death", value: "Death" },
];
export const LIVING_SUBTYPES: readonly { label: string; value: LivingSubtype }[] = [
  { label: "Accident", value: "AC" },
  { label: "Illness", value: "IL" },
];
export const NATURES_OF_DEATH: readonly { label: string; value: NatureOfDeath }[] = [
  { label: "Accident", value: "AC" },
  { label: "Illness", value: "IL" },
];

/** Text limits of Step 2; place and part of body fit an address line, details a short account. */
const CLAIM_DETAILS_LIMITS = {
  accidentPlace: 100,
  partOfBodyInjured: 50,
  diagnosis: 100,
  causeOfDeath: 200,
  details: 500,
} as const;

const POLICY_NUMBER = new RegExp(`^\\d{${FIELD_LIMITS.policyNumber}}$`);

const text = z._default(z.string(), "");
/** Free text a claimant types; a date or a policy number is held to its pattern instead. */
const typed = (field: Parameters<typeof freeText>[0]) => z._default(freeText(field), "");
const flag = z._default(z.boolean(), false);
const answer = z._default(z.enum(["Y", "N", ""]), "");

const claimDetailsShape = {
  claimType: z._default(z.enum(["Living", "Death", ""]), ""),
  livingSubtype: z._default(z.enum(["AC", "IL", ""]), ""),
  accidentDate: text,
  accidentPlace: typed("accidentPlace"),
  injuryDetails: typed("injuryDetails"),
  partOfBodyInjured: typed("partOfBodyInjured"),
  /** Accident: did it injure the head, brain, spine or nerves? Y or N. */
  accidentResult: answer,
  diagnosis: typed("diagnosis"),
  illnessDetails: typed("illnessDetails"),
  /** Illness: is it a condition of the brain, spinal cord or nerves? Y or N. */
  illnessResult: answer,
  dateSymptomsDiscovered: text,
  dateOfFirstConsultation: text,
  /** Date of death. */
  dateOfLoss: text,
  /** Cause of death, free text. */
  causeOfLoss: typed("causeOfLoss"),
  natureOfDeath: z._default(z.enum(["AC", "IL", ""]), ""),
  surgery: flag,
  confinement: flag,
  dismembermentAmputation: flag,
  disability: flag,
  /** Optional; 10 digits when given. */
  policyNumber: text,
};

const claimDetailsObject = z.object(claimDetailsShape);

/** Step 2 as far as it is filled: each field's kind and characters, none required (a saved draft). */
export const claimDetailsDraftSchema = claimDetailsObject;

export type ClaimDetails = z.infer<typeof claimDetailsObject>;
/** What the form holds before it is valid. */
export type ClaimDetailsDraft = z.input<typeof claimDetailsObject>;

export const emptyClaimDetails: ClaimDetails = {
  claimType: "",
  livingSubtype: "",
  accidentDate: "",
  accidentPlace: "",
  injuryDetails: "",
  partOfBodyInjured: "",
  accidentResult: "",
  diagnosis: "",
  illnessDetails: "",
  illnessResult: "",
  dateSymptomsDiscovered: "",
  dateOfFirstConsultation: "",
  dateOfLoss: "",
  causeOfLoss: "",
  natureOfDeath: "",
  surgery: false,
  confinement: false,
  dismembermentAmputation: false,
  disability: false,
  policyNumber: "",
};

export type ClaimDetailsContext = {
  /** The insured's date of birth (ISO), from Step 1: no date of the claim can be earlier. */
  dateOfBirth: IsoDate;
  /** Today in Manila (ISO); no date of the claim can be later. */
  today?: IsoDate;
};

/** required, then no < or >, then the limit: the order of the start form's messages. */
function textIssue(value: string, requiredMessage: string | null, limit: number): string | null {
  if (!value.trim()) return requiredMessage;
  if (!NO_ANGLE_BRACKETS.test(value)) return M.specialCharacters;
  if (value.length > limit) return M.tooLong;
  return null;
}

/**
 * Every rule of Step 2 on form values (ISO dates). The payload schema runs the same function on
 * a submitted payload, so the widget and the server refuse the same claims.
 */
export function claimDetailsIssues(
  values: ClaimDetails,
  context: ClaimDetailsContext,
): FieldError[] {
  const today = context.today ?? todayInManila();
  const issues: FieldError[] = [];
  const add = (field: keyof ClaimDetails, message: string | null) => {
    if (message) issues.push({ field, message });
  };
  /** A date field's message, or null; a valid ISO date is also returned for the order rules. */
  const checkDate = (field: keyof ClaimDetails, requiredMessage: string | null): IsoDate | null => {
    const value = values[field];
    if (typeof value !== "string") return null;
    if (value === "") {
      add(field, requiredMessage);
      return null;
    }
    if (!isIsoDate(value)) {
      add(field, DECIDED_MESSAGES.dateInvalid);
      return null;
    }
    if (value > today) {
      add(field, F.dateInFuture);
      return null;
    }
    if (isIsoDate(context.dateOfBirth) && value < context.dateOfBirth) {
      add(field, F.dateBeforeBirth);
      return null;
    }
    return value;
  };

  if (values.claimType === "") add("claimType", F.claimTypeRequired);

  if (values.claimType === "Living") {
    if (values.livingSubtype === "") add("livingSubtype", F.livingSubtypeRequired);
    if (values.livingSubtype === "AC") {
      const accidentDate = checkDate("accidentDate", F.accidentDateRequired);
      add(
        "accidentPlace",
        textIssue(
          values.accidentPlace,
          F.accidentPlaceRequired,
          CLAIM_DETAILS_LIMITS.accidentPlace,
        ),
      );
      add(
        "injuryDetails",
        textIssue(values.injuryDetails, F.injuryDetailsRequired, CLAIM_DETAILS_LIMITS.details),
      );
      add(
        "partOfBodyInjured",
        textIssue(
          values.partOfBodyInjured,
          F.partOfBodyInjuredRequired,
          CLAIM_DETAILS_LIMITS.partOfBodyInjured,
        ),
      );
      if (values.accidentResult === "") add("accidentResult", F.accidentResultRequired);
      // An accident may be treated later or not at all: the first consultation is optional here.
      const consultation = checkDate("dateOfFirstConsultation", null);
      if (accidentDate && consultation && accidentDate > consultation) {
        add("accidentDate", F.dateAfterFirstConsultation);
      }
    }
    if (values.livingSubtype === "IL") {
      add(
        "diagnosis",
        textIssue(values.diagnosis, F.diagnosisRequired, CLAIM_DETAILS_LIMITS.diagnosis),
      );
      add(
        "illnessDetails",
        textIssue(values.illnessDetails, F.illnessDetailsRequired, CLAIM_DETAILS_LIMITS.details),
      );
      if (values.illnessResult === "") add("illnessResult", F.illnessResultRequired);
      const symptoms = checkDate("dateSymptomsDiscovered", F.dateSymptomsDiscoveredRequired);
      const consultation = checkDate("dateOfFirstConsultation", F.dateOfFirstConsultationRequired);
      if (symptoms && consultation && symptoms > consultation) {
        add("dateSymptomsDiscovered", F.dateAfterFirstConsultation);
      }
    }
  }

  if (values.claimType === "Death") {
    checkDate("dateOfLoss", F.dateOfDeathRequired);
    add(
      "causeOfLoss",
      textIssue(values.causeOfLoss, F.causeOfDeathRequired, CLAIM_DETAILS_LIMITS.causeOfDeath),
    );
    if (values.natureOfDeath === "") add("natureOfDeath", F.natureOfDeathRequired);
  }

  if (values.policyNumber !== "" && !POLICY_NUMBER.test(values.policyNumber)) {
    add("policyNumber", M.policyNumberLength);
  }
  return issues;
}

/**
 * The Step 2 schema for an insured born on `dateOfBirth`. Validate with safeParse and show
 * `firstErrorPerField(result.error.issues)`; every message comes at once.
 */
export function claimDetailsSchema(context: ClaimDetailsContext) {
  return claimDetailsObject.check(
    z.superRefine<ClaimDetails>((values, ctx) => {
      for (const { field, message } of claimDetailsIssues(values, context)) {
        ctx.issues.push({ code: "custom", message, path: [field], input: values });
      }
    }),
  );
}

/** The date of loss the payload carries: the accident date, the first consultation, or the death. */
export function dateOfLossOf(details: ClaimDetails): IsoDate {
  if (details.claimType === "Death") return details.dateOfLoss;
  if (details.claimType !== "Living") return "";
  return details.livingSubtype === "AC" ? details.accidentDate : details.dateOfFirstConsultation;
}

/**
 * The living claim's second variant (section 3's slot sets): a neurological examination report is
 * asked for. An illness of the brain, spinal cord or nerves always needs one, since a neurologist's
 * findings are what the illness benefit rests on; an accident to the head, brain, spine or nerves
 * needs one when it claims a lasting loss (disability, dismemberment or loss of use), which the
 * exam measures. docs/decisions/0034-neurological-exam.md.
 */
export function needsNeurologicalExam(
  details: Pick<
    ClaimDetails,
    | "claimType"
    | "livingSubtype"
    | "accidentResult"
    | "illnessResult"
    | "disability"
    | "dismembermentAmputation"
  >,
): boolean {
  if (details.claimType !== "Living") return false;
  if (details.livingSubtype === "IL") return details.illnessResult === "Y";
  if (details.livingSubtype === "AC") {
    return (
      details.accidentResult === "Y" && (details.disability || details.dismembermentAmputation)
    );
  }
  return false;
}
