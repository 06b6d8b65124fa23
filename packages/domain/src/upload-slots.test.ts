import { describe, expect, it } from "vitest";
import { coversNature, findCatalogueEntry, isPerBeneficiary } from "./document-catalogue.ts";
import { beneficiary, codes, everyBenefit, facts, keys } from "./fixtures/slot-facts.ts";
import { featureOf } from "./localized-texts.ts";
import {
  type BenefitsClaimed,
  buildUploadSlots,
  fillBeneficiaryIndex,
  findUploadSlot,
  mandatorySlotKeys,
  SLOT_LABEL_TEXTS,
  type SlotBeneficiary,
  type SlotFacts,
} from "./upload-slots.ts";

describe("living claim slots", () => {
  it("asks an accident claim with no benefit for ID, physician, police, receipts and bank", () => {
    const slots = buildUploadSlots(facts({ nature: "AC" }));
    expect(keys(slots)).toEqual([
      "LIDC001-VIF-MIN",
      "LIDC001-VIB-MIN",
      "LMED001-APS-MIN",
      "LINC001-PNR-MIN",
      "LFIN001-ORC-MIN",
      "LMED007-RXP-MIN",
      "LMED006-OMR-MIN",
      "LBNK001-BKP-MIN",
    ]);
    expect(slots.filter((slot) => !slot.mandatory).map((slot) => slot.label)).toEqual([
      "Doctor's prescription",
      "Other medical records",
    ]);
    expect(slots[0]).toEqual({
      key: "LIDC001-VIF-MIN",
      typeCode: "LIDC001",
      tranTypeCode: "VIF-MIN",
      typeOfId: "Valid government ID of the insured (front)",
      label: "Valid government ID (front)",
      documentCd: "L0501",
      mandatory: true,
      max: 1,
      list: [],
    });
    expect(slots[2]).not.toHaveProperty("max");
    expect(slots[2]).not.toHaveProperty("beneficiaryIndex");
  });

  it("asks an illness claim with every benefit and the neurological exam for all of it", () => {
    const slots = buildUploadSlots(
      facts({
        nature: "IL",
        neurological: true,
        benefits: everyBenefit,
        owner: { usPerson: true, foreign: true },
      }),
    );
    expect(codes(slots)).toEqual([
      "VIF-MIN",
      "VIB-MIN",
      "APS-MIN",
      "NEU-MIN",
      "HSA-MIN",
      "MCA-MIN",
      "ORR-MIN",
      "COE-MIN",
      "CGQ-MIN",
      "OMR-MIN",
      "BKP-MIN",
      "W9F-MIN",
    ]);
  });

  it("has two variants, one with the neurological exam", () => {
    const without = codes(buildUploadSlots(facts({ nature: "IL" })));
    const withExam = codes(buildUploadSlots(facts({ nature: "IL", neurological: true })));
    expect(withExam.filter((code) => !without.includes(code))).toEqual(["NEU-MIN"]);
    expect(without).toEqual(["VIF-MIN", "VIB-MIN", "APS-MIN", "OMR-MIN", "BKP-MIN"]);
  });

  it("asks a foreign owner who is not a US person for the W-8BEN", () => {
    const slots = buildUploadSlots(facts({ owner: { usPerson: false, foreign: true } }));
    expect(codes(slots)).toContain("W8B-MIN");
    expect(codes(slots)).not.toContain("W9F-MIN");
  });
});

describe("death claim slots", () => {
  const twoBeneficiaries = facts({
    claimType: "Death",
    nature: "IL",
    beneficiaries: [
      beneficiary(2, { usPerson: true, isSpouse: true }),
      beneficiary(1, { isMinor: true }),
    ],
  });

  // Every slot of the two beneficiaries is mandatory, the minor's guardian papers included.
  const beneficiarySlotKeys = [
    "DIDC001-GIF1-MAJ",
    "DIDC001-GIB1-MAJ",
    "DCRT004-MBC1-MAJ",
    "DGRD001-GAF1-MAJ",
    "DBNK002-MKP1-MAJ",
    "DIDC001-VIF2-MAJ",
    "DIDC001-VIB2-MAJ",
    "DCRT003-MRC2-MAJ",
    "DBNK001-BKP2-MAJ",
    "DTAX001-W9F2-MAJ",
  ];

  it("asks for the claim's papers then each beneficiary's, by position, [X] filled", () => {
    const slots = buildUploadSlots(twoBeneficiaries);
    expect(keys(slots)).toEqual([
      "DCRT001-DTC-MAJ",
      "DMED001-PSD-MAJ",
      "DMED002-MR5-MAJ",
      ...beneficiarySlotKeys,
    ]);
    const second = slots.find((slot) => slot.key === "DIDC001-VIF2-MAJ");
    expect(second).toMatchObject({
      typeCode: "DIDC001",
      tranTypeCode: "VIF2-MAJ",
      documentCd: "D0501",
      beneficiaryIndex: 2,
      max: 1,
      mandatory: true,
    });
  });

  it("tells the server which slots a final submit needs", () => {
    expect(mandatorySlotKeys(twoBeneficiaries)).toEqual([
      "DCRT001-DTC-MAJ",
      ...beneficiarySlotKeys,
    ]);
  });

  it("adds the police report for an accident and the company's papers for a corporate policy", () => {
    const slots = buildUploadSlots(
      facts({ claimType: "Death", nature: "AC", corporatePolicy: true, beneficiaries: [] }),
    );
    expect(slots.map((slot) => [slot.tranTypeCode, slot.mandatory])).toEqual([
      ["DTC-MAJ", true],
      ["PSD-MAJ", false],
      ["MR5-MAJ", false],
      ["PLR-MAJ", true],
      ["SEC-MAJ", false],
      ["BRS-MAJ", false],
      ["CRI-MAJ", true],
      ["CAP-MAJ", true],
      ["DTI-MAJ", false],
    ]);
  });

  it("ignores the living facts and the living facts ignore the beneficiaries", () => {
    const base = facts({ claimType: "Death", beneficiaries: [beneficiary(1)] });
    const loaded = {
      ...base,
      neurological: true,
      benefits: everyBenefit,
      owner: { usPerson: true, foreign: true },
    };
    expect(buildUploadSlots(loaded)).toEqual(buildUploadSlots(base));
    const living = facts({ beneficiaries: [beneficiary(1, { usPerson: true })] });
    expect(buildUploadSlots(living)).toEqual(buildUploadSlots(facts({})));
  });

  it("refuses beneficiary positions that would give two slots one key", () => {
    const death = (beneficiaries: SlotBeneficiary[]) =>
      facts({ claimType: "Death", beneficiaries });
    expect(() => buildUploadSlots(death([beneficiary(1), beneficiary(1)]))).toThrow(RangeError);
    expect(() => buildUploadSlots(death([beneficiary(0)]))).toThrow(RangeError);
    expect(() => buildUploadSlots(death([beneficiary(1.5)]))).toThrow(RangeError);
  });

  it("finds a slot of the claim by key and nothing for another claim's slot", () => {
    expect(findUploadSlot(twoBeneficiaries, "DTAX001-W9F2-MAJ")?.label).toBe("Form W-9");
    expect(findUploadSlot(twoBeneficiaries, "DTAX001-W9F1-MAJ")).toBeUndefined();
    expect(findUploadSlot(twoBeneficiaries, "LIDC001-VIF-MIN")).toBeUndefined();
  });

  it("fills the [X] placeholder", () => {
    expect(fillBeneficiaryIndex("VIF[X]-MAJ", 3)).toBe("VIF3-MAJ");
    expect(fillBeneficiaryIndex("DTC-MAJ", undefined)).toBe("DTC-MAJ");
  });
});

describe("every combination of facts", () => {
  const flags = [false, true];
  const benefitSets: BenefitsClaimed[] = flags.flatMap((surgery) =>
    flags.flatMap((confinement) =>
      flags.flatMap((dismembermentAmputation) =>
        flags.map((disability) => ({ surgery, confinement, dismembermentAmputation, disability })),
      ),
    ),
  );
  const beneficiaryFlags: Omit<SlotBeneficiary, "index">[] = flags.flatMap((isMinor) =>
    flags.flatMap((usPerson) =>
      flags.flatMap((foreign) =>
        flags.map((isSpouse) => ({ isMinor, usPerson, foreign, isSpouse })),
      ),
    ),
  );
  const beneficiaryLists: SlotBeneficiary[][] = [
    [],
    ...beneficiaryFlags.map((flagSet) => [{ index: 1, ...flagSet }]),
    beneficiaryFlags.map((flagSet, i) => ({ index: i + 1, ...flagSet })),
  ];
  const owners = flags.flatMap((usPerson) => flags.map((foreign) => ({ usPerson, foreign })));

  function* everyCombination(): Generator<SlotFacts> {
    for (const claimType of ["Living", "Death"] as const)
      for (const nature of ["AC", "IL"] as const)
        for (const benefits of benefitSets)
          for (const neurological of [undefined, false, true])
            for (const corporatePolicy of flags)
              for (const owner of owners)
                for (const beneficiaries of beneficiaryLists)
                  yield {
                    claimType,
                    nature,
                    benefits,
                    neurological,
                    corporatePolicy,
                    owner,
                    beneficiaries,
                  };
  }

  function problemsOf(claim: SlotFacts): string[] {
    const slots = buildUploadSlots(claim);
    const problems: string[] = [];
    const has = (code: string) => slots.some((slot) => slot.tranTypeCode === code);
    const expectSlot = (code: string, wanted: boolean) => {
      if (has(code) !== wanted) problems.push(`${code} should ${wanted ? "" : "not "}be asked`);
    };
    if (new Set(keys(slots)).size !== slots.length) problems.push("duplicate keys");
    for (const slot of slots) {
      const entry = findCatalogueEntry(slot.documentCd);
      const fail = (why: string) => problems.push(`${slot.key}: ${why}`);
      if (SLOT_LABEL_TEXTS[slot.documentCd] !== slot.label) fail("its label has no text key");
      if (!entry) {
        fail("no catalogue entry");
        continue;
      }
      if (entry.claimType !== claim.claimType) fail("claim type");
      if (entry.docTypeCode !== slot.typeCode) fail("typeCode");
      if (fillBeneficiaryIndex(entry.tranTypeCode, slot.beneficiaryIndex) !== slot.tranTypeCode)
        fail("tranTypeCode");
      if (slot.key !== `${slot.typeCode}-${slot.tranTypeCode}` || slot.key.includes("[X]"))
        fail("key");
      if (entry.typeOfId !== slot.typeOfId) fail("typeOfId");
      if (slot.mandatory !== (entry.docType === "Mandatory")) fail("mandatory");
      if (!coversNature(entry, claim.nature)) fail("nature");
      if (isPerBeneficiary(entry) !== (slot.beneficiaryIndex !== undefined)) fail("[X]");
      const single = slot.typeCode === "LIDC001" || slot.typeCode === "DIDC001";
      if ((slot.max === 1) !== single || (slot.max !== undefined && !single)) fail("max");
      if (slot.list.length !== 0 || slot.label.length === 0) fail("list or label");
    }
    if (claim.claimType === "Living") {
      const { benefits, owner } = claim;
      expectSlot("NEU-MIN", claim.neurological === true);
      expectSlot("PNR-MIN", claim.nature === "AC");
      expectSlot("HSA-MIN", benefits.confinement);
      expectSlot("MCA-MIN", benefits.confinement);
      expectSlot("ORR-MIN", benefits.surgery || benefits.dismembermentAmputation);
      expectSlot("COE-MIN", benefits.disability);
      expectSlot("CGQ-MIN", benefits.disability);
      expectSlot("W9F-MIN", owner.usPerson);
      expectSlot("W8B-MIN", owner.foreign && !owner.usPerson);
      for (const code of ["VIF-MIN", "VIB-MIN", "APS-MIN", "BKP-MIN"]) expectSlot(code, true);
    } else {
      expectSlot("DTC-MAJ", true);
      expectSlot("PLR-MAJ", claim.nature === "AC");
      for (const code of ["SEC-MAJ", "BRS-MAJ", "CRI-MAJ", "CAP-MAJ", "DTI-MAJ"])
        expectSlot(code, claim.corporatePolicy);
      for (const b of claim.beneficiaries) {
        const code = (mnemonic: string) => `${mnemonic}${b.index}-MAJ`;
        for (const mnemonic of ["VIF", "VIB", "BKP"]) expectSlot(code(mnemonic), !b.isMinor);
        for (const mnemonic of ["GIF", "GIB", "MBC", "GAF", "MKP"])
          expectSlot(code(mnemonic), b.isMinor);
        expectSlot(code("MRC"), b.isSpouse === true);
        expectSlot(code("W9F"), b.usPerson);
        expectSlot(code("W8B"), b.foreign && !b.usPerson);
      }
      const perBeneficiary = slots.filter((slot) => slot.beneficiaryIndex !== undefined);
      const indexes = new Set(claim.beneficiaries.map((b) => b.index));
      if (perBeneficiary.some((slot) => !indexes.has(slot.beneficiaryIndex ?? 0)))
        problems.push("slot of an unknown beneficiary");
    }
    const mandatory = slots.filter((slot) => slot.mandatory).map((slot) => slot.key);
    if (JSON.stringify(mandatorySlotKeys(claim)) !== JSON.stringify(mandatory))
      problems.push("mandatorySlotKeys");
    return problems;
  }

  it("resolves every slot to its catalogue entry and asks exactly what the facts call for", () => {
    let combinations = 0;
    const problems = new Set<string>();
    for (const claim of everyCombination()) {
      combinations += 1;
      for (const problem of problemsOf(claim)) problems.add(`${JSON.stringify(claim)}: ${problem}`);
    }
    expect(combinations).toBe(2 * 2 * 16 * 3 * 2 * 4 * 18);
    expect([...problems].slice(0, 5)).toEqual([]);
    // 27,648 claims take about 3 s alone, more beside the server tests on two cores.
  }, 30_000);
});

describe("slot labels as keyed texts (decision 0091)", () => {
  it("are each rule's label under its document's catalogue number", () => {
    expect(featureOf(SLOT_LABEL_TEXTS)).toBe("upload-slots");
    expect(SLOT_LABEL_TEXTS.D0501).toBe("Valid government ID (front)");
    expect(SLOT_LABEL_TEXTS.L0601).toMatch(/^Proof of your bank account/);
    // Documents no rule asks for are named by the catalogue alone.
    expect(SLOT_LABEL_TEXTS.D0102).toBeUndefined();
  });
});
