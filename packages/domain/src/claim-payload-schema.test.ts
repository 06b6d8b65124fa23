import { describe, expect, it } from "vitest";
import { buildClaimPayload } from "./build-claim-payload.ts";
import { claimPayloadSchema, finalSubmitClaimSchema } from "./claim-payload-schema.ts";
import {
  franciscoChild as child,
  joseStartForm,
  josephineSpouse as spouse,
} from "./fixtures/claim-fixtures.ts";
import {
  base,
  death,
  deathPayload,
  errorsOf,
  illness,
  illnessPayload,
  livingAccidentPayload,
  noPayout,
  withValue,
} from "./fixtures/claim-payload-samples.ts";
import { publicStartFormSchema, toStep1 } from "./start-form.ts";

describe("claimPayloadSchema (the server's check)", () => {
  it("accepts what the builder makes", () => {
    expect(errorsOf(livingAccidentPayload)).toEqual({});
    expect(errorsOf(illnessPayload)).toEqual({});
    expect(errorsOf(deathPayload)).toEqual({});
  });

  it("wants MM/dd/yyyy dates, Y/N flags, countryCode 63 and hasForm 0 or 1", () => {
    expect(
      errorsOf(withValue(deathPayload, "insuredInformation.dateOfLoss", "2026-08-15")),
    ).toEqual({ "insuredInformation.dateOfLoss": "Date should be MM/dd/yyyy" });
    expect(
      errorsOf(withValue(deathPayload, "insuredInformation.isConfinement", "Yes"))[
        "insuredInformation.isConfinement"
      ],
    ).toBeDefined();
    expect(
      errorsOf(withValue(deathPayload, "insuredInformation.countryCode", "1"))[
        "insuredInformation.countryCode"
      ],
    ).toBeDefined();
    expect(
      errorsOf(withValue(deathPayload, "beneficiaryList.0.hasForm", 2))[
        "beneficiaryList.0.hasForm"
      ],
    ).toBeDefined();
    expect(
      errorsOf(withValue(deathPayload, "basicInformation.isFirstSubmit", "N"))[
        "basicInformation.isFirstSubmit"
      ],
    ).toBeDefined();
  });

  it("applies the Step 1 rules to the insured", () => {
    expect(errorsOf(withValue(illnessPayload, "insuredInformation.firstName", ""))).toEqual({
      "insuredInformation.firstName": "Please provide First Name",
    });
    expect(errorsOf(withValue(illnessPayload, "insuredInformation.phoneNumber", "917"))).toEqual({
      "insuredInformation.phoneNumber": "Please provide a correct Mobile Number",
    });
    expect(
      errorsOf(withValue(illnessPayload, "policyInformation.policyType", "Corporate")),
    ).toEqual({ "policyInformation.corporateCompanyName": "Please provide Company name" });
  });

  it("applies the Step 2 rules with the payload's names", () => {
    expect(
      errorsOf(withValue(illnessPayload, "insuredInformation.firstDiagnosedDate", "")),
    ).toEqual({
      "insuredInformation.firstDiagnosedDate": "Please provide Date of first consultation",
    });
    expect(
      errorsOf(
        withValue(illnessPayload, "insuredInformation.dateSymptomsDiscovered", "09/13/2026"),
      ),
    ).toEqual({
      "insuredInformation.dateSymptomsDiscovered":
        "Date cannot be later than the date of first consultation",
    });
    expect(errorsOf(withValue(illnessPayload, "basicInformation.causeOfLoss", "Flu"))).toEqual({
      "basicInformation.causeOfLoss": "Please provide Accident or Illness",
    });
    expect(
      errorsOf(withValue(deathPayload, "insuredInformation.dateOfLoss", "01/01/1970")),
    ).toEqual({
      "insuredInformation.dateOfLoss": "Date cannot be earlier than the insured's date of birth",
    });
    expect(
      errorsOf(withValue(deathPayload, "insuredInformation.dateOfLoss", "01/01/2999")),
    ).toEqual({ "insuredInformation.dateOfLoss": "Date cannot be later than today" });
    expect(errorsOf(withValue(deathPayload, "basicInformation.natureOfDeath", ""))).toEqual({
      "basicInformation.natureOfDeath": "Please provide Nature of death",
    });
    expect(errorsOf(withValue(deathPayload, "policyInformation.policyNumber", "123"))).toEqual({
      "policyInformation.policyNumber": "Length should be 10",
    });
  });

  it("applies the beneficiary rules to a death claim", () => {
    expect(errorsOf(withValue(deathPayload, "beneficiaryList", []))).toEqual({
      beneficiaryList: "Please provide at least one beneficiary",
    });
    expect(errorsOf(withValue(deathPayload, "beneficiaryList.1.zipCode", "60"))).toEqual({
      "beneficiaryList.1.zipCode": "Please provide a correct Zip code",
    });
    expect(errorsOf(withValue(deathPayload, "beneficiaryList.0.citizenship", "CN"))).toEqual({
      "beneficiaryList.0.mainlandChinaStatement":
        "Please make sure to agree on the terms and conditions in order to proceed.",
    });
  });

  it("carries noMiddleName as Y or N and holds the middle name to it", () => {
    const noMiddle = buildClaimPayload({
      ...base,
      step1: toStep1(publicStartFormSchema.parse({ ...joseStartForm, noMiddleName: true })),
      details: death,
      beneficiaries: [spouse, child],
    });
    expect(noMiddle.insuredInformation).toMatchObject({ middleName: "", noMiddleName: "Y" });
    expect(errorsOf(noMiddle)).toEqual({});
    expect(errorsOf(withValue(deathPayload, "insuredInformation.middleName", ""))).toEqual({
      "insuredInformation.middleName": "Please provide Middle Initial",
    });
    expect(errorsOf(withValue(noMiddle, "insuredInformation.middleName", "P"))).toEqual({
      "insuredInformation.middleName": "This value does not match the rest of the claim",
    });
    expect(errorsOf(withValue(deathPayload, "beneficiaryList.0.noMiddleName", "N"))).toEqual({
      "beneficiaryList.0.middleName": "Please provide Middle Initial",
    });
    expect(
      errorsOf(withValue(deathPayload, "insuredInformation.noMiddleName", "yes"))[
        "insuredInformation.noMiddleName"
      ],
    ).toBeDefined();
  });

  it("wants a minor's guardian, named and reachable, and no guardian for an adult", () => {
    expect(errorsOf(withValue(deathPayload, "beneficiaryList.1.guardian.phoneNumber", ""))).toEqual(
      {
        "beneficiaryList.1.guardian.phoneNumber": "Please provide the guardian's mobile number",
      },
    );
    expect(
      errorsOf(withValue(deathPayload, "beneficiaryList.1.guardian.relationship", "Friend")),
    ).toEqual({
      "beneficiaryList.1.guardian.relationship":
        "Please provide the guardian's relationship to the beneficiary",
    });
    expect(
      errorsOf(withValue(deathPayload, "beneficiaryList.0.guardian.firstName", "Ana")),
    ).toEqual({
      "beneficiaryList.0.guardian.firstName": "This value does not match the rest of the claim",
    });
    expect(errorsOf(withValue(deathPayload, "beneficiaryList.1.guardian", undefined))).toEqual({
      "beneficiaryList.1.guardian": expect.any(String),
    });
  });

  it("applies the payout rules to a living claim", () => {
    expect(errorsOf(withValue(illnessPayload, "payoutInformation", noPayout))).toEqual({
      "payoutInformation.bankCode": "Please provide Bank",
      "payoutInformation.accountName": "Please provide Account name",
      "payoutInformation.accountNumber": "Please provide Account number",
    });
    expect(errorsOf(withValue(illnessPayload, "payoutInformation.accountNumber", "123"))).toEqual({
      "payoutInformation.accountNumber": "Account number should be 10 digits",
    });
  });

  it("carries an e-wallet payout as its issuer and 09… number, and reads it back", () => {
    const gcash = {
      method: "gcash",
      bank: "",
      accountName: "Jose P Rizal",
      accountNumber: "9171234567",
    } as const;
    const payload = buildClaimPayload({ ...base, details: illness, payout: gcash });
    expect(payload.payoutInformation).toStrictEqual({
      payoutMethod: "E-Wallet",
      bankCode: "GCASH",
      bankName: "GCash",
      accountName: "Jose P Rizal",
      accountNumber: "09171234567",
    });
    expect(errorsOf(payload)).toEqual({});
    expect(errorsOf(withValue(payload, "payoutInformation.accountNumber", "0817123456"))).toEqual({
      "payoutInformation.accountNumber": "Please provide a correct Mobile Number",
    });
    expect(errorsOf(withValue(payload, "payoutInformation.bankName", "GCash Bank"))).toEqual({
      "payoutInformation.bankName": "This value does not match the rest of the claim",
    });
    expect(errorsOf(withValue(payload, "payoutInformation.payoutMethod", "Cash"))).toEqual({
      "payoutInformation.payoutMethod": expect.any(String),
    });
  });

  it("refuses values that do not follow from the rest of the claim", () => {
    const mismatch = "This value does not match the rest of the claim";
    expect(errorsOf(withValue(deathPayload, "beneficiaryList.0.hasForm", 0))).toEqual({
      "beneficiaryList.0.hasForm": mismatch,
    });
    expect(errorsOf(withValue(deathPayload, "beneficiaryList.1.gender", "F"))).toEqual({
      "beneficiaryList.1.gender": mismatch,
    });
    expect(errorsOf(withValue(deathPayload, "beneficiaryList.1.beneficiaryNo", 3))).toEqual({
      "beneficiaryList.1.beneficiaryNo": mismatch,
    });
    expect(
      errorsOf(withValue(illnessPayload, "insuredInformation.dateOfLoss", "09/10/2026")),
    ).toEqual({ "insuredInformation.dateOfLoss": mismatch });
    expect(
      errorsOf(withValue(illnessPayload, "insuredInformation.accidentPlace", "Makati")),
    ).toEqual({ "insuredInformation.accidentPlace": mismatch });
    expect(errorsOf(withValue(deathPayload, "insuredInformation.isSurgeryPerformed", "Y"))).toEqual(
      { "insuredInformation.isSurgeryPerformed": mismatch },
    );
    expect(errorsOf(withValue(illnessPayload, "payoutInformation.bankName", "My Bank"))).toEqual({
      "payoutInformation.bankName": mismatch,
    });
    expect(
      errorsOf(withValue(illnessPayload, "beneficiaryList", deathPayload.beneficiaryList)),
    ).toEqual({ "beneficiaryList.0": mismatch });
  });

  it("wants the accident or illness answer of a living claim, Y or N, and no other", () => {
    const mismatch = "This value does not match the rest of the claim";
    expect(
      errorsOf(withValue(livingAccidentPayload, "insuredInformation.accidentResult", "")),
    ).toEqual({
      "insuredInformation.accidentResult":
        "Please answer Yes or No: did the accident injure the head, brain, spine or nerves?",
    });
    expect(errorsOf(withValue(illnessPayload, "insuredInformation.illnessResult", ""))).toEqual({
      "insuredInformation.illnessResult":
        "Please answer Yes or No: is the illness a condition of the brain, spinal cord or nerves?",
    });
    expect(
      errorsOf(withValue(livingAccidentPayload, "insuredInformation.accidentResult", "Y")),
    ).toEqual({});
    expect(errorsOf(withValue(illnessPayload, "insuredInformation.illnessResult", "Y"))).toEqual(
      {},
    );
    // The other subtype's answer and a death claim's are "".
    expect(
      errorsOf(withValue(livingAccidentPayload, "insuredInformation.illnessResult", "N")),
    ).toEqual({ "insuredInformation.illnessResult": mismatch });
    expect(errorsOf(withValue(deathPayload, "insuredInformation.accidentResult", "Y"))).toEqual({
      "insuredInformation.accidentResult": mismatch,
    });
    expect(
      errorsOf(withValue(illnessPayload, "insuredInformation.illnessResult", "Yes"))[
        "insuredInformation.illnessResult"
      ],
    ).toBeDefined();
    expect(
      errorsOf(withValue(illnessPayload, "insuredInformation.accidentResult", undefined))[
        "insuredInformation.accidentResult"
      ],
    ).toBeDefined();
  });

  it("drops keys the payload does not have", () => {
    const result = claimPayloadSchema.safeParse({ ...deathPayload, isAdmin: true });
    expect(result.success && "isAdmin" in result.data).toBe(false);
  });
});

describe("finalSubmitClaimSchema", () => {
  const body = {
    ...deathPayload,
    webReferenceNumber: "WEB-2026-000123",
    basicInformation: {
      ...deathPayload.basicInformation,
      companyName: "Kalinga Life",
      channelName: "Corporate Website",
    },
    declarations: { truthful: "Y", medicalRecordsRelease: "Y", dataPrivacy: "Y" },
  };

  it("takes the claim with what every claim call carries", () => {
    const result = finalSubmitClaimSchema.safeParse(body);
    expect(result.success && result.data.webReferenceNumber).toBe("WEB-2026-000123");
    expect(result.success && result.data.basicInformation).toEqual({
      companyName: "Kalinga Life",
      channelName: "Corporate Website",
      claimType: "Death",
      causeOfLoss: "Multiple injuries from a road accident",
      natureOfDeath: "AC",
      isFirstSubmit: "Y",
    });
  });

  it("wants the company, the channel, the web reference number and the declarations", () => {
    expect(Object.keys(errorsOf(deathPayload, finalSubmitClaimSchema)).sort()).toEqual([
      "basicInformation.channelName",
      "basicInformation.companyName",
      "declarations.dataPrivacy",
      "declarations.medicalRecordsRelease",
      "declarations.truthful",
      "webReferenceNumber",
    ]);
  });

  it("keeps the declarations beside the claim, never in section 3's payload", () => {
    const result = finalSubmitClaimSchema.safeParse(body);
    expect(result.success && result.data.declarations).toEqual(body.declarations);
    expect("declarations" in deathPayload).toBe(false);
    expect(claimPayloadSchema.safeParse(body).success).toBe(true);
  });

  it("applies the claim rules too", () => {
    expect(errorsOf({ ...body, beneficiaryList: [] }, finalSubmitClaimSchema)).toEqual({
      beneficiaryList: "Please provide at least one beneficiary",
    });
  });

  it("names a declaration not agreed and a broken rule in one answer", () => {
    const { declarations: _agreed, ...withoutDeclarations } = body;
    expect(
      errorsOf(
        {
          ...withoutDeclarations,
          declarations: { truthful: "Y", dataPrivacy: "Y" },
          beneficiaryList: [],
        },
        finalSubmitClaimSchema,
      ),
    ).toEqual({
      "declarations.medicalRecordsRelease":
        "Please agree to this declaration to submit your claim.",
      beneficiaryList: "Please provide at least one beneficiary",
    });
  });
});

describe("text the database cannot store", () => {
  it("is refused at the field that holds it, codes included, with the field's name", () => {
    expect(
      errorsOf(withValue(livingAccidentPayload, "insuredInformation.homeAddress", "12\u0000")),
    ).toEqual({
      "insuredInformation.homeAddress":
        "Home Address has characters that cannot be saved. Please retype it.",
    });
    expect(
      errorsOf(withValue(livingAccidentPayload, "insuredInformation.citizenship", "PH\u0000")),
    ).toEqual({
      "insuredInformation.citizenship":
        "Country of citizenship has characters that cannot be saved. Please retype it.",
    });
    expect(
      errorsOf(withValue(deathPayload, "beneficiaryList.0.addressLine1", "45 Rizal \uD83D")),
    ).toEqual({
      "beneficiaryList.0.addressLine1":
        "Address line 1 has characters that cannot be saved. Please retype it.",
    });
  });

  it("is cleaned before the claim rules compare it with what the builder makes", () => {
    const sent = withValue(
      livingAccidentPayload,
      "insuredInformation.accidentPlace",
      `\u202E${livingAccidentPayload.insuredInformation.accidentPlace}\u200B`,
    );
    const result = claimPayloadSchema.safeParse(sent);
    expect(result.success && result.data.insuredInformation.accidentPlace).toBe(
      livingAccidentPayload.insuredInformation.accidentPlace,
    );
  });
});
