import { claimStatusLabel } from "@kalinga/domain/claim-status";

// What a claimant is told when the status they see changes or the insurer asks for documents,
// keyed, with their English defaults. No diagnosis, ID or amount: the claim's status page has the
// rest. SMS texts keep to plain characters (the GSM alphabet).

export const LIFECYCLE_TEXTS = {
  /** The link of a status message: the claims pages' status route, or where to find it. */
  follow: (link: string | null) =>
    link ? `See it at ${link}` : "To see it, use Check claim status on our website.",
  statusSms: (company: string, reference: string, label: string, link: string) =>
    `${company}: your claim ${reference} is now "${label}". ${link}`,
  statusSubject: (reference: string, label: string) => `Your claim ${reference}: ${label}`,
  statusIntro: (reference: string, label: string) =>
    `The status of your claim ${reference} is now "${label}".`,
  requirementsSms: (company: string, reference: string, count: number, due: string, link: string) =>
    `${company}: to go on with your claim ${reference}, we need ${count} more document${count === 1 ? "" : "s"} by ${due}. ${link}`,
  requirementsSubject: (reference: string) => `We need more documents for your claim ${reference}`,
  requirementsIntro: (reference: string, due: string) =>
    `To go on with your claim ${reference}, we need the documents below by ${due}. You can send them from the claim status page.`,
  documentsReceivedSms: (company: string, reference: string, count: number, label: string | null) =>
    `${company}: we received ${count} document${count === 1 ? "" : "s"} for your claim ${reference}.${label ? ` It is now "${label}".` : ""} We will tell you if we need anything else.`,
  documentsReceivedSubject: (reference: string) =>
    `We received your documents for claim ${reference}`,
  documentsReceivedIntro: (reference: string, count: number, label: string | null) =>
    `We received the ${count === 1 ? "document" : `${count} documents`} you sent for your claim ${reference}.${label ? ` Its status is now "${label}".` : ""} Our claims team will check ${count === 1 ? "it" : "them"} and tell you if we need anything else.`,
  greeting: (firstName: string) => (firstName ? `Dear ${firstName},` : "Dear claimant,"),
  signature: (company: string) => `${company} Claims`,
  warning: "We will never ask you for a one-time PIN or a password by e-mail, SMS or phone call.",
} as const;

export const statusLabel = claimStatusLabel;
