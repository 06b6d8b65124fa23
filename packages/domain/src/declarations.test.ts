import { describe, expect, it } from "vitest";
import {
  CLAIM_DECLARATIONS,
  DECLARATION_MESSAGES,
  type Declarations,
  declarationsSchema,
  declarationText,
} from "./declarations.ts";
import { firstErrorPerField } from "./start-form.ts";

const all: Declarations = { truthful: "Y", medicalRecordsRelease: "Y", dataPrivacy: "Y" };

const errorsOf = (input: unknown) => {
  const result = declarationsSchema.safeParse(input);
  return result.success ? [] : firstErrorPerField(result.error.issues);
};

describe("claim declarations", () => {
  it("has the three declarations in the order the claimant reads them", () => {
    expect(CLAIM_DECLARATIONS.map((declaration) => declaration.key)).toEqual([
      "truthful",
      "medicalRecordsRelease",
      "dataPrivacy",
    ]);
  });

  it("writes the insurer's name into the texts that name it", () => {
    expect(declarationText("medicalRecordsRelease", "Kalinga Life")).toBe(
      "I authorize any physician, hospital, clinic or other institution that attended to the insured to give Kalinga Life the medical records and information it needs to assess this claim.",
    );
    expect(declarationText("dataPrivacy", "Kalinga Bank Life")).toBe(
      "I consent to Kalinga Bank Life collecting, using and keeping my personal and health information, and that of the insured and the beneficiaries, to process this claim, as the Data Privacy Act of 2012 allows.",
    );
    expect(declarationText("truthful", "Kalinga Life")).toBe(CLAIM_DECLARATIONS[0].text);
    for (const { key } of CLAIM_DECLARATIONS) {
      expect(declarationText(key, "Kalinga Life")).not.toContain("{");
    }
  });

  it("takes the three declarations agreed", () => {
    expect(declarationsSchema.safeParse(all)).toEqual({ success: true, data: all });
  });

  it("asks for each declaration that is missing or not agreed", () => {
    const required = DECLARATION_MESSAGES.required;
    expect(errorsOf({ ...all, dataPrivacy: "N" })).toEqual([
      { field: "dataPrivacy", message: required },
    ]);
    expect(errorsOf({ truthful: "Y" })).toEqual([
      { field: "medicalRecordsRelease", message: required },
      { field: "dataPrivacy", message: required },
    ]);
    expect(errorsOf({})).toHaveLength(3);
    for (const wrong of ["", "y", "yes", true, 1, null]) {
      expect(errorsOf({ ...all, truthful: wrong })).toEqual([
        { field: "truthful", message: required },
      ]);
    }
  });
});
