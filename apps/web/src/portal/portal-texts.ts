// Every text of the logged-in start form (/cfm) that is not the insurer's page content, keyed,
// with its English default. Field labels and tips of the shared fields come from packages/content.

export const PORTAL_TEXTS = {
  step: "Step 1 of 4",
  title: "Start your claim",
  intro:
    "Choose the policy this claim is for. We fill in the insured\u2019s and the policy owner\u2019s details from your policy; the rest you can edit.",
  agentIntro:
    "This claim is for the policy you opened. We fill in the insured\u2019s and the policy owner\u2019s details from the policy.",
  policyNumber: "Policy number",
  policyNumberTip: "Only the policies of your account are listed.",
  fromPolicyTitle: "From your policy",
  insuredName: "Insured",
  dateOfBirth: "Insured\u2019s date of birth",
  mobileNumber: "Policy owner\u2019s mobile number",
  emailAddress: "Policy owner\u2019s e-mail address",
  looking: "Reading your policy\u2026",
  noPolicies:
    "Your account has no policy we can file a claim for here. Please call our hotline, or file from our public claim form.",
  signInAgain:
    "We could not read your sign-in. Please sign in to the portal again, then open claims once more.",
} as const;
