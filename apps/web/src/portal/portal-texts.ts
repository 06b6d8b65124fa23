import { defineTexts } from "@kalinga/domain/localized-texts";

// Every text of the logged-in start form (/cfm) that is not the insurer's page content, keyed,
// with its English default. Field labels and tips of the shared fields come from packages/content.

export const PORTAL_TEXTS = defineTexts("portal", {
  step: "Step 1 of 4",
  title: "Start your claim",
  intro:
    "Choose the policy this claim is for. We fill in the insured\u2019s and the policy owner\u2019s details from your policy; the rest you can edit.",
  agentIntro:
    "This claim is for the policy you opened. We fill in the insured\u2019s and the policy owner\u2019s details from the policy.",
  policyNumber: "Policy number",
  /** A policy in the list: "1234567890 · Maria Dela Cruz". */
  policyOption: "{policyNumber} \u00b7 {insuredName}",
  loadingPolicies: "Loading your policies\u2026",
  policyNumberTip: "Only the policies of your account are listed.",
  fromPolicyTitle: "From your policy",
  insuredName: "Insured",
  dateOfBirth: "Insured\u2019s date of birth",
  mobileNumber: "Policy owner\u2019s mobile number",
  emailAddress: "Policy owner\u2019s e-mail address",
  noPolicies:
    "Your account has no policy we can file a claim for here. Please call our hotline, or file from our public claim form.",
  signInAgain:
    "We could not read your sign-in. Please sign in to the portal again, then open claims once more.",
  /** The link to the company's login page of this environment (decision 0093). */
  signInLink: "Sign in to the portal",
});

/** The agent's claims report (/claims-report). */
export const REPORT_TEXTS = defineTexts("claimsReport", {
  title: "Your clients\u2019 claims",
  intro:
    "Claims you filed for your clients, and claims filed on the policies you serve. Only your own clients\u2019 claims are listed.",
  loading: "Loading the claims\u2026",
  search: "Search",
  searchTip: "A web reference number, a policy number or an insured\u2019s name.",
  status: "Status",
  allStatuses: "All statuses",
  sort: "Sort by",
  sortNewest: "Newest first",
  sortOldest: "Oldest first",
  sortDaysOpen: "Longest open first",
  sortOutstanding: "Most outstanding requirements first",
  /** "3 of 12 claims": the plural form chosen by the whole count. */
  shownOne: "{shown} of {all} claim",
  shownOther: "{shown} of {all} claims",
  none: "No claims yet for your clients.",
  noneMatching: "No claim matches. Clear the search or choose All statuses.",
  listLabel: "Claims",
  insured: "Insured",
  policyNumber: "Policy number",
  claimType: "Claim type",
  statusLabel: "Status",
  outstanding: "Outstanding requirements",
  daysOpen: "Days open",
  filed: "Date filed",
  filedByYou: "Filed by you",
  download: "Download as CSV",
  /** The file's name: "claims-2026-11-25.csv". */
  fileName: "claims-{today}.csv",
  notAnAgent: "The claims report is for agents. Please sign in to agent assist.",
});
