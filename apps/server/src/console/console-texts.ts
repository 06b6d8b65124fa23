import { CONSOLE_REQUEST_MESSAGES } from "@kalinga/domain/console-requests";
import { STAFF_PASSWORD_LENGTH } from "@kalinga/domain/staff-roles";

// What the console's API says to claims staff, keyed, with its English defaults in one place.

export const CONSOLE_MESSAGES = {
  ...CONSOLE_REQUEST_MESSAGES,
  wrongSignIn: "The e-mail address or password is not right.",
  wrongCode:
    "That code is not right, or it was used already. Wait for the next code and try again.",
  tooManyTries: (wait: string) =>
    `Too many wrong tries from here. Wait ${wait}, then try again, or ask an administrator to let you try at once.`,
  tooManyFromAddress: (wait: string) =>
    `Too many sign-in tries from this network. Wait ${wait}, then try again.`,
  disabled: "This account is disabled. Ask an administrator.",
  signInFirst: "Sign in to the console first.",
  sessionEnded: "Your session ended. Sign in again.",
  wrongCurrentPassword: "Your current password is not right.",
  badCsrf: "This request did not come from the console. Reload the page and try again.",
  notAllowed: "Your role does not allow this.",
  notYours: "This claim is assigned to another examiner. Ask a supervisor to assign it to you.",
  notFound: "No submitted claim has this reference number.",
  documentNotFound: "This claim has no such document.",
  requirementNotFound: "This item is not waiting for a decision.",
  statusNotAllowed: "The claim cannot move to this status from its current status.",
  needsRequirements: "Ask for the missing documents to move the claim to pending.",
  needsDecision:
    "Record the decision and its reason code to move the claim to WITH CLAIM DECISION.",
  notOverdue:
    "A claim can be closed only once every requested document still owed is past its due date.",
  reopenPeriodOver: "The period for reopening this claim is over.",
  emailTaken: "A staff account with this e-mail address exists already.",
  badPassword: `Use ${STAFF_PASSWORD_LENGTH.min} to ${STAFF_PASSWORD_LENGTH.max} characters.`,
  notExaminer: "Claims can be assigned only to an active staff account.",
  cannotDisableSelf: "You cannot disable your own account.",
  cannotResetSelf: "Ask another administrator to reset your own password or authenticator.",
  staffNotFound: "No staff account has this id.",
  noticeNotFound: "No notice has this id.",
  contentVersionNotFound: "This company, channel and locale have no version of this number.",
  noticeEnded: "This notice has ended already: schedule a new one.",
  companyChanged:
    "Someone changed this company since you opened it. Reload the companies and make your change again.",
  subjectRequired:
    "Enter the claimant's mobile number, e-mail address or a claim's reference number.",
  badSubjectMobile:
    "Enter a Philippine mobile number of 10 digits starting with 9, like 917 123 4567.",
  badSubjectEmail: "Enter an e-mail address like juan@example.com.",
  subjectNotFound:
    "Kalinga holds no claim for this mobile number, e-mail address or reference number.",
  subjectChanged:
    "These claims changed since you looked them up, or one of them must be kept. Look the claimant up again.",
} as const;

/** "30 seconds", "1 minute", "15 minutes": how long a throttled sign-in waits. */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** The CSV export's column headings. */
export const QUEUE_CSV_HEADINGS = [
  "Reference number",
  "Status",
  "Claim type",
  "Cause of loss",
  "Insured",
  "Submitted",
  "Days open",
  "Days waiting on claimant",
  "s.248 days left",
  "Service level days left",
  "Assigned to",
] as const;
