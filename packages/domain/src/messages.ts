// Messages the specification states, to the character. The widget and the server both show these.
// Each group is declared with defineTexts, so a locale's catalogue can give the widget its own
// words for them while the English stays exactly as written.

import { defineTexts, fill } from "./localized-texts.ts";
import {
  EXPIRED_OTP,
  OTP_ATTEMPTS_EXHAUSTED,
  OTP_ATTEMPTS_EXHAUSTED_BUTTON,
  SYSTEM_ERROR,
  SYSTEM_ERROR_BUTTON,
  UNEXPECTED_APPLICATION_ERROR,
  WRONG_OTP,
} from "./spec-messages.ts";

export {
  EXPIRED_OTP,
  OTP_ATTEMPTS_EXHAUSTED,
  OTP_ATTEMPTS_EXHAUSTED_BUTTON,
  SYSTEM_ERROR,
  SYSTEM_ERROR_BUTTON,
  UNEXPECTED_APPLICATION_ERROR,
  WRONG_OTP,
};

/** The messages above, keyed for catalogues. */
export const SPEC_MESSAGES = defineTexts("messages", {
  systemError: SYSTEM_ERROR,
  systemErrorButton: SYSTEM_ERROR_BUTTON,
  wrongOtp: WRONG_OTP,
  expiredOtp: EXPIRED_OTP,
  otpAttemptsExhausted: OTP_ATTEMPTS_EXHAUSTED,
  otpAttemptsExhaustedButton: OTP_ATTEMPTS_EXHAUSTED_BUTTON,
  unexpectedApplicationError: UNEXPECTED_APPLICATION_ERROR,
});

export const FIELD_MESSAGES = defineTexts("fieldMessages", {
  firstNameRequired: "Please provide First Name",
  middleNameRequired: "Please provide Middle Initial",
  lastNameRequired: "Please provide Last Name",
  specialCharacters: "Special characters not allowed",
  tooLong: "Exceeds the maximum length",
  dateOfBirthRequired: "Please provide Date Of Birth",
  mobileRequired: "Please provide Mobile number",
  mobileInvalid: "Please provide a correct Mobile Number",
  emailRequired: "Please provide Email Address",
  emailInvalid: "Please provide a correct Email Address",
  homeAddressRequired: "Please provide Home Address",
  citizenshipRequired: "Please provide Country of citizenship",
  countryResidentRequired: "Please provide owner's country of residence",
  policyTypeRequired: "Please provide Type of policies",
  companyNameRequired: "Please provide Company name",
  policyNumberLength: "Length should be 10",
  policyNumberRequired: "Please select Policy Number",
  mainlandChinaStatementRequired:
    "Please make sure to agree on the terms and conditions in order to proceed.",
  otpMobileRequired: "Mobile number is required.",
  otpMobileInvalid: "Please provide a correct Mobile number.",
});

// Not stated by the specification; decided in docs/decisions/0003-messages-the-specification-leaves-open.md.
export const DECIDED_MESSAGES = defineTexts("decidedMessages", {
  dateOfBirthInFuture: "Date of birth cannot be later than today",
  dateInvalid: "Please enter the date as DD MMM YYYY",
  otpCodeIncomplete: "Please enter the 6-digit code",
  otpCodeLocked: "Too many wrong codes. Please request a new OTP.",
  otpNoMoreSends: "That was the last code we can send for this claim. Enter it before it expires.",
  /** The tries left for a code: none, then the locale's plural forms ("1 more try", "2 more tries"). */
  otpGuessesNone: "That was the last try for this code. Please request a new OTP.",
  otpGuessesOne: "{guesses} more try for this code; after that, request a new OTP.",
  otpGuessesOther: "{guesses} more tries for this code; after that, request a new OTP.",
  tooManyRequests: "Too many attempts. Please wait a moment and try again.",
});

/** "2 more tries for this code; …" in `texts`' locale, its plural form chosen by Intl.PluralRules. */
export function otpGuessesLeft(
  guesses: number,
  texts: typeof DECIDED_MESSAGES = DECIDED_MESSAGES,
  locale = "en",
): string {
  if (guesses === 0) return texts.otpGuessesNone;
  const one = new Intl.PluralRules(locale).select(guesses) === "one";
  return fill(one ? texts.otpGuessesOne : texts.otpGuessesOther, { guesses });
}

// Steps 2 and 3 of the filing journey: the specification gives none of these; decided in
// docs/decisions/0021-claim-details-beneficiaries-payout.md.
export const FILING_MESSAGES = defineTexts("filingMessages", {
  claimTypeRequired: "Please provide Type of claim",
  livingSubtypeRequired: "Please provide Accident or Illness",
  accidentDateRequired: "Please provide Date of accident",
  accidentPlaceRequired: "Please provide Place of accident",
  injuryDetailsRequired: "Please provide Injury details",
  partOfBodyInjuredRequired: "Please provide Part of body injured",
  accidentResultRequired:
    "Please answer Yes or No: did the accident injure the head, brain, spine or nerves?",
  diagnosisRequired: "Please provide Diagnosis",
  illnessDetailsRequired: "Please provide Illness details",
  illnessResultRequired:
    "Please answer Yes or No: is the illness a condition of the brain, spinal cord or nerves?",
  dateSymptomsDiscoveredRequired: "Please provide Date symptoms were discovered",
  dateOfFirstConsultationRequired: "Please provide Date of first consultation",
  dateOfDeathRequired: "Please provide Date of death",
  causeOfDeathRequired: "Please provide Cause of death",
  natureOfDeathRequired: "Please provide Nature of death",
  dateInFuture: "Date cannot be later than today",
  dateBeforeBirth: "Date cannot be earlier than the insured's date of birth",
  dateAfterFirstConsultation: "Date cannot be later than the date of first consultation",
  beneficiaryRequired: "Please provide at least one beneficiary",
  tooManyBeneficiaries: "You can name up to 10 beneficiaries",
  relationshipRequired: "Please provide Relationship to the insured",
  honorificRequired: "Please provide Title",
  placeOfBirthRequired: "Please provide Place of birth",
  nationalityRequired: "Please provide Nationality",
  addressLine1Required: "Please provide Address",
  provinceRequired: "Please provide Province",
  districtOrBarangayRequired: "Please provide District or barangay",
  cityRequired: "Please provide City or municipality",
  countryRequired: "Please provide Country",
  zipCodeRequired: "Please provide Zip code",
  zipCodeInvalid: "Please provide a correct Zip code",
  sexRequired: "Please provide Sex",
  occupationRequired: "Please provide Occupation",
  // A minor beneficiary's guardian: docs/decisions/0049-a-minor-beneficiarys-guardian.md.
  guardianFirstNameRequired: "Please provide the guardian's first name",
  guardianLastNameRequired: "Please provide the guardian's last name",
  guardianRelationshipRequired: "Please provide the guardian's relationship to the beneficiary",
  guardianMobileRequired: "Please provide the guardian's mobile number",
  guardianEmailRequired: "Please provide the guardian's email address",
  docVerifyAuthorizeRequired:
    "Please authorize the verification of the documents in order to proceed.",
  bankRequired: "Please provide Bank",
  accountNameRequired: "Please provide Account name",
  accountNumberRequired: "Please provide Account number",
  accountNumberInvalid: "Please provide a correct Account number",
  /** "Account number should be 10 digits", "… 10 or 12 digits", "… 10 to 16 digits". */
  accountNumberLength: "Account number should be {digits} digits",
  walletNumberRequired: "Please provide the e-wallet's mobile number",
  payloadMismatch: "This value does not match the rest of the claim",
  payloadDateInvalid: "Date should be MM/dd/yyyy",
});

// Text that cannot be saved (a NUL, a control character, half of an emoji): decided in
// docs/decisions/0032-free-text-and-mobile-numbers.md. The message names the field by its label.
export const FREE_TEXT_LABELS = defineTexts("freeTextLabels", {
  firstName: "First Name",
  middleName: "Middle Initial",
  lastName: "Last Name",
  suffix: "Suffix",
  phoneNumber: "Mobile Number",
  emailAddress: "Email Address",
  homeAddress: "Home Address",
  citizenship: "Country of citizenship",
  countryResident: "Country of residence",
  corporateCompany: "Company",
  corporateCompanyName: "Company name",
  companyOther: "Company name",
  policyNumber: "Policy Number",
  causeOfLoss: "Cause of death",
  accidentPlace: "Place of accident",
  injuryDetails: "Injury details",
  partOfBodyInjured: "Part of body injured",
  diagnosis: "Diagnosis",
  illnessDetails: "Illness details",
  relationship: "Relationship to the insured",
  honorific: "Title",
  placeOfBirth: "Place of birth",
  nationality: "Nationality",
  addressLine1: "Address line 1",
  addressLine2: "Address line 2",
  province: "Province",
  districtOrBarangay: "District or barangay",
  city: "City or municipality",
  country: "Country",
  zipCode: "Zip code",
  gender: "Sex",
  sex: "Sex",
  occupation: "Occupation",
  employerName: "Employer name",
  positionStatement: "Position",
  guardianFirstName: "Guardian's first name",
  guardianMiddleName: "Guardian's middle name",
  guardianLastName: "Guardian's last name",
  guardianPhoneNumber: "Guardian's mobile number",
  guardianEmailAddress: "Guardian's email address",
  bankCode: "Bank",
  bankName: "Bank name",
  accountName: "Account name",
  accountNumber: "Account number",
  agentCode: "Agent code",
  comment: "Your comment",
});

export type FreeTextField = keyof typeof FREE_TEXT_LABELS;

export const FREE_TEXT_TEXTS = defineTexts("freeTextMessages", {
  /** "Home Address has characters that cannot be saved. Please retype it." */
  unsavable: "{label} has characters that cannot be saved. Please retype it.",
});

export const FREE_TEXT_MESSAGES = {
  unsavable: (label: string) => fill(FREE_TEXT_TEXTS.unsavable, { label }),
} as const;
