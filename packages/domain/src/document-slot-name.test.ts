import { describe, expect, it } from "vitest";
import { DOCUMENT_CATALOGUE } from "./document-catalogue.ts";
import { DOCUMENT_SLOT_TEXTS, documentSlotName } from "./document-slot-name.ts";
import { fillBeneficiaryIndex, slotKey } from "./upload-slots.ts";

const perBeneficiary = DOCUMENT_CATALOGUE.find(
  (entry) => entry.claimType === "Death" && entry.tranTypeCode.startsWith("VIF[X]"),
);
const claimOwn = DOCUMENT_CATALOGUE.find((entry) => entry.tranTypeCode === "DTC-MAJ");
if (!perBeneficiary || !claimOwn) throw new Error("catalogue without the entries this test needs");

const payload = {
  beneficiaryList: [
    { beneficiaryNo: 1, firstName: "Josephine", middleName: "", lastName: "Santos", suffix: "" },
    { beneficiaryNo: 2, firstName: " Francisco ", middleName: "Reyes", lastName: "Santos" },
    { beneficiaryNo: 3, firstName: "", lastName: "" },
  ],
};
const requirements = [{ id: "item-1", description: "The police report of the collision" }];
const keyFor = (position: number) =>
  slotKey(perBeneficiary.docTypeCode, fillBeneficiaryIndex(perBeneficiary.tranTypeCode, position));

describe("documentSlotName", () => {
  it("names a beneficiary's document with the beneficiary it belongs to, by position and name", () => {
    expect(
      documentSlotName({ slotKey: keyFor(2), requirementId: null }, { payload, requirements }),
    ).toEqual({
      name: perBeneficiary.typeOfId,
      beneficiary: { beneficiaryNo: 2, name: "Francisco Reyes Santos" },
    });
    // Entered without a name, or not in the payload: named by position.
    expect(
      documentSlotName({ slotKey: keyFor(3), requirementId: null }, { payload, requirements })
        .beneficiary,
    ).toEqual({ beneficiaryNo: 3, name: "Beneficiary 3" });
    expect(
      documentSlotName({ slotKey: keyFor(4), requirementId: null }, { payload: {}, requirements })
        .beneficiary,
    ).toEqual({ beneficiaryNo: 4, name: "Beneficiary 4" });
  });

  it("names the claim's own documents without a beneficiary", () => {
    const key = slotKey(claimOwn.docTypeCode, claimOwn.tranTypeCode);
    expect(
      documentSlotName({ slotKey: key, requirementId: null }, { payload, requirements }),
    ).toEqual({ name: claimOwn.typeOfId, beneficiary: null });
  });

  it("names a requested document after the request it answers", () => {
    expect(
      documentSlotName(
        { slotKey: "REQ-item-1", requirementId: "item-1" },
        { payload, requirements },
      ),
    ).toEqual({ name: "The police report of the collision", beneficiary: null });
    expect(
      documentSlotName({ slotKey: "REQ-gone", requirementId: "gone" }, { payload, requirements }),
    ).toEqual({ name: DOCUMENT_SLOT_TEXTS.requested, beneficiary: null });
    expect(
      documentSlotName({ slotKey: "NOPE-XXX", requirementId: null }, { payload, requirements }),
    ).toEqual({ name: DOCUMENT_SLOT_TEXTS.unknown, beneficiary: null });
  });
});
