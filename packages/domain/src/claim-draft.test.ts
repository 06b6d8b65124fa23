import { describe, expect, it } from "vitest";
import { type ClaimDraftInput, claimDraftSchema, savableDraft } from "./claim-draft.ts";
import { joseStartForm, motorcycleAccident } from "./fixtures/claim-fixtures.ts";

describe("savableDraft", () => {
  const draft: ClaimDraftInput = {
    step1: joseStartForm,
    details: motorcycleAccident,
    payout: {
      method: "bank",
      bank: "",
      accountName: "Maria Dela Cruz",
      accountNumber: "1234567890",
    },
    beneficiaries: [],
    step: "/payout-option",
  };

  it("keeps a draft whose every field passes as it is", () => {
    expect(savableDraft(draft)).toBe(draft);
  });

  it("leaves out only the fields past their rule, so the rest is still saved", () => {
    const longName = "Maria Clarissa Josefina Concepcion Reyes Dela Cruz Villanueva";
    const refused = {
      ...draft,
      payout: { ...draft.payout, accountName: longName, accountNumber: "123456789012345678" },
    };
    expect(claimDraftSchema.safeParse(refused).success).toBe(false);
    const saved = savableDraft(refused);
    expect(claimDraftSchema.safeParse(saved).success).toBe(true);
    expect(saved.payout).toEqual({ method: "bank", bank: "" });
    expect(saved.details).toEqual(draft.details);
  });
});
