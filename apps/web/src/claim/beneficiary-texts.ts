import { NAME_TIPS } from "@kalinga/content/name-tips";

// Texts of the beneficiary form that its review shares too: the name tips and the minor's
// guardian, keyed, with their English defaults. Messages are the domain's (FILING_MESSAGES).

export const BENEFICIARY_TEXTS = {
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
