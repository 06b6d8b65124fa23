import type { ClaimStatus } from "@kalinga/domain/claim-lifecycle";
import {
  type ClaimAddressee,
  type ClaimantDecision,
  claimAddressee,
} from "@kalinga/domain/claim-messages";
import { claimStatusLabel } from "@kalinga/domain/claim-status";
import { fill } from "@kalinga/domain/localized-texts";
import { CLAIM_CHANGE_TEXTS } from "./claim-change-texts.ts";
import { type MessageWords, messageDate, messageTexts } from "./message-locale.ts";
import { greetingOf, NOTIFICATION_TEXTS } from "./notification-texts.ts";

// Each message a claimant gets about their submitted claim, composed from the keyed texts: the SMS,
// the e-mail's subject and its lines. Nothing here writes; notify-claimant.ts queues or previews.

/** What the messages read of a submitted claim. */
export type ClaimantFacts = {
  claimId: string;
  webReferenceNumber: string;
  companyName: string;
  claimType: "Death" | "Living";
  payload: Record<string, unknown>;
  /** The number the OTP proved; null on the channels that file without one. */
  verifiedMobileNumber: string | null;
  /** The claim's language (decision 0089): its messages are written in it. */
  locale: string;
  /** The channel it was filed on, by name: its company's edits of that channel are used (0096). */
  channelName: string;
};

/** A claim with the words its messages are written in (decision 0096). */
export type WordedClaim = ClaimantFacts & { words: MessageWords };

export type ClaimantMessage = { sms: string; subject: string; lines: string[] };

/** Where a message sends the claimant, by SMS and by e-mail. */
type StatusLink = { sms: string; email: string };

/** The claim-change texts in the claim's language. */
const textsOf = (claim: WordedClaim) => messageTexts(CLAIM_CHANGE_TEXTS, claim.words);

/** Whom this claim's messages go to and greet (docs/decisions/0067). */
export const addresseeOf = (claim: ClaimantFacts): ClaimAddressee =>
  claimAddressee(claim.payload, claim.verifiedMobileNumber);

/** How the e-mails name the claim: a death claim names the insured only as the one it is for. */
function claimWordsOf(claim: WordedClaim) {
  const T = textsOf(claim);
  const reference = claim.webReferenceNumber;
  const { lateInsured } = addresseeOf(claim);
  return lateInsured
    ? fill(T.claimWordsLate, { reference, lateInsured })
    : fill(T.claimWords, { reference });
}

/** The e-mail's text: greeting, the lines, the warning, the signature and the company's footer. */
export function emailText(
  claim: WordedClaim,
  lines: readonly string[],
  footer: string | null = null,
): string {
  const T = messageTexts(NOTIFICATION_TEXTS, claim.words);
  return [
    greetingOf(T, addresseeOf(claim).firstName),
    "",
    ...lines,
    "",
    T.warning,
    "",
    fill(T.signature, { company: claim.companyName }),
    "",
    ...(footer ? [footer, ""] : []),
  ].join("\n");
}

/** The claims pages' status route for this status, by SMS and by e-mail, or where to find it. */
export function statusLink(
  statusPageUrl: string | null,
  slug: string,
  words: MessageWords,
): StatusLink {
  const T = messageTexts(CLAIM_CHANGE_TEXTS, words);
  const base = statusPageUrl?.replace(/\/+$/, "") ?? null;
  if (!base) return { sms: T.followWithoutLink, email: T.followWithoutLink };
  return {
    sms: fill(T.follow, { link: `${base}/link-status/${slug}` }),
    email: fill(T.follow, { link: `${base}/claims-link-status/${slug}` }),
  };
}

/** What the claimant is told when the insurer asks for these items: each with its own due date. */
export function requirementsMessage(
  claim: WordedClaim,
  rows: readonly { description: string; dueDate: string }[],
  link: StatusLink,
): ClaimantMessage {
  const T = textsOf(claim);
  const date = (iso: string) => messageDate(iso, claim.locale);
  const dates = rows.map((row) => row.dueDate).sort();
  const due = date(dates[0] as string);
  const sameDay = dates[0] === dates.at(-1);
  const count = rows.length;
  const sms =
    count === 1
      ? T.requirementsSmsOne
      : sameDay
        ? T.requirementsSmsSameDay
        : T.requirementsSmsOther;
  const reference = claim.webReferenceNumber;
  const company = claim.companyName;
  const claimWords = claimWordsOf(claim);
  return {
    sms: fill(sms, { company, reference, count, due, link: link.sms }),
    subject: fill(T.requirementsSubject, { reference }),
    lines: [
      fill(count === 1 ? T.requirementsIntroOne : T.requirementsIntroOther, { claimWords }),
      "",
      ...rows.map((row, index) =>
        fill(T.requirementItem, {
          index: index + 1,
          description: row.description,
          due: date(row.dueDate),
        }),
      ),
      "",
      link.email,
    ],
  };
}

/** What the claimant is told when a document is not accepted: why, and the replacement's date. */
export function notAcceptedMessage(
  claim: WordedClaim,
  item: { description: string; reason: string; dueDate: string },
  link: StatusLink,
): ClaimantMessage {
  const T = textsOf(claim);
  const due = messageDate(item.dueDate, claim.locale);
  const reference = claim.webReferenceNumber;
  return {
    sms: fill(T.notAcceptedSms, { company: claim.companyName, reference, due, link: link.sms }),
    subject: fill(T.notAcceptedSubject, { reference }),
    lines: [
      fill(T.notAcceptedIntro, { claimWords: claimWordsOf(claim), description: item.description }),
      fill(T.reason, { reason: item.reason }),
      "",
      fill(T.notAcceptedReplace, { due }),
      "",
      link.email,
    ],
  };
}

/** What the claimant is told when the status they see changes. */
export function statusMessage(
  claim: WordedClaim,
  to: ClaimStatus,
  link: StatusLink,
): ClaimantMessage {
  const T = textsOf(claim);
  const label = claimStatusLabel(to);
  const reference = claim.webReferenceNumber;
  return {
    sms: fill(T.statusSms, { company: claim.companyName, reference, label, link: link.sms }),
    subject: fill(T.statusSubject, { reference, label }),
    lines: [fill(T.statusIntro, { claimWords: claimWordsOf(claim), label }), "", link.email],
  };
}

/** Where the money goes, in the claimant's words. */
function payoutWords(claim: WordedClaim, decision: ClaimantDecision): string {
  const T = textsOf(claim);
  if (decision.payout) {
    const { method, provider, account } = decision.payout;
    const partly = decision.outcome === "partly-approved";
    const eWallet = method === "e-wallet";
    const template = partly
      ? eWallet
        ? T.payoutPartlyEWallet
        : T.payoutPartlyBank
      : eWallet
        ? T.payoutEWallet
        : T.payoutBank;
    return fill(template, { provider, account });
  }
  return claim.claimType === "Death" ? T.deathPayout : T.otherPayout;
}

const OUTCOME_KEYS = {
  approved: "outcomeApproved",
  "partly-approved": "outcomePartlyApproved",
  denied: "outcomeDenied",
} as const;

/** What the claimant is told of the decision: the outcome, where the money goes, or why not and what they can do. */
export function decisionMessage(
  claim: WordedClaim,
  decision: ClaimantDecision,
  link: StatusLink,
): ClaimantMessage {
  const T = textsOf(claim);
  const outcome = T[OUTCOME_KEYS[decision.outcome]];
  const reference = claim.webReferenceNumber;
  const payout = payoutWords(claim, decision);
  const notApproved = decision.outcome !== "approved";
  const paid = decision.outcome !== "denied";
  const next = [paid ? payout : "", notApproved ? T.reasonElsewhere : ""].filter(Boolean).join(" ");
  return {
    sms: fill(T.decisionSms, {
      company: claim.companyName,
      reference,
      outcome,
      next,
      link: link.sms,
    }),
    subject: fill(T.decisionSubject, { reference }),
    lines: [
      fill(T.decisionIntro, { claimWords: claimWordsOf(claim), outcome }),
      ...(decision.reason ? ["", fill(T.reason, { reason: decision.reason })] : []),
      ...(paid ? ["", T.nextTitle, `${payout} ${T.paidLater}`] : []),
      ...(notApproved
        ? ["", T.whatYouCanDoTitle, `- ${T.askReview}`, `- ${T.insuranceCommission}`]
        : []),
      "",
      link.email,
    ],
  };
}

/** The acknowledgment of documents sent for requests, naming the new status when it changed. */
export function documentsReceivedMessage(
  claim: WordedClaim,
  count: number,
  label: string | null,
  link: StatusLink,
): ClaimantMessage {
  const T = textsOf(claim);
  const reference = claim.webReferenceNumber;
  const one = count === 1;
  const sms = label
    ? one
      ? T.documentsReceivedSmsOneStatus
      : T.documentsReceivedSmsOtherStatus
    : one
      ? T.documentsReceivedSmsOne
      : T.documentsReceivedSmsOther;
  const intro = label
    ? one
      ? T.documentsReceivedIntroOneStatus
      : T.documentsReceivedIntroOtherStatus
    : one
      ? T.documentsReceivedIntroOne
      : T.documentsReceivedIntroOther;
  const values = { company: claim.companyName, reference, count, label: label ?? "" };
  return {
    sms: fill(sms, values),
    subject: fill(T.documentsReceivedSubject, { reference }),
    lines: [fill(intro, { ...values, claimWords: claimWordsOf(claim) }), "", link.email],
  };
}
