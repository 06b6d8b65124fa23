import { describe, expect, it } from "vitest";
import { type Beneficiary, emptyBeneficiary } from "./beneficiary.ts";
import { buildClaimPayload } from "./build-claim-payload.ts";
import { type ClaimDetails, emptyClaimDetails } from "./claim-details.ts";
import { DOCUMENT_CATALOGUE } from "./document-catalogue.ts";
import { beneficiary, facts, keys, noBenefits } from "./fixtures/slot-facts.ts";
import {
  buildUploadSlots,
  fillBeneficiaryIndex,
  isKnownSlotKey,
  mandatorySlotKeys,
  parseSlotKey,
  slotDocumentName,
  slotFactsOfPayload,
  slotKey,
} from "./upload-slots.ts";

describe("parseSlotKey", () => {
  it("knows every key any claim can ask for, with the beneficiary's position and max", () => {
    expect(parseSlotKey("LIDC001-VIF-MIN")).toEqual({
      key: "LIDC001-VIF-MIN",
      claimType: "Living",
      typeCode: "LIDC001",
      tranTypeCode: "VIF-MIN",
      max: 1,
    });
    expect(parseSlotKey("DIDC001-VIB10-MAJ")).toMatchObject({ beneficiaryIndex: 10, max: 1 });
    const everySlot = buildUploadSlots(
      facts({
        claimType: "Death",
        corporatePolicy: true,
        beneficiaries: [
          beneficiary(1, { isSpouse: true, usPerson: true }),
          beneficiary(2, { isMinor: true, foreign: true }),
        ],
      }),
    );
    for (const slot of everySlot) expect(isKnownSlotKey(slot.key)).toBe(true);
  });

  it.each([
    "",
    "LIDC001",
    "DIDC001-VIF-MAJ",
    "DIDC001-VIF0-MAJ",
    "DIDC001-VIF11-MAJ",
    "DIDC001-VIF[X]-MAJ",
    "../LIDC001-VIF-MIN",
    "lidc001-vif-min",
  ])("refuses %j", (key) => {
    expect(parseSlotKey(key)).toBeNull();
  });
});

describe("slotFactsOfPayload", () => {
  const PH = { label: "Philippines", value: "PH" };
  const US = { label: "United States", value: "US" };
  const JP = { label: "Japan", value: "JP" };
  const step1 = {
    firstName: "Jose",
    middleName: "P",
    noMiddleName: false,
    lastName: "Rizal",
    suffix: "",
    dateOfBirth: "1980-03-05",
    phoneNumber: "9171234567",
    emailAddress: "jose@example.ph",
    homeAddress: "12 Mabini St",
    citizenship: US,
    countryResident: PH,
    policyType: "Corporate" as const,
    company: { label: "Other", value: "OTHERS" },
    companyOther: "Rizal Trading",
    mainlandChinaStatement: "Y" as const,
    marketingCampaignsConsent: "" as const,
    financialServicesConsent: "" as const,
  };
  const person = (values: Partial<Beneficiary>): Beneficiary => ({
    ...emptyBeneficiary,
    ...values,
  });

  it("reads a death claim's nature, company papers and each beneficiary's flags", () => {
    const payload = buildClaimPayload({
      step1,
      details: {
        ...emptyClaimDetails,
        claimType: "Death",
        dateOfLoss: "2026-08-15",
        causeOfLoss: "Road accident",
        natureOfDeath: "AC",
      },
      beneficiaries: [
        person({
          relationship: "Spouse",
          dateOfBirth: "1986-10-09",
          citizenship: US,
          nationality: PH,
        }),
        person({
          relationship: "Child",
          dateOfBirth: "2015-04-10",
          citizenship: PH,
          nationality: JP,
        }),
      ],
      payout: null,
      channel: "corporate-website",
    });
    expect(slotFactsOfPayload(payload, "2026-11-22")).toEqual({
      claimType: "Death",
      nature: "AC",
      benefits: noBenefits,
      neurological: false,
      corporatePolicy: true,
      beneficiaries: [
        { index: 1, isMinor: false, usPerson: true, foreign: true, isSpouse: true },
        { index: 2, isMinor: true, usPerson: false, foreign: true, isSpouse: false },
      ],
      owner: { usPerson: true, foreign: true },
    });
  });

  it("reads a living claim's subtype and benefits, and ignores beneficiaries", () => {
    const payload = buildClaimPayload({
      step1: {
        ...step1,
        citizenship: PH,
        policyType: "Individual",
        company: null,
        companyOther: "",
      },
      details: {
        ...emptyClaimDetails,
        claimType: "Living",
        livingSubtype: "IL",
        diagnosis: "Dengue",
        illnessDetails: "Fever",
        dateSymptomsDiscovered: "2026-09-10",
        dateOfFirstConsultation: "2026-09-12",
        confinement: true,
        disability: true,
      },
      beneficiaries: [],
      payout: {
        method: "bank",
        bank: "BPI",
        accountName: "Jose P Rizal",
        accountNumber: "1234567890",
      },
      channel: "corporate-website",
    });
    expect(slotFactsOfPayload(payload, "2026-11-22")).toMatchObject({
      claimType: "Living",
      nature: "IL",
      benefits: { ...noBenefits, confinement: true, disability: true },
      corporatePolicy: false,
      beneficiaries: [],
      owner: { usPerson: false, foreign: false },
    });
  });

  describe("the neurological exam, from the accident and illness answers", () => {
    const livingStep1 = {
      ...step1,
      citizenship: PH,
      policyType: "Individual" as const,
      company: null,
      companyOther: "",
    };
    const payout = {
      method: "bank" as const,
      bank: "BPI",
      accountName: "Jose P Rizal",
      accountNumber: "1234567890",
    };
    const slotsOf = (details: Partial<ClaimDetails>) => {
      const payload = buildClaimPayload({
        step1: livingStep1,
        details: { ...emptyClaimDetails, claimType: "Living", ...details },
        beneficiaries: [],
        payout,
        channel: "corporate-website",
      });
      const slotFacts = slotFactsOfPayload(payload, "2026-11-22");
      return {
        slotFacts,
        slots: buildUploadSlots(slotFacts),
        mandatory: mandatorySlotKeys(slotFacts),
      };
    };
    const stroke: Partial<ClaimDetails> = {
      livingSubtype: "IL",
      diagnosis: "Ischemic stroke",
      illnessDetails: "Weakness of the right arm and leg, slurred speech",
      dateSymptomsDiscovered: "2026-09-10",
      dateOfFirstConsultation: "2026-09-10",
      illnessResult: "Y",
    };
    const fall: Partial<ClaimDetails> = {
      livingSubtype: "AC",
      accidentDate: "2026-10-01",
      accidentPlace: "Construction site, Pasig City",
      injuryDetails: "Fell from scaffolding; spinal cord injury",
      partOfBodyInjured: "Lower back",
      accidentResult: "Y",
    };
    const NEU = "LMED002-NEU-MIN";

    it("asks an illness of the brain or nerves for the exam, a mandatory slot", () => {
      const { slotFacts, slots, mandatory } = slotsOf(stroke);
      expect(slotFacts.neurological).toBe(true);
      expect(slots.find((slot) => slot.key === NEU)).toMatchObject({
        typeCode: "LMED002",
        tranTypeCode: "NEU-MIN",
        label: "Neurological examination report",
        documentCd: "L0202",
        mandatory: true,
        list: [],
      });
      expect(mandatory).toContain(NEU);
      expect(keys(slots).indexOf(NEU)).toBe(keys(slots).indexOf("LMED001-APS-MIN") + 1);
    });

    it("asks a spinal injury claiming disability or dismemberment for the exam", () => {
      expect(slotsOf({ ...fall, disability: true }).mandatory).toContain(NEU);
      expect(slotsOf({ ...fall, dismembermentAmputation: true }).mandatory).toContain(NEU);
    });

    it("does not ask for it otherwise", () => {
      for (const details of [
        { ...stroke, illnessResult: "N" as const, disability: true },
        { ...fall, surgery: true, confinement: true },
        { ...fall, accidentResult: "N" as const, disability: true, dismembermentAmputation: true },
      ]) {
        const { slotFacts, slots } = slotsOf(details);
        expect(slotFacts.neurological).toBe(false);
        expect(keys(slots)).not.toContain(NEU);
      }
    });
  });
});

describe("slotDocumentName", () => {
  it("names a slot's document from the catalogue, with the beneficiary it is for", () => {
    const living = DOCUMENT_CATALOGUE.find(
      (e) => e.claimType === "Living" && e.docType === "Mandatory",
    );
    const perBeneficiary = DOCUMENT_CATALOGUE.find((e) => e.tranTypeCode.includes("[X]"));
    if (!living || !perBeneficiary)
      throw new Error("catalogue without the entries this test needs");
    expect(slotDocumentName(slotKey(living.docTypeCode, living.tranTypeCode))).toEqual({
      name: living.typeOfId,
    });
    const second = slotKey(
      perBeneficiary.docTypeCode,
      fillBeneficiaryIndex(perBeneficiary.tranTypeCode, 2),
    );
    expect(slotDocumentName(second)).toEqual({
      name: perBeneficiary.typeOfId,
      beneficiaryIndex: 2,
    });
    expect(slotDocumentName("NOPE-XXX")).toBeNull();
  });
});
