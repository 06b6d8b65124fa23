// The Step 1 start form's values and how its messages are picked, without the schemas (start-form.ts),
// so the widget's start step carries no validation library until the claimant fills the form in.

export type Option = { label: string; value: string };
export type YesOrEmpty = "Y" | "";

/** Country option values are ISO 3166-1 alpha-2 codes. */
const CHINA = "CN";
const CORPORATE_COMPANY_OTHERS: Option = { label: "Others", value: "Others" };

export function isMainlandChina(
  citizenship: Option | null | undefined,
  countryResident: Option | null | undefined,
): boolean {
  return citizenship?.value === CHINA || countryResident?.value === CHINA;
}

/** The start form before anything is typed (start-form.ts checks it is a draft of the schema). */
export const emptyPublicStartForm = {
  firstName: "",
  middleName: "",
  noMiddleName: false,
  lastName: "",
  suffix: "",
  dateOfBirth: "",
  phoneNumber: "",
  emailAddress: "",
  homeAddress: "",
  citizenship: null,
  countryResident: null,
  policyType: "",
  company: null,
  companyOther: "",
  mainlandChinaStatement: "",
  marketingCampaignsConsent: "",
  financialServicesConsent: "",
} as const;

/** The fields of a start form that decide what its "step1" session item keeps. */
type Step1Choices = {
  middleName: string;
  noMiddleName: boolean;
  policyType: string;
  company: Option | null;
  companyOther: string;
};

/**
 * The "step1" session item (section 3): a middle name typed before ticking "No middle name" goes;
 * Corporate carries the "Others" company and its name;
 * choosing Individual clears the company name.
 */
export function toStep1<Form extends Step1Choices>(form: Form): Form {
  const corporate = form.policyType === "Corporate";
  return {
    ...form,
    middleName: form.noMiddleName ? "" : form.middleName,
    company: corporate ? CORPORATE_COMPANY_OTHERS : null,
    companyOther: corporate ? form.companyOther : "",
  };
}

export type FieldError = { field: string; message: string };

/** The first message of each field, in the order the fields were checked. */
export function firstErrorPerField(
  issues: readonly { path: PropertyKey[]; message: string }[],
): FieldError[] {
  const seen = new Map<string, string>();
  for (const issue of issues) {
    const field = issue.path.map(String).join(".") || "body";
    if (!seen.has(field)) seen.set(field, issue.message);
  }
  return [...seen].map(([field, message]) => ({ field, message }));
}
