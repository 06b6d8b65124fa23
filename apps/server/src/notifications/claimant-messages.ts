import type { ClaimStatus } from "@kalinga/domain/claim-lifecycle";
import {
  type ClaimAddressee,
  type ClaimantDecision,
  claimAddressee,
} from "@kalinga/domain/claim-messages";
import { claimStatusLabel } from "@kalinga/domain/claim-status";
import { CLAIM_CHANGE_TEXTS as T } from "./claim-change-texts.ts";
import { NOTIFICATION_TEXTS } from "./notification-texts.ts";

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
};

export type ClaimantMessage = { sms: string; subject: string; lines: string[] };

/** Where a message sends the claimant, by SMS and by e-mail. */
type StatusLink = { sms: string; email: string };

/** "February 24, 2027": a due date as claimants in the Philippines write it. */
function readableDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString("en-PH", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** Whom this claim's messages go to and greet (docs/decisions/0067). */
export const addresseeOf = (claim: ClaimantFacts): ClaimAddressee =>
  claimAddressee(claim.payload, claim.verifiedMobileNumber);

/** How the e-mails name the claim: a death claim names the insured only as the one it is for. */
const claimWordsOf = (claim: ClaimantFacts) =>
  T.claimWords(claim.webReferenceNumber, addresseeOf(claim).lateInsured);

export function emailText(claim: ClaimantFacts, lines: readonly string[]): string {
  return [
    NOTIFICATION_TEXTS.greeting(addresseeOf(claim).firstName),
    "",
    ...lines,
    "",
    NOTIFICATION_TEXTS.warning,
    "",
    NOTIFICATION_TEXTS.signature(claim.companyName),
    "",
  ].join("\n");
}

/** The claims pages' status route for this status, by SMS and by e-mail, or where to find it. */
export function statusLink(statusPageUrl: string | null, slug: string): StatusLink {
  const base = statusPageUrl?.replace(/\/+$/, "") ?? null;
  return {
    sms: T.follow(base && `${base}/link-status/${slug}`),
    email: T.follow(base && `${base}/claims-link-status/${slug}`),
  };
}

/** What the claimant is told when the insurer asks for these items: each with its own due date. */
export function requirementsMessage(
  claim: ClaimantFacts,
  rows: readonly { description: string; dueDate: string }[],
  link: StatusLink,
): ClaimantMessage {
  const dates = rows.map((row) => row.dueDate).sort();
  const first = readableDate(dates[0] as string);
  const sameDay = dates[0] === dates.at(-1);
  const reference = claim.webReferenceNumber;
  return {
    sms: T.requirementsSms(claim.companyName, reference, rows.length, first, sameDay, link.sms),
    subject: T.requirementsSubject(reference),
    lines: [
      T.requirementsIntro(claimWordsOf(claim), rows.length),
      "",
      ...rows.map((row, index) =>
        T.requirementItem(index + 1, row.description, readableDate(row.dueDate)),
      ),
      "",
      link.email,
    ],
  };
}

/** What the claimant is told when a document is not accepted: why, and the replacement's date. */
export function notAcceptedMessage(
  claim: ClaimantFacts,
  item: { description: string; reason: string; dueDate: string },
  link: StatusLink,
): ClaimantMessage {
  const due = readableDate(item.dueDate);
  return {
    sms: T.notAcceptedSms(claim.companyName, claim.webReferenceNumber, due, link.sms),
    subject: T.notAcceptedSubject(claim.webReferenceNumber),
    lines: [
      T.notAcceptedIntro(claimWordsOf(claim), item.description),
      T.reason(item.reason),
      "",
      T.notAcceptedReplace(due),
      "",
      link.email,
    ],
  };
}

/** What the claimant is told when the status they see changes. */
export function statusMessage(
  claim: ClaimantFacts,
  to: ClaimStatus,
  link: StatusLink,
): ClaimantMessage {
  const label = claimStatusLabel(to);
  const reference = claim.webReferenceNumber;
  return {
    sms: T.statusSms(claim.companyName, reference, label, link.sms),
    subject: T.statusSubject(reference, label),
    lines: [T.statusIntro(claimWordsOf(claim), label), "", link.email],
  };
}

/** Where the money goes, in the claimant's words. */
function payoutWords(claim: ClaimantFacts, decision: ClaimantDecision): string {
  if (decision.payout) {
    return T.payout(
      decision.payout.method,
      decision.payout.provider,
      decision.payout.account,
      decision.outcome === "partly-approved",
    );
  }
  return claim.claimType === "Death" ? T.deathPayout : T.otherPayout;
}

/** What the claimant is told of the decision: the outcome, where the money goes, or why not and what they can do. */
export function decisionMessage(
  claim: ClaimantFacts,
  decision: ClaimantDecision,
  link: StatusLink,
): ClaimantMessage {
  const outcome = T.outcome[decision.outcome];
  const reference = claim.webReferenceNumber;
  const payout = payoutWords(claim, decision);
  const notApproved = decision.outcome !== "approved";
  const paid = decision.outcome !== "denied";
  return {
    sms: T.decisionSms(
      claim.companyName,
      reference,
      outcome,
      [paid ? payout : "", notApproved ? T.reasonElsewhere : ""].filter(Boolean).join(" "),
      link.sms,
    ),
    subject: T.decisionSubject(reference),
    lines: [
      T.decisionIntro(claimWordsOf(claim), outcome),
      ...(decision.reason ? ["", T.reason(decision.reason)] : []),
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
  claim: ClaimantFacts,
  count: number,
  label: string | null,
  link: StatusLink,
): ClaimantMessage {
  const reference = claim.webReferenceNumber;
  return {
    sms: T.documentsReceivedSms(claim.companyName, reference, count, label),
    subject: T.documentsReceivedSubject(reference),
    lines: [T.documentsReceivedIntro(claimWordsOf(claim), count, label), "", link.email],
  };
}
