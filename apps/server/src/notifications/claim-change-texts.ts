// What a claimant is told when the status they see changes, the insurer asks for documents or
// decides, keyed, with their English defaults. No diagnosis, ID or amount: the claim's status page
// has the rest. SMS texts keep to plain characters (the GSM alphabet) and name nobody, since they
// show on lock screens (docs/decisions/0023, 0067). The greeting, warning and signature are the
// acknowledgment's (notification-texts.ts).

export const CLAIM_CHANGE_TEXTS = {
  /** The link of a status message: the claims pages' status route, or where to find it. */
  follow: (link: string | null) =>
    link ? `See it at ${link}` : "To see it, use Check claim status on our website.",
  /** How an e-mail names the claim: a death claim names the insured only as the one it is for. */
  claimWords: (reference: string, lateInsured: string | null) =>
    lateInsured
      ? `the claim for the late ${lateInsured} (${reference})`
      : `your claim ${reference}`,
  statusSms: (company: string, reference: string, label: string, link: string) =>
    `${company}: your claim ${reference} is now "${label}". ${link}`,
  statusSubject: (reference: string, label: string) => `Your claim ${reference}: ${label}`,
  statusIntro: (claimWords: string, label: string) =>
    `The status of ${claimWords} is now "${label}".`,
  /** The SMS gives the nearest due date, and says so when the items have others. */
  requirementsSms: (
    company: string,
    reference: string,
    count: number,
    due: string,
    sameDay: boolean,
    link: string,
  ) =>
    `${company}: to go on with your claim ${reference}, we need ${count} more document${count === 1 ? "" : "s"}${sameDay ? ` by ${due}` : `, the first by ${due}`}. ${link}`,
  requirementsSubject: (reference: string) => `We need more documents for your claim ${reference}`,
  requirementsIntro: (claimWords: string, count: number) =>
    `To go on with ${claimWords}, we need the document${count === 1 ? "" : "s"} below, each by the date beside it. You can send them from the claim status page.`,
  /** One requested item of the e-mail, with its own due date. */
  requirementItem: (index: number, description: string, due: string) =>
    `${index}. ${description} (by ${due})`,
  documentsReceivedSms: (company: string, reference: string, count: number, label: string | null) =>
    `${company}: we received ${count} document${count === 1 ? "" : "s"} for your claim ${reference}.${label ? ` It is now "${label}".` : ""} We will tell you if we need anything else.`,
  documentsReceivedSubject: (reference: string) =>
    `We received your documents for claim ${reference}`,
  documentsReceivedIntro: (claimWords: string, count: number, label: string | null) =>
    `We received the ${count === 1 ? "document" : `${count} documents`} you sent for ${claimWords}.${label ? ` Its status is now "${label}".` : ""} Our claims team will check ${count === 1 ? "it" : "them"} and tell you if we need anything else.`,

  /** A document not accepted: the SMS says a replacement is due, never why (it may name an illness). */
  notAcceptedSms: (company: string, reference: string, due: string, link: string) =>
    `${company}: a document you sent for your claim ${reference} was not accepted. Please send a replacement by ${due}. ${link}`,
  notAcceptedSubject: (reference: string) =>
    `A document for your claim ${reference} was not accepted`,
  notAcceptedIntro: (claimWords: string, description: string) =>
    `We could not accept the document you sent for ${claimWords}: ${description}.`,
  notAcceptedReplace: (due: string) =>
    `Please send a replacement by ${due}. You can send it from the claim status page.`,

  /** The decision's outcome in plain words. */
  outcome: {
    approved: "approved",
    "partly-approved": "partly approved",
    denied: "not approved",
  },
  decisionSms: (company: string, reference: string, outcome: string, next: string, link: string) =>
    `${company}: your claim ${reference} is ${outcome}. ${next} ${link}`,
  decisionSubject: (reference: string) => `The decision on your claim ${reference}`,
  decisionIntro: (claimWords: string, outcome: string) =>
    `Our claims team has decided on ${claimWords}: it is ${outcome}.`,
  /** Where an approved (or partly approved) living claim's benefit goes; the account is masked. */
  payout: (method: "bank" | "e-wallet", provider: string, account: string, partly: boolean) =>
    `We will ${partly ? "pay the approved part" : "pay it"} ${method === "e-wallet" ? `to your ${provider} e-wallet` : `by bank credit to your ${provider} account`} ${account}.`,
  /** A death claim is paid to the beneficiaries, each by the insurer's own arrangement. */
  deathPayout: "We will contact the beneficiaries about the payment.",
  /** A living claim without payout details (an older claim). */
  otherPayout: "We will contact you about the payment.",
  paidLater: "We will tell you by SMS and e-mail when the payment is made.",
  /** The SMS never carries the reason: it may name an illness, and SMS show on lock screens. */
  reasonElsewhere: "The reason and what you can do are in our e-mail and on the claim status page.",
  reason: (reason: string) => `Why: ${reason}`,
  whatYouCanDoTitle: "What you can do:",
  askReview:
    "Ask us to review the decision: contact us through the claims page of our website or our hotline, with your web reference number and any document that supports the claim.",
  insuranceCommission:
    "Ask the Insurance Commission for assistance: it helps policyholders and beneficiaries with complaints against insurers (www.insurance.gov.ph).",
  nextTitle: "What happens next:",
} as const;
