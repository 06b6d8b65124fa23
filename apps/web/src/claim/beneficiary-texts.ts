import { NAME_TIPS } from "@kalinga/content/name-tips";

// Texts of the beneficiary form that its review shares too: the name tips and the minor's
// guardian, keyed, with their English defaults. Messages are the domain's (FILING_MESSAGES).

export const BENEFICIARY_TEXTS = {
  step: "Step 3 of 4",
  stepTitle: "Beneficiaries",
  intro: (most: number) =>
    `The benefit of a death claim is paid to the beneficiaries. Add each beneficiary named on the policy, up to ${most}.`,
  count: (count: number) =>
    count === 0
      ? "No beneficiaries added yet"
      : `${count} ${count === 1 ? "beneficiary" : "beneficiaries"}`,
  /** The form's title when adding one. */
  newBeneficiary: "New beneficiary",
  /** "Beneficiary 2": the form's title when editing, and the name of one without a name yet. */
  numbered: (number: number) => `Beneficiary ${number}`,
  /** In the list, after the relationship: "born 05 Mar 1961". */
  born: (date: string) => `born ${date}`,
  needsCheck: "Some details need checking. Please edit this beneficiary.",
  edit: "Edit",
  editNamed: (name: string) => `Edit ${name}`,
  remove: "Remove",
  removeNamed: (name: string) => `Remove ${name}`,
  removeTitle: (name: string) => `Remove ${name}?`,
  removeText: "Their details will be deleted from this claim.",
  add: "Add a beneficiary",
  listFull: "You have named the most beneficiaries a claim can hold.",
  discardTitle: "Discard your changes?",
  discardText: "What you typed for this beneficiary will not be kept.",
  discard: "Discard",
  minorBadge: "Minor",
  minorNote:
    "This beneficiary is under 18. We will ask for the guardian\u2019s documents, such as a guardianship affidavit, with the claim documents.",

  whoSection: "Who they are",
  relationship: "Relationship to the insured",
  honorific: "Title",
  firstName: "First name",
  middleName: "Middle name",
  lastName: "Last name",
  suffix: "Suffix",
  dateOfBirth: "Date of birth",
  placeOfBirth: "Place of birth",
  citizenship: "Citizenship",
  nationality: "Nationality",
  sex: "Sex",

  contactSection: "How to reach them",
  contactHint: "We contact the beneficiary here about the claim.",
  /** For a minor, whose guardian's mobile and e-mail are used (decision 0049). */
  contactHintMinor:
    "A minor\u2019s own mobile number and email address are optional: we contact the guardian.",
  mobileNumber: "Mobile number",
  emailAddress: "Email address",
  mobileNumberOptional: "Mobile number (optional)",
  emailAddressOptional: "Email address (optional)",

  addressSection: "Address",
  addressHint:
    "An address in the Philippines needs the province, the district or barangay and the 4-digit zip code.",
  addressLine1: "Address line 1",
  addressLine2: "Address line 2 (optional)",
  districtOrBarangay: "District or barangay",
  city: "City or municipality",
  province: "Province",
  country: "Country",
  zipCode: "Zip code",

  workSection: "Work",
  occupation: "Occupation",
  employerName: "Employer name (optional)",
  positionStatement: "Position (optional)",

  docVerifyAuthorize:
    "I authorize the insurer to verify this beneficiary's documents with the offices that issued them.",
  cancel: "Cancel",
  save: "Save beneficiary",

  firstNameTips: [NAME_TIPS.allowed, NAME_TIPS.howTo],
  middleNameTips: [NAME_TIPS.allowed, NAME_TIPS.middleInitial, NAME_TIPS.noMiddleName],
  lastNameTips: [NAME_TIPS.allowed, NAME_TIPS.howTo],
  noMiddleName: "No middle name",

  guardianSection: "The minor's guardian",
  guardianIntro:
    "A beneficiary under 18 is paid through a parent or guardian. Tell us who looks after them and how to reach that person.",
  guardianFirstName: "Guardian's first name",
  guardianMiddleName: "Guardian's middle name (optional)",
  guardianLastName: "Guardian's last name",
  guardianRelationship: "Guardian's relationship to the beneficiary",
  guardianMobile: "Guardian's mobile number",
  guardianEmail: "Guardian's email address",
  guardianNameTips: [NAME_TIPS.allowed, NAME_TIPS.howTo],

  /** On the review, beneath a minor: "Guardian: Josephine Bracken (Mother)". */
  reviewGuardian: "Guardian",
} as const;
