import { defineTexts } from "@kalinga/domain/localized-texts";

// What a claimant is told when the status they see changes, the insurer asks for documents or
// decides, keyed, with their English defaults (decision 0089). No diagnosis, ID or amount: the
// claim's status page has the rest. SMS texts keep to plain characters (the GSM alphabet) and name
// nobody, since they show on lock screens (docs/decisions/0023, 0067). The greeting, warning and
// signature are the acknowledgment's (notification-texts.ts). A count has a key per plural form.

export const CLAIM_CHANGE_TEXTS = defineTexts("messages-claim-change", {
  /** The link of a status message: the claims pages' status route, or where to find it. */
  follow: "See it at {link}",
  followWithoutLink: "To see it, use Check claim status on our website.",
  /** How an e-mail names the claim: a death claim names the insured only as the one it is for. */
  claimWords: "your claim {reference}",
  claimWordsLate: "the claim for the late {lateInsured} ({reference})",
  statusSms: '{company}: your claim {reference} is now "{label}". {link}',
  statusSubject: "Your claim {reference}: {label}",
  statusIntro: 'The status of {claimWords} is now "{label}".',
  /** The SMS gives the nearest due date, and says so when the items have others. */
  requirementsSmsOne:
    "{company}: to go on with your claim {reference}, we need 1 more document by {due}. {link}",
  requirementsSmsSameDay:
    "{company}: to go on with your claim {reference}, we need {count} more documents by {due}. {link}",
  requirementsSmsOther:
    "{company}: to go on with your claim {reference}, we need {count} more documents, the first by {due}. {link}",
  requirementsSubject: "We need more documents for your claim {reference}",
  requirementsIntroOne:
    "To go on with {claimWords}, we need the document below, each by the date beside it. You can send them from the claim status page.",
  requirementsIntroOther:
    "To go on with {claimWords}, we need the documents below, each by the date beside it. You can send them from the claim status page.",
  /** One requested item of the e-mail, with its own due date. */
  requirementItem: "{index}. {description} (by {due})",
  documentsReceivedSmsOne:
    "{company}: we received 1 document for your claim {reference}. We will tell you if we need anything else.",
  documentsReceivedSmsOther:
    "{company}: we received {count} documents for your claim {reference}. We will tell you if we need anything else.",
  documentsReceivedSmsOneStatus:
    '{company}: we received 1 document for your claim {reference}. It is now "{label}". We will tell you if we need anything else.',
  documentsReceivedSmsOtherStatus:
    '{company}: we received {count} documents for your claim {reference}. It is now "{label}". We will tell you if we need anything else.',
  documentsReceivedSubject: "We received your documents for claim {reference}",
  documentsReceivedIntroOne:
    "We received the document you sent for {claimWords}. Our claims team will check it and tell you if we need anything else.",
  documentsReceivedIntroOther:
    "We received the {count} documents you sent for {claimWords}. Our claims team will check them and tell you if we need anything else.",
  documentsReceivedIntroOneStatus:
    'We received the document you sent for {claimWords}. Its status is now "{label}". Our claims team will check it and tell you if we need anything else.',
  documentsReceivedIntroOtherStatus:
    'We received the {count} documents you sent for {claimWords}. Its status is now "{label}". Our claims team will check them and tell you if we need anything else.',

  /** A document not accepted: the SMS says a replacement is due, never why (it may name an illness). */
  notAcceptedSms:
    "{company}: a document you sent for your claim {reference} was not accepted. Please send a replacement by {due}. {link}",
  notAcceptedSubject: "A document for your claim {reference} was not accepted",
  notAcceptedIntro: "We could not accept the document you sent for {claimWords}: {description}.",
  notAcceptedReplace:
    "Please send a replacement by {due}. You can send it from the claim status page.",

  /** The decision's outcome in plain words. */
  outcomeApproved: "approved",
  outcomePartlyApproved: "partly approved",
  outcomeDenied: "not approved",
  decisionSms: "{company}: your claim {reference} is {outcome}. {next} {link}",
  decisionSubject: "The decision on your claim {reference}",
  decisionIntro: "Our claims team has decided on {claimWords}: it is {outcome}.",
  /** Where an approved (or partly approved) living claim's benefit goes; the account is masked. */
  payoutEWallet: "We will pay it to your {provider} e-wallet {account}.",
  payoutBank: "We will pay it by bank credit to your {provider} account {account}.",
  payoutPartlyEWallet: "We will pay the approved part to your {provider} e-wallet {account}.",
  payoutPartlyBank:
    "We will pay the approved part by bank credit to your {provider} account {account}.",
  /** A death claim is paid to the beneficiaries, each by the insurer's own arrangement. */
  deathPayout: "We will contact the beneficiaries about the payment.",
  /** A living claim without payout details (an older claim). */
  otherPayout: "We will contact you about the payment.",
  paidLater: "We will tell you by SMS and e-mail when the payment is made.",
  /** The SMS never carries the reason: it may name an illness, and SMS show on lock screens. */
  reasonElsewhere: "The reason and what you can do are in our e-mail and on the claim status page.",
  reason: "Why: {reason}",
  whatYouCanDoTitle: "What you can do:",
  askReview:
    "Ask us to review the decision: contact us through the claims page of our website or our hotline, with your web reference number and any document that supports the claim.",
  insuranceCommission:
    "Ask the Insurance Commission for assistance: it helps policyholders and beneficiaries with complaints against insurers (www.insurance.gov.ph).",
  nextTitle: "What happens next:",
});
