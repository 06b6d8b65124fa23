// The claim acknowledgment's words, keyed, with their English defaults (docs/decisions/0023, 0067).
// The SMS keeps to plain characters (the GSM alphabet) and names nobody: it shows on lock screens.

export const NOTIFICATION_TEXTS = {
  acknowledgmentSms: (company: string, reference: string) =>
    `${company} received your claim, ref. ${reference}. We will update you by SMS ` +
    "and e-mail. To follow it, use Check claim status on our website.",
  acknowledgmentSubject: (reference: string) => `We received your claim ${reference}`,
  /** A death claim names the insured only as the one it is for, and begins with condolences. */
  acknowledgmentIntro: (
    company: string,
    claimType: "Death" | "Living",
    lateInsured: string | null,
  ) =>
    claimType === "Death"
      ? `We are sorry for your loss. Thank you for filing the death claim${lateInsured ? ` for the late ${lateInsured}` : ""} with ${company}. We have received it.`
      : `Thank you for filing your living benefit claim with ${company}. We have received it.`,
  referenceLine: "Your web reference number:",
  nextTitle: "What happens next",
  steps: [
    "Our claims team reviews your claim and the documents you sent.",
    "If we need another document, we will tell you by SMS and e-mail. You can send it from the claim status page.",
    "When we reach a decision, we will tell you by SMS and e-mail.",
  ],
  follow: (reference: string) =>
    `To follow your claim, choose "Check claim status" on the claims page of our website and enter your web reference number, ${reference}.`,
  warning: "We will never ask you for a one-time PIN or a password by e-mail, SMS or phone call.",
  /** "Dear Josephine," or, when the claim does not hold the reader's name, no name. */
  greeting: (firstName: string) => (firstName ? `Dear ${firstName},` : "Dear claimant,"),
  signature: (company: string) => `${company} Claims`,
} as const;
