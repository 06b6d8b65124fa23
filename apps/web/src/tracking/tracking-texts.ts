import { defineTexts } from "@kalinga/domain/localized-texts";

// Every text of the claim tracking and abeyance screens (decision 0056), keyed, with its English
// default. Status, claim type and policy number labels are the domain's (section 4); the server's
// refusals (TRACKING_MESSAGES) are the domain's too. Screens read them shaped by useTrackingTexts.

export const TRACKING_TEXTS = defineTexts("tracking", {
  checkTitle: "Check claim status",
  checkIntro:
    "Enter the mobile number you gave when you filed the claim. We will send a one-time PIN (OTP) to it, then show the claims filed with that number.",
  mobileNumber: "Mobile number",
  referenceNumber: "Web reference number (optional)",
  referenceTip:
    "It is in the SMS and e-mail we sent when you filed, for example KL-7KQ4-M9XP. Leave it empty to see all your claims.",
  badReference:
    "Please enter the web reference number as it is in our SMS, for example KL-7KQ4-M9XP.",
  checkButton: "Check status",
  portalOpening: "Opening your claims\u2026",
  /** The list's intro on the member portal and agent assist, where no number was asked. */
  portalListIntro: "Claims on the policies of your account.",
  /** Agent assist: the signed-in agent follows the claims on the policies the agent serves. */
  agentListIntro: "Claims on the policies you serve.",
  fileClaim: "Start a claim",

  listTitle: "Your claims",
  /** "Claims filed with the mobile number ending in 4567." */
  listIntro: "Claims filed with the mobile number ending in {lastDigits}.",
  noClaims:
    "We found no submitted claim filed with this mobile number. If you filed with another number, check with that one.",
  /** The empty list on the member portal and agent assist, where no mobile number was asked. */
  portalNoClaims: "No claim has been submitted on the policies of your account yet.",
  agentNoClaims: "No claim has been submitted on the policies you serve yet.",
  claimsLabel: "Submitted claims",
  claimTypeLabel: "Claim type",
  policyNumberLabel: "Policy number",
  statusLabel: "Status",
  filedLabel: "Date filed",
  /** The button of one claim; the reference follows for screen readers. */
  viewClaim: "View claim",
  draftsTitle: "Claims you started and did not submit",
  draftsIntro:
    "These are kept for a while so you can finish them. Continue one with everything you entered and uploaded.",
  draftStarted: "Started {date}",
  draftTypeDeath: "Death claim",
  draftTypeLiving: "Living benefit claim",
  draftTypeOther: "Claim",
  continueDraft: "Continue claim",
  draftGone: "This claim can no longer be continued. Please start a new claim.",
  checkAnother: "Check another number",

  detailsTitle: "Claim status",
  /** "Claim KL-7KQ4-M9XP" */
  claimOf: "Claim {reference}",
  meaningTitle: "What this means",
  nextTitle: "What happens next",
  timelineTitle: "What has happened",
  documentsTitle: "Documents you sent",
  noDocuments: "No documents are listed for this claim.",
  /** The decision in plain words (decision 0067); the server's SMS and e-mail say the same. */
  decisionTitle: "The decision",
  decisionApproved: "Your claim is approved.",
  decisionPartlyApproved: "Your claim is partly approved.",
  decisionDenied: "Your claim is not approved.",
  decisionReasonTitle: "Why",
  decisionNextTitle: "What happens next",
  /** "We will pay it by bank credit to your BPI account ******7890." */
  payoutBank: "We will pay it by bank credit to your {provider} account {account}.",
  payoutBankPartly:
    "We will pay the approved part by bank credit to your {provider} account {account}.",
  payoutWallet: "We will pay it to your {provider} e-wallet {account}.",
  payoutWalletPartly: "We will pay the approved part to your {provider} e-wallet {account}.",
  deathPayout: "We will contact the beneficiaries about the payment.",
  otherPayout: "We will contact you about the payment.",
  paidLater: "We will tell you by SMS and e-mail when the payment is made.",
  whatYouCanDoTitle: "What you can do",
  askReview:
    "Ask us to review the decision: contact us through the claims page of our website or our hotline, with your web reference number and any document that supports the claim.",
  insuranceCommission:
    "Ask the Insurance Commission for assistance: it helps policyholders and beneficiaries with complaints against insurers (www.insurance.gov.ph).",
  seeRequests: "See what we need from you",
  sendDocuments: "Send the documents we asked for",
  backToClaims: "Back to your claims",

  // The dates that matter and each document's state (decision 0068).
  datesTitle: "Dates to know",
  /** "We expect to decide on your claim by 24 Jan 2027." */
  decisionBy: "We expect to decide on your claim by {date}.",
  /** Why that date: the Insurance Code's 60 days for a death claim, the insurer's own days otherwise. */
  decisionRuleLaw:
    "The law gives us {days} days to settle a complete death claim. The days we wait for documents we asked you for do not count.",
  decisionRuleService:
    "We aim to decide within {days} days. The days we wait for documents we asked you for do not count.",
  /** The clock stops while documents are owed. */
  decisionPausedOne:
    "Our time to decide is paused while we wait for the documents we asked for. Once we have them all, we expect to decide within {days} day.",
  decisionPausedOther:
    "Our time to decide is paused while we wait for the documents we asked for. Once we have them all, we expect to decide within {days} days.",
  decisionPausedNone:
    "Our time to decide is paused while we wait for the documents we asked for. Once we have them all, we will decide as soon as we can.",
  decisionLate:
    "We expected to decide by {date}. We are sorry it is taking longer. If you have not heard from us, please call our hotline.",
  /** One open request and its own due date: "Police report: send by 24 Feb 2027". */
  itemDue: "{description}: send by {date}",
  documentReceived: "Received",
  documentAccepted: "Accepted",
  documentRejected: "Not accepted",
  /** "Sent on 24 Nov 2026": the day it reached the insurer, beside its state. */
  receivedOn: "Sent on {date}",
  /** Whose document, on a death claim: "For beneficiary 1: Josephine Bracken". */
  forBeneficiaryNamed: "For beneficiary {position}: {name}",
  forBeneficiary: "For beneficiary {position}",
  notAcceptedBecause: "Why it was not accepted: {reason}",
  /** The link to send the replacement the insurer asked for. */
  sendReplacement: "Send a replacement by {date}",
  /** The files of one document, for screen readers: "Files of PSA death certificate". */
  filesOf: "Files of {title}",

  abeyanceTitle: "What we need from you",
  abeyanceIntro: "Our claims team asked for the documents below. Send each one by its due date.",
  requestsLabel: "Requests for documents",
  /** "Send by 24 Feb 2027" */
  dueBy: "Send by {date}",
  requirementOpen: "Asked",
  requirementReceived: "Sent",
  requirementAccepted: "Accepted",
  requirementRejected: "Not accepted",
  /** A request that replaces one whose document was not accepted. */
  askedAgain: "Asked again",
  filesSentOne: "{count} file sent",
  filesSentOther: "{count} files sent",
  filesWaitingOne: "{count} file added, not sent yet",
  filesWaitingOther: "{count} files added, not sent yet",
  nothingAsked: "We are not waiting for any document from you.",
  addDocuments: "Add the documents",
  backToStatus: "Back to claim status",

  uploadTitle: "Add the documents we asked for",
  uploadIntro:
    "Take a photo or choose a file for each request. Photos are kept as PDF. Nothing is sent to our claims team until you press Send on the next page.",
  reviewButton: "Review and send",
  stillUploading: "Please wait until every file has finished uploading.",
  nothingToSend: "Add a file to at least one request before you go on.",

  reviewTitle: "Check and send",
  reviewIntro:
    "These files will be sent to our claims team. After you send them, they can no longer be removed.",
  notAnswered: "No file added; this request stays open.",
  send: "Send documents",
  sentTitle: "Documents sent",
  /** "We received 2 documents. Your claim is now "Under review"." */
  sentTextOne:
    "We received {count} document. Your claim is now \u201c{label}\u201d. We sent you a confirmation by SMS and e-mail.",
  sentTextOther:
    "We received {count} documents. Your claim is now \u201c{label}\u201d. We sent you a confirmation by SMS and e-mail.",
  viewStatus: "View claim status",

  linkTitle: "Your claim\u2019s status",
  /** Before the status label: "Your claim is now: Under review". */
  linkStatusIs: "Your claim is now: ",
  linkUnknownTitle: "We could not read this link",
  linkUnknownText:
    "The link may be incomplete. You can still see your claim: check its status with your mobile number.",
  linkPrivacy:
    "For your privacy, this page shows nothing of your claim until you verify your mobile number.",
  linkCheck: "See my claim",

  /** What each server status means to the claimant, and what happens next, in plain words. */
  statusSubmittedMeaning: "We have your claim and the documents you sent with it.",
  statusSubmittedNext:
    "Our claims team will start reviewing it. We will send you an SMS and an e-mail when its status changes.",
  statusUnderReviewMeaning: "Our claims team is checking your claim and its documents.",
  statusUnderReviewNext:
    "If we need anything else, we will tell you by SMS and e-mail and list it here.",
  statusPendingMeaning: "We need more documents from you before we can go on with your claim.",
  statusPendingNext:
    "Send the documents we asked for by their due date. Your claim goes back to review once we have them all.",
  statusPendingReviewMeaning:
    "We received the documents we asked for, and our claims team is checking them.",
  statusPendingReviewNext: "If a document cannot be accepted, we will tell you why and ask again.",
  statusClosedMeaning:
    "Your claim was closed because the documents we asked for did not reach us in time.",
  statusClosedNext:
    "If you still have them, send them now: a claim closed for missing documents can be reopened for a while. Or call our hotline.",
  statusDecidedMeaning: "Our claims team has decided on your claim.",
  statusDecidedNext:
    "We will tell you the decision and, if the claim is paid, when the payment is made.",
  statusCompletedMeaning: "Your claim is complete.",
  statusCompletedNext:
    "There is nothing more you need to do. Keep your web reference number for your records.",
  statusPaymentFailedMeaning: "We could not complete the payment of your claim.",
  statusPaymentFailedNext: "Our claims team will contact you to check your payout details.",
  /** A status the list does not name (Active, Cancelled, Resolved…). */
  statusOtherMeaning: "This is the latest status of your claim.",
  statusOtherNext: "We will send you an SMS and an e-mail when it changes.",
});

/** The key prefix of each server status's meaning and next step. */
export const STATUS_KEYS: Readonly<Record<string, string>> = {
  "CLAIM APPLICATION SUBMITTED": "statusSubmitted",
  "UNDER REVIEW": "statusUnderReview",
  "PENDING DUE TO INCOMPLETE REQUIREMENTS": "statusPending",
  "UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS": "statusPendingReview",
  "CLOSED - DUE TO INCOMPLETE REQUIREMENTS": "statusClosed",
  "WITH CLAIM DECISION": "statusDecided",
  "CLAIM COMPLETED": "statusCompleted",
  "PAYMENT UNSUCCESSFUL": "statusPaymentFailed",
};
