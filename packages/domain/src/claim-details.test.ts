import { describe, expect, it } from "vitest";
import {
  type ClaimDetailsContext,
  type ClaimDetailsDraft,
  claimDetailsSchema,
  dateOfLossOf,
  emptyClaimDetails,
  needsNeurologicalExam,
} from "./claim-details.ts";
import { dengueIllness, heartAttackDeath, motorcycleAccident } from "./fixtures/claim-fixtures.ts";
import { fieldErrors } from "./fixtures/field-errors.ts";

const context = { dateOfBirth: "1980-03-05", today: "2026-11-22" };

const accident: ClaimDetailsDraft = {
  ...motorcycleAccident,
  dateOfFirstConsultation: "2026-10-01",
  surgery: true,
  policyNumber: "",
};

const illness: ClaimDetailsDraft = dengueIllness;

const death: ClaimDetailsDraft = heartAttackDeath;

const errorsOf = (values: unknown, ctx: ClaimDetailsContext = context) =>
  fieldErrors(claimDetailsSchema(ctx), values);

describe("claim details (Step 2)", () => {
  it("accepts a complete accident, illness and death claim", () => {
    expect(errorsOf(accident)).toEqual({});
    expect(errorsOf(illness)).toEqual({});
    expect(errorsOf(death)).toEqual({});
  });

  it("fills every missing field with its default", () => {
    const result = claimDetailsSchema(context).safeParse({ claimType: "Death" });
    expect(result.success).toBe(false);
    const parsed = claimDetailsSchema(context).parse(death);
    expect(parsed.surgery).toBe(false);
    expect(parsed.policyNumber).toBe("");
  });

  it("asks for the claim type first", () => {
    expect(errorsOf({})).toEqual({ claimType: "Please provide Type of claim" });
  });

  it("asks for accident or illness on a living claim", () => {
    expect(errorsOf({ claimType: "Living" })).toEqual({
      livingSubtype: "Please provide Accident or Illness",
    });
  });

  it("gives every accident message at once", () => {
    expect(errorsOf({ claimType: "Living", livingSubtype: "AC" })).toEqual({
      accidentDate: "Please provide Date of accident",
      accidentPlace: "Please provide Place of accident",
      injuryDetails: "Please provide Injury details",
      partOfBodyInjured: "Please provide Part of body injured",
      accidentResult:
        "Please answer Yes or No: did the accident injure the head, brain, spine or nerves?",
    });
  });

  it("gives every illness message at once", () => {
    expect(errorsOf({ claimType: "Living", livingSubtype: "IL" })).toEqual({
      diagnosis: "Please provide Diagnosis",
      illnessDetails: "Please provide Illness details",
      illnessResult:
        "Please answer Yes or No: is the illness a condition of the brain, spinal cord or nerves?",
      dateSymptomsDiscovered: "Please provide Date symptoms were discovered",
      dateOfFirstConsultation: "Please provide Date of first consultation",
    });
  });

  it("gives every death message at once", () => {
    expect(errorsOf({ claimType: "Death" })).toEqual({
      dateOfLoss: "Please provide Date of death",
      causeOfLoss: "Please provide Cause of death",
      natureOfDeath: "Please provide Nature of death",
    });
  });

  it("ignores what the fields of another claim type still hold", () => {
    expect(errorsOf({ ...death, accidentPlace: "<b>", diagnosis: "x".repeat(501) })).toEqual({});
    expect(errorsOf({ ...accident, dateOfLoss: "2999-01-01", causeOfLoss: "<" })).toEqual({});
  });

  it("refuses a date after today, before the date of birth, or that is not a date", () => {
    expect(errorsOf({ ...accident, accidentDate: "2026-11-23" }).accidentDate).toBe(
      "Date cannot be later than today",
    );
    expect(
      errorsOf({ ...accident, accidentDate: "2026-11-22", dateOfFirstConsultation: "" }),
    ).toEqual({});
    expect(errorsOf({ ...death, dateOfLoss: "1980-03-04" }).dateOfLoss).toBe(
      "Date cannot be earlier than the insured's date of birth",
    );
    expect(errorsOf({ ...death, dateOfLoss: "1980-03-05" }).dateOfLoss).toBeUndefined();
    expect(errorsOf({ ...illness, dateSymptomsDiscovered: "2026-02-30" })).toEqual({
      dateSymptomsDiscovered: "Please enter the date as DD MMM YYYY",
    });
    expect(errorsOf({ ...illness, dateOfFirstConsultation: "2027-01-01" })).toEqual({
      dateOfFirstConsultation: "Date cannot be later than today",
    });
  });

  it("takes today in Manila when none is given", () => {
    expect(errorsOf({ ...death, dateOfLoss: "2999-01-01" }, { dateOfBirth: "1980-03-05" })).toEqual(
      { dateOfLoss: "Date cannot be later than today" },
    );
  });

  it("wants symptoms discovered on or before the first consultation", () => {
    expect(errorsOf({ ...illness, dateSymptomsDiscovered: "2026-09-13" })).toEqual({
      dateSymptomsDiscovered: "Date cannot be later than the date of first consultation",
    });
    expect(errorsOf({ ...illness, dateSymptomsDiscovered: "2026-09-12" })).toEqual({});
  });

  it("wants the accident on or before the first consultation, which an accident may lack", () => {
    expect(errorsOf({ ...accident, dateOfFirstConsultation: "2026-09-30" })).toEqual({
      accidentDate: "Date cannot be later than the date of first consultation",
    });
    expect(errorsOf({ ...accident, dateOfFirstConsultation: "" })).toEqual({});
    expect(errorsOf({ ...accident, dateOfFirstConsultation: "2026-12-01" })).toEqual({
      dateOfFirstConsultation: "Date cannot be later than today",
    });
  });

  it("refuses < and > and text over its limit", () => {
    expect(errorsOf({ ...accident, accidentPlace: "<script>" }).accidentPlace).toBe(
      "Special characters not allowed",
    );
    expect(errorsOf({ ...accident, accidentPlace: "a".repeat(101) }).accidentPlace).toBe(
      "Exceeds the maximum length",
    );
    expect(errorsOf({ ...accident, accidentPlace: "a".repeat(100) }).accidentPlace).toBeUndefined();
    expect(errorsOf({ ...accident, partOfBodyInjured: "a".repeat(51) }).partOfBodyInjured).toBe(
      "Exceeds the maximum length",
    );
    expect(errorsOf({ ...accident, injuryDetails: "a".repeat(501) }).injuryDetails).toBe(
      "Exceeds the maximum length",
    );
    expect(errorsOf({ ...accident, injuryDetails: "a".repeat(500) })).toEqual({});
    expect(errorsOf({ ...illness, diagnosis: "a".repeat(101) }).diagnosis).toBe(
      "Exceeds the maximum length",
    );
    expect(errorsOf({ ...illness, illnessDetails: "a>b" }).illnessDetails).toBe(
      "Special characters not allowed",
    );
    expect(errorsOf({ ...death, causeOfLoss: "a".repeat(201) }).causeOfLoss).toBe(
      "Exceeds the maximum length",
    );
  });

  it("treats text of spaces only as missing", () => {
    expect(errorsOf({ ...death, causeOfLoss: "   " }).causeOfLoss).toBe(
      "Please provide Cause of death",
    );
  });

  it("checks a policy number only when given", () => {
    expect(errorsOf({ ...death, policyNumber: "12345" }).policyNumber).toBe("Length should be 10");
    expect(errorsOf({ ...death, policyNumber: "12345678901" }).policyNumber).toBe(
      "Length should be 10",
    );
    expect(errorsOf({ ...death, policyNumber: "1234567890" })).toEqual({});
  });

  it("refuses an unknown claim type", () => {
    expect(claimDetailsSchema(context).safeParse({ ...death, claimType: "Other" }).success).toBe(
      false,
    );
  });

  it("takes the date of loss from the accident, the first consultation or the death", () => {
    const parse = (values: ClaimDetailsDraft) => claimDetailsSchema(context).parse(values);
    expect(dateOfLossOf(parse(accident))).toBe("2026-10-01");
    expect(dateOfLossOf(parse(illness))).toBe("2026-09-12");
    expect(dateOfLossOf(parse(death))).toBe("2026-08-15");
    expect(dateOfLossOf(emptyClaimDetails)).toBe("");
  });
});

describe("the accident and illness questions (accidentResult, illnessResult)", () => {
  it("asks each question of its own subtype only, and takes Y or N", () => {
    expect(errorsOf({ ...accident, accidentResult: "" })).toEqual({
      accidentResult:
        "Please answer Yes or No: did the accident injure the head, brain, spine or nerves?",
    });
    expect(errorsOf({ ...illness, illnessResult: "" })).toEqual({
      illnessResult:
        "Please answer Yes or No: is the illness a condition of the brain, spinal cord or nerves?",
    });
    expect(errorsOf({ ...accident, accidentResult: "Y" })).toEqual({});
    expect(errorsOf({ ...illness, illnessResult: "Y" })).toEqual({});
    // The other subtype's question is not asked; death asks neither.
    expect(errorsOf({ ...accident, illnessResult: "" })).toEqual({});
    expect(errorsOf({ ...illness, accidentResult: "" })).toEqual({});
    expect(errorsOf(death)).toEqual({});
    expect(
      claimDetailsSchema(context).safeParse({ ...accident, accidentResult: "Yes" }).success,
    ).toBe(false);
  });
});

describe("needsNeurologicalExam: the living claim's second variant", () => {
  const exam = (values: ClaimDetailsDraft) =>
    needsNeurologicalExam(claimDetailsSchema(context).parse(values));

  it("asks it of an illness of the brain, spinal cord or nerves, whatever the benefits", () => {
    const stroke = { ...illness, diagnosis: "Ischemic stroke", illnessResult: "Y" } as const;
    expect(exam(stroke)).toBe(true);
    expect(exam({ ...stroke, confinement: false })).toBe(true);
    expect(exam({ ...stroke, disability: true })).toBe(true);
  });

  it("asks it of a head, brain, spine or nerve injury claiming disability or dismemberment", () => {
    const headInjury = { ...accident, accidentResult: "Y", surgery: false } as const;
    expect(exam({ ...headInjury, disability: true })).toBe(true);
    expect(exam({ ...headInjury, dismembermentAmputation: true })).toBe(true);
    expect(exam({ ...headInjury, disability: true, dismembermentAmputation: true })).toBe(true);
  });

  it("does not ask it of a head injury claiming only surgery, confinement or reimbursement", () => {
    const headInjury = { ...accident, accidentResult: "Y", surgery: false } as const;
    expect(exam(headInjury)).toBe(false);
    expect(exam({ ...headInjury, surgery: true })).toBe(false);
    expect(exam({ ...headInjury, surgery: true, confinement: true })).toBe(false);
  });

  it("does not ask it when the answer is No, even of a disability claim", () => {
    expect(exam({ ...accident, disability: true, dismembermentAmputation: true })).toBe(false);
    expect(exam({ ...illness, disability: true })).toBe(false);
  });

  it("does not ask it of a death claim or a claim not yet answered", () => {
    expect(exam(death)).toBe(false);
    const asked = {
      ...emptyClaimDetails,
      accidentResult: "Y",
      illnessResult: "Y",
      disability: true,
    } as const;
    expect(needsNeurologicalExam({ ...asked, claimType: "Death" })).toBe(false);
    expect(needsNeurologicalExam({ ...asked, claimType: "Living" })).toBe(false);
    expect(needsNeurologicalExam({ ...asked, claimType: "" })).toBe(false);
    // The other subtype's answer does not count.
    expect(
      needsNeurologicalExam({
        ...asked,
        claimType: "Living",
        livingSubtype: "AC",
        accidentResult: "N",
      }),
    ).toBe(false);
    expect(
      needsNeurologicalExam({
        ...asked,
        claimType: "Living",
        livingSubtype: "IL",
        illnessResult: "N",
      }),
    ).toBe(false);
  });
});
