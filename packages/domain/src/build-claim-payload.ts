import { type Beneficiary, isUsPerson } from "./beneficiary.ts";
import type { ChannelId } from "./channel.ts";
import { type ClaimDetails, dateOfLossOf } from "./claim-details.ts";
import type { BeneficiaryPayload, ClaimPayload, YesNo } from "./claim-payload.ts";
import { PAYOUT_METHOD_BANK_CREDIT } from "./claim-payload.ts";
import { COUNTRY_CODE, IS_FIRST_SUBMIT_DEFAULT } from "./constants.ts";
import { toPayloadDate } from "./dates.ts";
import { bankOf, type Payout } from "./payout.ts";
import type { Option, PublicStartForm } from "./start-form.ts";

// The widget's side: validated Steps 1 to 3 into the finalSubmitClaim payload of section 3.

export type ClaimPayloadInput = {
  /** Step 1, as kept in session ("step1"); on the member portal it carries the policy number. */
  step1: PublicStartForm;
  details: ClaimDetails;
  /** Death claims; ignored for Living. */
  beneficiaries: readonly Beneficiary[];
  /** Living claims; ignored for Death. */
  payout: Payout | null;
  channel: ChannelId;
};

const yn = (chosen: boolean): YesNo => (chosen ? "Y" : "N");
const codeOf = (option: Option | null): string => option?.value ?? "";

export function toBeneficiaryPayload(beneficiary: Beneficiary, index: number): BeneficiaryPayload {
  const b = beneficiary;
  return {
    beneficiaryNo: index + 1,
    countryCode: COUNTRY_CODE,
    mainlandChinaStatement: b.mainlandChinaStatement,
    markectingCampaignsConsent: b.markectingCampaignsConsent,
    financialServicesConsent: b.financialServicesConsent,
    relationship: b.relationship,
    honorific: b.honorific,
    firstName: b.firstName,
    middleName: b.noMiddleName ? "" : b.middleName,
    lastName: b.lastName,
    suffix: b.suffix,
    dateOfBirth: toPayloadDate(b.dateOfBirth),
    placeOfBirth: b.placeOfBirth,
    citizenship: codeOf(b.citizenship),
    nationality: codeOf(b.nationality),
    phoneNumber: b.phoneNumber,
    emailAddress: b.emailAddress,
    addressLine1: b.addressLine1,
    addressLine2: b.addressLine2,
    province: b.province,
    districtOrBarangay: b.districtOrBarangay,
    city: b.city,
    country: codeOf(b.country),
    zipCode: b.zipCode,
    gender: b.sex,
    sex: b.sex,
    occupation: b.occupation,
    employerName: b.employerName,
    positionStatement: b.positionStatement,
    docVerifyAuthorize: b.docVerifyAuthorize,
    hasForm: isUsPerson(b) ? 1 : 0,
  };
}

/**
 * The section 3 payload, field for field, from validated Steps 1 to 3. Only the fields of the
 * chosen claim type are sent; the others are "". Throws on a claim without a type or policy type,
 * which validation never lets through.
 */
export function buildClaimPayload(input: ClaimPayloadInput): ClaimPayload {
  const { step1, details } = input;
  const claimType = details.claimType;
  const policyType = step1.policyType;
  if (claimType === "" || policyType === "") {
    throw new Error("buildClaimPayload needs a validated claim: claim type and policy type.");
  }
  const death = claimType === "Death";
  const living = claimType === "Living";
  const accident = living && details.livingSubtype === "AC";
  const illness = living && details.livingSubtype === "IL";
  const corporate = policyType === "Corporate";
  const payout = living ? input.payout : null;
  return {
    basicInformation: {
      claimType,
      causeOfLoss: death ? details.causeOfLoss : details.livingSubtype,
      natureOfDeath: death ? details.natureOfDeath : "",
      isFirstSubmit: IS_FIRST_SUBMIT_DEFAULT,
    },
    policyInformation: {
      policyType,
      corporateCompany: corporate ? codeOf(step1.company) : "",
      corporateCompanyName: corporate ? step1.companyOther : "",
      policyNumber:
        input.channel === "member-portal" ? (step1.policyNumber ?? "") : details.policyNumber,
    },
    insuredInformation: {
      firstName: step1.firstName,
      middleName: step1.middleName,
      lastName: step1.lastName,
      suffix: step1.suffix,
      dateOfLoss: toPayloadDate(dateOfLossOf(details)),
      dateOfBirth: toPayloadDate(step1.dateOfBirth),
      countryResident: codeOf(step1.countryResident),
      citizenship: codeOf(step1.citizenship),
      phoneNumber: step1.phoneNumber,
      emailAddress: step1.emailAddress,
      homeAddress: step1.homeAddress,
      injuryDetails: accident ? details.injuryDetails : "",
      partOfBodyInjured: accident ? details.partOfBodyInjured : "",
      accidentDate: accident ? toPayloadDate(details.accidentDate) : "",
      accidentPlace: accident ? details.accidentPlace : "",
      diagnosis: illness ? details.diagnosis : "",
      illnessDetails: illness ? details.illnessDetails : "",
      accidentResult: accident ? details.accidentResult : "",
      illnessResult: illness ? details.illnessResult : "",
      isSurgeryPerformed: yn(living && details.surgery),
      isConfinement: yn(living && details.confinement),
      isDismembermentAmputation: yn(living && details.dismembermentAmputation),
      isDisability: yn(living && details.disability),
      dateSymptomsDiscovered: illness ? toPayloadDate(details.dateSymptomsDiscovered) : "",
      firstDiagnosedDate: living ? toPayloadDate(details.dateOfFirstConsultation) : "",
      countryCode: COUNTRY_CODE,
    },
    beneficiaryList: death ? input.beneficiaries.map(toBeneficiaryPayload) : [],
    payoutInformation: payout
      ? {
          payoutMethod: PAYOUT_METHOD_BANK_CREDIT,
          bankCode: payout.bank,
          bankName: bankOf(payout.bank)?.label ?? "",
          accountName: payout.accountName,
          accountNumber: payout.accountNumber,
        }
      : { payoutMethod: "", bankCode: "", bankName: "", accountName: "", accountNumber: "" },
  };
}
