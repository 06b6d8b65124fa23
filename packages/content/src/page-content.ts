// The shape of the content the content service serves (section 3, "Content") and the English
// defaults. The service serves these unless an insurer overrides them; the widget falls back to
// them when a content call fails, so the form always has its labels.

import { NAME_TIPS } from "./name-tips.ts";

export type FieldContent = { label: string; placeholder?: string; tips: string[] };
export type Option = { label: string; value: string };

export type PageContent = {
  microsite: {
    mainInfo: {
      insuredInformation: { title: string; fields: Record<InsuredField, FieldContent> };
      policyOwnerDetails: { title: string; fields: Record<OwnerField, FieldContent> };
      ClaimInfo: { title: string; fields: Record<ClaimInfoField, FieldContent> };
    };
  };
  dropdownList: { country: Option[]; company: Option[] };
  /** Beneath an e-mail address with a likely misspelt domain; {email} is the fixed address. */
  emailSuggestion: string;
  /** {memberPortal} is the member portal's name as the company configures it (decision 0093). */
  reminder: {
    title: string;
    body: string;
    enrollLabel: string;
    enrollUrl: string;
    proceedLabel: string;
  };
  mainlandChina: {
    title: string;
    statement: string;
    marketingConsent: string;
    financialServicesConsent: string;
    agreeLabel: string;
  };
};

export type InsuredField =
  | "firstName"
  | "middleName"
  | "noMiddleName"
  | "lastName"
  | "suffix"
  | "dateOfBirth";
export type OwnerField =
  | "phoneNumber"
  | "emailAddress"
  | "homeAddress"
  | "citizenship"
  | "countryResident";
export type ClaimInfoField = "policyType" | "individual" | "corporate" | "companyOther";

/** Notice window values are ISO date-times. */
export type TemporarilyUnavailableTip = {
  title: string;
  content: string;
  startTime: string;
  endTime: string;
  showCloseStartTime: string;
  showCloseEndTime: string;
};

export const englishPageContent: PageContent = {
  microsite: {
    mainInfo: {
      insuredInformation: {
        title: "Insured information",
        fields: {
          firstName: {
            label: "First name",
            placeholder: "e.g. Juan",
            tips: [
              "Enter the insured's first name as it appears on a valid ID.",
              NAME_TIPS.allowed,
              NAME_TIPS.howTo,
            ],
          },
          middleName: {
            label: "Middle initial",
            placeholder: "e.g. S",
            tips: [
              "Enter the insured's middle initial or middle name.",
              NAME_TIPS.allowed,
              NAME_TIPS.middleInitial,
              NAME_TIPS.noMiddleName,
            ],
          },
          noMiddleName: { label: "No middle name", tips: [] },
          lastName: {
            label: "Last name",
            placeholder: "e.g. Dela Cruz",
            tips: [
              "Enter the insured's last name as it appears on a valid ID.",
              NAME_TIPS.allowed,
              NAME_TIPS.howTo,
            ],
          },
          suffix: {
            label: "Suffix",
            placeholder: "e.g. Jr.",
            tips: ["Optional: Jr., Sr., III and the like.", "Up to 6 characters."],
          },
          dateOfBirth: {
            label: "Date of birth",
            placeholder: "DD MMM YYYY",
            tips: ["The insured's date of birth, for example 05 Mar 1980."],
          },
        },
      },
      policyOwnerDetails: {
        title: "Policy owner details",
        fields: {
          phoneNumber: {
            label: "Mobile number",
            placeholder: "9171234567",
            tips: [
              // Who files is not known yet: on a death claim it is a beneficiary (decision 0042).
              "The mobile number of the person filing this claim: yours, whether you are the policy owner, a beneficiary or the agent.",
              "10 digits, without the leading 0.",
              "We send a one-time PIN to this number, and updates about the claim.",
            ],
          },
          emailAddress: {
            label: "Email address",
            placeholder: "name@example.com",
            tips: ["We send updates about the claim to this address."],
          },
          homeAddress: {
            label: "Home address",
            placeholder: "House no., street, barangay, city",
            tips: ["The policy owner's current home address."],
          },
          citizenship: {
            label: "Country of citizenship",
            placeholder: "Search a country",
            tips: ["The policy owner's citizenship."],
          },
          countryResident: {
            label: "Country of residence",
            placeholder: "Search a country",
            tips: ["Where the policy owner lives now."],
          },
        },
      },
      ClaimInfo: {
        title: "Policy information",
        fields: {
          policyType: {
            label: "Type of policy",
            tips: [
              "Individual: a policy you or your family own.",
              "Corporate: a group policy through an employer or company.",
            ],
          },
          individual: { label: "Individual", tips: [] },
          corporate: { label: "Corporate", tips: [] },
          companyOther: {
            label: "Company name",
            placeholder: "Name of the company",
            tips: ["The company that holds the group policy."],
          },
        },
      },
    },
  },
  dropdownList: { country: [], company: [{ label: "Others", value: "Others" }] },
  emailSuggestion: "Did you mean {email}?",
  reminder: {
    title: "Filing a living claim?",
    body: "For living claims (accident or illness), you may enrol in the {memberPortal} to file and follow your claim with your policy details already filled in, or proceed here.",
    enrollLabel: "Enroll in {memberPortal}",
    enrollUrl: "/customer-portal/enroll",
    proceedLabel: "Proceed",
  },
  mainlandChina: {
    title: "Mainland China statement",
    statement:
      "Because the policy owner is a citizen or resident of Mainland China, personal information in this claim may be processed under the laws of the People's Republic of China. We process it only to assess and pay this claim, keep it as our privacy notice says (paper documents 7 years and electronic documents 10 years after the policy ends), and share it only with those who help us handle the claim.",
    marketingConsent: "I agree to receive news and offers about marketing campaigns.",
    financialServicesConsent: "I agree to receive information about other financial services.",
    agreeLabel: "I have read and agree to the Mainland China statement.",
  },
};
