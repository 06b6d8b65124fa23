import { defineTexts } from "@kalinga/domain/localized-texts";

// Every text of the review, the submission with its confirmation, and the rating, keyed, with its
// English default. Labels the claim steps already own (claim details, payout, beneficiaries) and the
// start form's field labels (page content) are used from there; messages are the domain's
// (DOCUMENT_MESSAGES, DECLARATION_MESSAGES, RATING_MESSAGES).

export const SUBMISSION_TEXTS = defineTexts("submission", {
  /** The review. */
  reviewStep: "Almost done",
  reviewTitle: "Review your claim",
  reviewIntro: "Check what you entered. Use Edit to change a part; you will come back here.",
  /** Each group's link; screen readers hear the group after it: "Edit claim details". */
  edit: "Edit",
  insuredGroup: "Insured and policy owner",
  detailsGroup: "Claim details",
  payoutGroup: "Payout",
  beneficiariesGroup: "Beneficiaries",
  documentsGroup: "Documents",
  declarationsGroup: "Declarations",
  newMobileHint:
    "A different mobile number starts a new claim: it is verified again, and the claim details and documents are asked again.",
  /** An empty answer in the review's facts. */
  noValue: "\u2014",

  insured: "Insured",
  citizenship: "Citizenship",
  policyType: "Policy type",
  company: "Company",

  accidentOrIllness: "Accident or illness",
  firstConsultation: "Date of first consultation",
  noBenefits: "None ticked",
  policyNumber: "Policy number",

  /** After a beneficiary's name. */
  minor: " (minor)",
  /** After a beneficiary's document: " (beneficiary 2)". */
  ofBeneficiary: " (beneficiary {number})",
  loadingDocuments: "Loading your documents\u2026",
  notUploaded: "Not uploaded yet",
  addDocuments: "Add the documents",
  submit: "Submit claim",

  /** The submission. */
  sendingTitle: "Submitting your claim\u2026",
  sendingText: "Please keep this page open; it takes a few seconds.",
  missingTitle: "Some documents are missing",
  invalidTitle: "Some details need your attention",
  invalidText: "We could not accept the claim as it is. Please check it again.",
  backToReview: "Back to the review",
  failedTitle: "Your claim was not sent yet",
  failedText: "Nothing you entered is lost. Check your connection, then try again.",
  tryAgain: "Try again",

  /** The confirmation. */
  submittedTitle: "Your claim has been submitted",
  /** "Submitted on 05 Mar 2025 at 2:30 PM (Philippine time). …" */
  submittedOn:
    "Submitted on {date} at {time} (Philippine time). Keep this number: you need it to check your claim.",
  /** "… by SMS to +63 ******4567 and by e-mail to name@example.com.", or by SMS alone. */
  acknowledgment:
    "We are sending an acknowledgment by SMS to {mobileNumber} and by e-mail to {email}.",
  acknowledgmentSms: "We are sending an acknowledgment by SMS to {mobileNumber}.",
  nextStepsTitle: "What happens next",
  nextStepExamine: "A claims examiner reviews your claim and the documents you sent.",
  nextStepMissing:
    "If anything is missing, we tell you by SMS and e-mail. You can send it from Check claim status with your web reference number.",
  /** "… is paid to the beneficiaries you named.": paidToBeneficiaries or paidToBank. */
  nextStepDecided:
    "Once your claim is decided, we let you know. An approved benefit is paid {paidTo}.",
  paidToBeneficiaries: "to the beneficiaries you named",
  paidToBank: "to the bank account you gave",
  checkStatus: "Check claim status",
  rate: "Rate your experience",

  /** The rating. */
  submitFirstTitle: "Submit your claim first",
  reviewLink: "Review your claim",
  ratingTitle: "Rate your experience",
  ratingQuestion: "How easy was it to file your claim?",
  rating1: "1 \u00b7 Very hard",
  rating2: "2 \u00b7 Hard",
  rating3: "3 \u00b7 Okay",
  rating4: "4 \u00b7 Easy",
  rating5: "5 \u00b7 Very easy",
  comment: "Tell us more (optional)",
  /** "12 of 500 characters". */
  commentCount: "{count} of {most} characters",
  back: "Back",
  sendRating: "Send rating",
  thanksTitle: "Thank you for your rating",
  thanksText: "It helps us make filing a claim easier for the next family.",
  backToClaim: "Back to your claim",
});
