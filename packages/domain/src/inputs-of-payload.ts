import type { ClaimPayloadInput } from "./build-claim-payload.ts";
import type { ClaimPayload } from "./claim-payload.ts";
import { fromPayloadDate, type IsoDate } from "./dates.ts";
import type { Option } from "./start-form.ts";

// The server's side: a payload back into the forms it came from, so the same rules can check it.

const iso = (payloadDate: string): IsoDate => fromPayloadDate(payloadDate) ?? "";
const optionFrom = (code: string): Option | null => (code ? { label: code, value: code } : null);

/** Steps 1 to 3 as a payload carries them; country labels do not travel, so codes stand in. */
export function inputsOfPayload(payload: ClaimPayload): Omit<ClaimPayloadInput, "channel"> {
  const {
    basicInformation: basic,
    policyInformation: policy,
    insuredInformation: insured,
  } = payload;
  const death = basic.claimType === "Death";
  const subtype = basic.causeOfLoss === "AC" || basic.causeOfLoss === "IL" ? basic.causeOfLoss : "";
  const corporate = policy.policyType === "Corporate";
  const payout = payload.payoutInformation;
  return {
    step1: {
      firstName: insured.firstName,
      middleName: insured.middleName,
      lastName: insured.lastName,
      suffix: insured.suffix,
      dateOfBirth: iso(insured.dateOfBirth),
      phoneNumber: insured.phoneNumber,
      emailAddress: insured.emailAddress,
      homeAddress: insured.homeAddress,
      citizenship: optionFrom(insured.citizenship),
      countryResident: optionFrom(insured.countryResident),
      policyType: policy.policyType,
      company: corporate ? optionFrom(policy.corporateCompany) : null,
      companyOther: policy.corporateCompanyName,
      policyNumber: policy.policyNumber,
      // The Step 1 consents do not travel in the payload; Step 1 checked the China statement.
      mainlandChinaStatement: "Y",
      markectingCampaignsConsent: "",
      financialServicesConsent: "",
    },
    details: {
      claimType: basic.claimType,
      livingSubtype: death ? "" : subtype,
      accidentDate: iso(insured.accidentDate),
      accidentPlace: insured.accidentPlace,
      injuryDetails: insured.injuryDetails,
      partOfBodyInjured: insured.partOfBodyInjured,
      accidentResult: insured.accidentResult,
      diagnosis: insured.diagnosis,
      illnessDetails: insured.illnessDetails,
      illnessResult: insured.illnessResult,
      dateSymptomsDiscovered: iso(insured.dateSymptomsDiscovered),
      dateOfFirstConsultation: iso(insured.firstDiagnosedDate),
      dateOfLoss: death ? iso(insured.dateOfLoss) : "",
      causeOfLoss: death ? basic.causeOfLoss : "",
      natureOfDeath: basic.natureOfDeath,
      surgery: insured.isSurgeryPerformed === "Y",
      confinement: insured.isConfinement === "Y",
      dismembermentAmputation: insured.isDismembermentAmputation === "Y",
      disability: insured.isDisability === "Y",
      policyNumber: policy.policyNumber,
    },
    beneficiaries: payload.beneficiaryList.map((b) => ({
      relationship: b.relationship,
      honorific: b.honorific,
      firstName: b.firstName,
      middleName: b.middleName,
      noMiddleName: b.middleName === "",
      lastName: b.lastName,
      suffix: b.suffix,
      dateOfBirth: iso(b.dateOfBirth),
      placeOfBirth: b.placeOfBirth,
      citizenship: optionFrom(b.citizenship),
      nationality: optionFrom(b.nationality),
      phoneNumber: b.phoneNumber,
      emailAddress: b.emailAddress,
      addressLine1: b.addressLine1,
      addressLine2: b.addressLine2,
      province: b.province,
      districtOrBarangay: b.districtOrBarangay,
      city: b.city,
      country: optionFrom(b.country),
      zipCode: b.zipCode,
      sex: b.sex,
      occupation: b.occupation,
      employerName: b.employerName,
      positionStatement: b.positionStatement,
      docVerifyAuthorize: b.docVerifyAuthorize,
      mainlandChinaStatement: b.mainlandChinaStatement,
      markectingCampaignsConsent: b.markectingCampaignsConsent,
      financialServicesConsent: b.financialServicesConsent,
    })),
    payout: death
      ? null
      : {
          bank: payout.bankCode,
          accountName: payout.accountName,
          accountNumber: payout.accountNumber,
        },
  };
}
