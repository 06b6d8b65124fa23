import { describe, expect, it } from "vitest";
import { buildClaimPayload, type ClaimPayloadInput } from "./build-claim-payload.ts";
import { type ClaimDetails, emptyClaimDetails } from "./claim-details.ts";
import type { ClaimPayload } from "./claim-payload.ts";
import {
  franciscoChild as child,
  bpiPayout as payout,
  josephineSpouse as spouse,
  US,
} from "./fixtures/claim-fixtures.ts";
import {
  accident,
  base,
  bpiPayoutSection,
  death,
  illness,
  insured,
  livingAccidentPayload,
  noPayout,
  step1,
} from "./fixtures/claim-payload-samples.ts";
import { noLossDetails } from "./fixtures/insured-loss.ts";
import { toStep1 } from "./start-form.ts";

describe("buildClaimPayload", () => {
  it("builds a living accident claim field for field", () => {
    expect(buildClaimPayload({ ...base, details: accident, payout })).toStrictEqual(
      livingAccidentPayload,
    );
  });

  it("builds a living illness claim field for field", () => {
    expect(buildClaimPayload({ ...base, details: illness, payout })).toStrictEqual({
      basicInformation: {
        claimType: "Living",
        causeOfLoss: "IL",
        natureOfDeath: "",
        isFirstSubmit: "Y",
      },
      policyInformation: {
        policyType: "Individual",
        corporateCompany: "",
        corporateCompanyName: "",
        policyNumber: "",
      },
      insuredInformation: {
        ...insured,
        dateOfLoss: "09/12/2026",
        injuryDetails: "",
        partOfBodyInjured: "",
        accidentDate: "",
        accidentPlace: "",
        diagnosis: "Dengue fever",
        illnessDetails: "High fever and rashes, confined for five days",
        accidentResult: "",
        illnessResult: "N",
        isSurgeryPerformed: "N",
        isConfinement: "Y",
        isDismembermentAmputation: "N",
        isDisability: "Y",
        dateSymptomsDiscovered: "09/10/2026",
        firstDiagnosedDate: "09/12/2026",
      },
      beneficiaryList: [],
      payoutInformation: bpiPayoutSection,
    });
  });

  it("sends the answer of the claim's own question as Y or N and the other as empty", () => {
    const answers = (payload: ClaimPayload) => [
      payload.insuredInformation.accidentResult,
      payload.insuredInformation.illnessResult,
    ];
    const build = (values: ClaimDetails) => buildClaimPayload({ ...base, details: values, payout });
    expect(answers(build({ ...accident, accidentResult: "Y", illnessResult: "N" }))).toEqual([
      "Y",
      "",
    ]);
    expect(answers(build({ ...illness, illnessResult: "Y", accidentResult: "Y" }))).toEqual([
      "",
      "Y",
    ]);
    expect(answers(build(illness))).toEqual(["", "N"]);
    expect(
      answers(buildClaimPayload({ ...base, details: { ...death, accidentResult: "Y" } })),
    ).toEqual(["", ""]);
  });

  it("builds a death claim with two beneficiaries, a US citizen and a minor, field for field", () => {
    const corporateStep1 = toStep1({
      ...step1,
      policyType: "Corporate" as const,
      companyOther: "Acme Trading Corp",
    });
    expect(
      buildClaimPayload({
        ...base,
        step1: corporateStep1,
        details: death,
        beneficiaries: [spouse, child],
        // A payout chosen before switching to Death is not sent.
        payout,
      }),
    ).toStrictEqual({
      basicInformation: {
        claimType: "Death",
        causeOfLoss: "Multiple injuries from a road accident",
        natureOfDeath: "AC",
        isFirstSubmit: "Y",
      },
      policyInformation: {
        policyType: "Corporate",
        corporateCompany: "Others",
        corporateCompanyName: "Acme Trading Corp",
        policyNumber: "1234567890",
      },
      insuredInformation: {
        ...insured,
        dateOfLoss: "08/15/2026",
        ...noLossDetails,
      },
      beneficiaryList: [
        {
          beneficiaryNo: 1,
          countryCode: "63",
          mainlandChinaStatement: "",
          markectingCampaignsConsent: "Y",
          financialServicesConsent: "",
          relationship: "Spouse",
          honorific: "Mrs",
          firstName: "Josephine",
          middleName: "",
          noMiddleName: "Y",
          lastName: "Bracken",
          suffix: "",
          dateOfBirth: "10/09/1986",
          placeOfBirth: "Hong Kong",
          citizenship: "US",
          nationality: "US",
          phoneNumber: "9181234567",
          emailAddress: "josephine@example.com",
          addressLine1: "45 Rizal Street",
          addressLine2: "Unit 3B",
          province: "Cebu",
          districtOrBarangay: "Barangay Lahug",
          city: "Cebu City",
          country: "PH",
          zipCode: "6000",
          gender: "F",
          sex: "F",
          occupation: "Teacher",
          employerName: "Cebu Normal School",
          positionStatement: "Head teacher",
          docVerifyAuthorize: "Y",
          hasForm: 1,
          guardian: {
            firstName: "",
            middleName: "",
            lastName: "",
            relationship: "",
            phoneNumber: "",
            emailAddress: "",
          },
        },
        {
          beneficiaryNo: 2,
          countryCode: "63",
          mainlandChinaStatement: "",
          markectingCampaignsConsent: "",
          financialServicesConsent: "",
          relationship: "Child",
          honorific: "Mr",
          firstName: "Francisco",
          middleName: "Bracken",
          noMiddleName: "N",
          lastName: "Rizal",
          suffix: "",
          dateOfBirth: "04/10/2015",
          placeOfBirth: "Dapitan",
          citizenship: "PH",
          nationality: "PH",
          phoneNumber: "9181234567",
          emailAddress: "josephine@example.com",
          addressLine1: "45 Rizal Street",
          addressLine2: "",
          province: "Cebu",
          districtOrBarangay: "Barangay Lahug",
          city: "Cebu City",
          country: "PH",
          zipCode: "6000",
          gender: "M",
          sex: "M",
          occupation: "Student",
          employerName: "",
          positionStatement: "",
          docVerifyAuthorize: "Y",
          hasForm: 0,
          guardian: {
            firstName: "Josephine",
            middleName: "",
            lastName: "Bracken",
            relationship: "Mother",
            phoneNumber: "9181234567",
            emailAddress: "josephine@example.com",
          },
        },
      ],
      payoutInformation: noPayout,
    });
  });

  it("gives hasForm 1 for a US nationality alone", () => {
    const national = { ...child, nationality: US };
    const payload = buildClaimPayload({ ...base, details: death, beneficiaries: [national] });
    expect(payload.beneficiaryList[0]?.hasForm).toBe(1);
  });

  it("takes the policy number from Step 1 on the member portal, from Step 2 elsewhere", () => {
    const portalStep1 = { ...step1, policyNumber: "9876543210" };
    const on = (channel: ClaimPayloadInput["channel"]) =>
      buildClaimPayload({ ...base, step1: portalStep1, details: accident, payout, channel })
        .policyInformation.policyNumber;
    expect(on("member-portal")).toBe("9876543210");
    expect(on("corporate-website")).toBe("1234567890");
    expect(on("agent-assist")).toBe("1234567890");
    expect(
      buildClaimPayload({ ...base, step1, details: accident, payout, channel: "member-portal" })
        .policyInformation.policyNumber,
    ).toBe("");
  });

  it("never sends undefined or null", () => {
    const payloads = [
      buildClaimPayload({ ...base, details: accident, payout }),
      buildClaimPayload({ ...base, details: death, beneficiaries: [spouse, child] }),
    ];
    const leaves = (value: unknown): unknown[] =>
      typeof value === "object" && value !== null ? Object.values(value).flatMap(leaves) : [value];
    for (const payload of payloads) {
      expect(leaves(payload).filter((v) => v === undefined || v === null)).toEqual([]);
    }
  });

  it("refuses to build a claim without a claim type", () => {
    expect(() => buildClaimPayload({ ...base, details: emptyClaimDetails })).toThrow(
      "buildClaimPayload needs a validated claim",
    );
  });
});
