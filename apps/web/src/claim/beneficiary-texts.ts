import { NAME_TIPS } from "@kalinga/content/name-tips";
import { defineTexts } from "@kalinga/domain/localized-texts";
import type { Option } from "@kalinga/domain/start-form-values";

// Texts of the beneficiary form that its review shares too: the name tips and the minor's
// guardian, keyed, with their English defaults. Messages are the domain's (FILING_MESSAGES).

export const BENEFICIARY_TEXTS = defineTexts("beneficiary", {
  step: "Step 3 of 4",
  stepTitle: "Beneficiaries",
  intro:
    "The benefit of a death claim is paid to the beneficiaries. Add each beneficiary named on the policy, up to {most}.",
  /** The list's count: none, or a plural form chosen with Intl.PluralRules. */
  countNone: "No beneficiaries added yet",
  countOne: "{count} beneficiary",
  countOther: "{count} beneficiaries",
  /** The form's title when adding one. */
  newBeneficiary: "New beneficiary",
  /** "Beneficiary 2": the form's title when editing, and the name of one without a name yet. */
  numbered: "Beneficiary {number}",
  /** In the list, after the relationship: "born 05 Mar 1961". */
  born: "born {date}",
  needsCheck: "Some details need checking. Please edit this beneficiary.",
  edit: "Edit",
  editNamed: "Edit {name}",
  remove: "Remove",
  removeNamed: "Remove {name}",
  removeTitle: "Remove {name}?",
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

  /** The name tips, shown as lists under the name fields (nameTips below). */
  nameTipAllowed: NAME_TIPS.allowed,
  nameTipHowTo: NAME_TIPS.howTo,
  nameTipMiddleInitial: NAME_TIPS.middleInitial,
  nameTipNoMiddleName: NAME_TIPS.noMiddleName,
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

  /** On the review, beneath a minor: "Guardian: Josephine Bracken (Mother)". */
  reviewGuardian: "Guardian",

  /** The labels of the domain's options, by their values (beneficiaryOptions below). */
  relationshipSpouse: "Spouse",
  relationshipChild: "Child",
  relationshipParent: "Parent",
  relationshipSibling: "Sibling",
  relationshipGrandchild: "Grandchild",
  relationshipGrandparent: "Grandparent",
  relationshipOtherRelative: "Other relative",
  relationshipNotRelated: "Not related",
  honorificMr: "Mr.",
  honorificMs: "Ms.",
  honorificMrs: "Mrs.",
  honorificMiss: "Miss",
  honorificDr: "Dr.",
  sexM: "Male",
  sexF: "Female",
  guardianMother: "Mother",
  guardianFather: "Father",
  guardianGrandparent: "Grandparent",
  guardianSibling: "Brother or sister",
  guardianAuntOrUncle: "Aunt or uncle",
  guardianOtherRelative: "Other relative",
  guardianLegal: "Legal guardian, not a relative",
});

type Texts = typeof BENEFICIARY_TEXTS;
type Key = keyof Texts;

/** The key labelling each of the domain's option values. */
const OPTION_KEYS: Readonly<Record<string, Readonly<Record<string, Key>>>> = {
  relationship: {
    Spouse: "relationshipSpouse",
    Child: "relationshipChild",
    Parent: "relationshipParent",
    Sibling: "relationshipSibling",
    Grandchild: "relationshipGrandchild",
    Grandparent: "relationshipGrandparent",
    "Other relative": "relationshipOtherRelative",
    "Not related": "relationshipNotRelated",
  },
  honorific: {
    Mr: "honorificMr",
    Ms: "honorificMs",
    Mrs: "honorificMrs",
    Miss: "honorificMiss",
    Dr: "honorificDr",
  },
  sex: { M: "sexM", F: "sexF" },
  guardian: {
    Mother: "guardianMother",
    Father: "guardianFather",
    Grandparent: "guardianGrandparent",
    Sibling: "guardianSibling",
    "Aunt or uncle": "guardianAuntOrUncle",
    "Other relative": "guardianOtherRelative",
    "Legal guardian": "guardianLegal",
  },
};

/** The domain's options labelled in the chosen locale; a value without a key keeps its label. */
export function labelled(
  kind: keyof typeof OPTION_KEYS,
  options: readonly Option[],
  texts: Texts,
): Option[] {
  const keys = OPTION_KEYS[kind] ?? {};
  return options.map((option) => {
    const key = keys[option.value];
    return key ? { ...option, label: texts[key] } : option;
  });
}

/** One option's label in the chosen locale, or the value itself when no option has it. */
export function labelOfValue(
  kind: keyof typeof OPTION_KEYS,
  options: readonly Option[],
  value: string | null | undefined,
  texts: Texts,
): string {
  return (
    labelled(kind, options, texts).find((option) => option.value === value)?.label ?? value ?? ""
  );
}

/** The tips under each name field, in the chosen locale. */
export function nameTips(texts: Texts) {
  const { nameTipAllowed, nameTipHowTo, nameTipMiddleInitial, nameTipNoMiddleName } = texts;
  return {
    first: [nameTipAllowed, nameTipHowTo],
    middle: [nameTipAllowed, nameTipMiddleInitial, nameTipNoMiddleName],
    last: [nameTipAllowed, nameTipHowTo],
    guardian: [nameTipAllowed, nameTipHowTo],
  };
}
