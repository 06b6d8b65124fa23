import * as z from "zod/mini";
import { MAX_BENEFICIARIES } from "./beneficiary.ts";
import { COUNTRY_CODE, IS_FIRST_SUBMIT_DEFAULT } from "./constants.ts";
import { fromPayloadDate } from "./dates.ts";
import { freeText } from "./free-text.ts";
import { FILING_MESSAGES as F } from "./messages.ts";

// The finalSubmitClaim payload of section 3: its shape. build-claim-payload.ts makes it from
// Steps 1 to 3, inputs-of-payload.ts reads it back, claim-payload-schema.ts checks it. Dates are MM/dd/yyyy; empty values are "". Every string,
// codes included, is free text to the schema: each is stored, so each must be savable.

/** The benefits claimed become "Y" or "N". */
export type YesNo = "Y" | "N";
/** The payout methods as payoutInformation names them (docs/decisions/0045-payout-methods.md). */
export const PAYOUT_METHOD_BANK_CREDIT = "Bank Credit";
export const PAYOUT_METHOD_E_WALLET = "E-Wallet";

const payloadDate = z
  .string()
  .check(z.refine<string>((v) => v === "" || fromPayloadDate(v) !== null, F.payloadDateInvalid));
const yesNo = z.enum(["Y", "N"]);
const yesOrEmpty = z.enum(["Y", ""]);
/** A per-item result: Y or N for the item the claim is about, "" for the other. */
const yesNoOrEmpty = z.enum(["Y", "N", ""]);

export const claimBasicShape = {
  claimType: z.enum(["Death", "Living"]),
  /** The cause of death for Death; AC or IL for Living. */
  causeOfLoss: freeText("causeOfLoss"),
  /** AC or IL for Death, "" for Living: the document slots of a death claim depend on it. */
  natureOfDeath: z.enum(["AC", "IL", ""]),
  isFirstSubmit: z.literal(IS_FIRST_SUBMIT_DEFAULT),
};

const policyInformation = z.object({
  policyType: z.enum(["Individual", "Corporate"]),
  corporateCompany: freeText("corporateCompany"),
  corporateCompanyName: freeText("corporateCompanyName"),
  policyNumber: freeText("policyNumber"),
});

/** The person fields' noMiddleName flag (section 3), "Y" or "N" like the payload's other flags. */
const noMiddleName = yesNo;

/** A minor beneficiary's guardian; every value "" for an adult (decision 0049). */
const guardianPayload = z.object({
  firstName: freeText("guardianFirstName"),
  middleName: freeText("guardianMiddleName"),
  lastName: freeText("guardianLastName"),
  relationship: freeText("relationship"),
  phoneNumber: freeText("guardianPhoneNumber"),
  emailAddress: freeText("guardianEmailAddress"),
});

const insuredInformation = z.object({
  firstName: freeText("firstName"),
  middleName: freeText("middleName"),
  noMiddleName,
  lastName: freeText("lastName"),
  suffix: freeText("suffix"),
  dateOfLoss: payloadDate,
  dateOfBirth: payloadDate,
  countryResident: freeText("countryResident"),
  citizenship: freeText("citizenship"),
  phoneNumber: freeText("phoneNumber"),
  emailAddress: freeText("emailAddress"),
  homeAddress: freeText("homeAddress"),
  injuryDetails: freeText("injuryDetails"),
  partOfBodyInjured: freeText("partOfBodyInjured"),
  accidentDate: payloadDate,
  accidentPlace: freeText("accidentPlace"),
  diagnosis: freeText("diagnosis"),
  illnessDetails: freeText("illnessDetails"),
  /** Accident claims: Y when the head, brain, spine or nerves were injured, else N; "" otherwise. */
  accidentResult: yesNoOrEmpty,
  /** Illness claims: Y when it is a condition of the brain, spinal cord or nerves, else N; "" otherwise. */
  illnessResult: yesNoOrEmpty,
  isSurgeryPerformed: yesNo,
  isConfinement: yesNo,
  isDismembermentAmputation: yesNo,
  isDisability: yesNo,
  dateSymptomsDiscovered: payloadDate,
  firstDiagnosedDate: payloadDate,
  countryCode: z.literal(COUNTRY_CODE),
});

const beneficiaryPayload = z.object({
  beneficiaryNo: z.number().check(z.int(), z.minimum(1)),
  countryCode: z.literal(COUNTRY_CODE),
  mainlandChinaStatement: yesOrEmpty,
  markectingCampaignsConsent: yesOrEmpty,
  financialServicesConsent: yesOrEmpty,
  relationship: freeText("relationship"),
  honorific: freeText("honorific"),
  firstName: freeText("firstName"),
  middleName: freeText("middleName"),
  noMiddleName,
  lastName: freeText("lastName"),
  suffix: freeText("suffix"),
  dateOfBirth: payloadDate,
  placeOfBirth: freeText("placeOfBirth"),
  citizenship: freeText("citizenship"),
  nationality: freeText("nationality"),
  phoneNumber: freeText("phoneNumber"),
  emailAddress: freeText("emailAddress"),
  addressLine1: freeText("addressLine1"),
  addressLine2: freeText("addressLine2"),
  province: freeText("province"),
  districtOrBarangay: freeText("districtOrBarangay"),
  city: freeText("city"),
  country: freeText("country"),
  zipCode: freeText("zipCode"),
  gender: freeText("gender"),
  sex: freeText("sex"),
  occupation: freeText("occupation"),
  employerName: freeText("employerName"),
  positionStatement: freeText("positionStatement"),
  docVerifyAuthorize: yesOrEmpty,
  hasForm: z.union([z.literal(0), z.literal(1)]),
  guardian: guardianPayload,
});

const payoutInformation = z.object({
  payoutMethod: z.enum([PAYOUT_METHOD_BANK_CREDIT, PAYOUT_METHOD_E_WALLET, ""]),
  bankCode: freeText("bankCode"),
  bankName: freeText("bankName"),
  accountName: freeText("accountName"),
  accountNumber: freeText("accountNumber"),
});

export const claimShape = {
  policyInformation,
  insuredInformation,
  beneficiaryList: z.array(beneficiaryPayload).check(z.maxLength(MAX_BENEFICIARIES)),
  /** Living claims only; every value "" on a death claim. */
  payoutInformation,
};

export const claimPayloadObject = z.object({
  basicInformation: z.object(claimBasicShape),
  ...claimShape,
});

export type ClaimPayload = z.infer<typeof claimPayloadObject>;
export type BeneficiaryPayload = ClaimPayload["beneficiaryList"][number];
