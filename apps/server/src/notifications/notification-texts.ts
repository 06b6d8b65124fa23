import { defineTexts, fill } from "@kalinga/domain/localized-texts";

// The claim acknowledgment's words, keyed, with their English defaults (docs/decisions/0023, 0067,
// 0089). The SMS keeps to plain characters (the GSM alphabet) and names nobody: it shows on lock screens.

export const NOTIFICATION_TEXTS = defineTexts("messages-acknowledgment", {
  acknowledgmentSms:
    "{company} received your claim, ref. {reference}. We will update you by SMS and e-mail. To follow it, use Check claim status on our website.",
  acknowledgmentSubject: "We received your claim {reference}",
  /** A death claim names the insured only as the one it is for, and begins with condolences. */
  acknowledgmentIntroDeathNamed:
    "We are sorry for your loss. Thank you for filing the death claim for the late {lateInsured} with {company}. We have received it.",
  acknowledgmentIntroDeath:
    "We are sorry for your loss. Thank you for filing the death claim with {company}. We have received it.",
  acknowledgmentIntroLiving:
    "Thank you for filing your living benefit claim with {company}. We have received it.",
  referenceLine: "Your web reference number:",
  nextTitle: "What happens next",
  step1: "Our claims team reviews your claim and the documents you sent.",
  step2:
    "If we need another document, we will tell you by SMS and e-mail. You can send it from the claim status page.",
  step3: "When we reach a decision, we will tell you by SMS and e-mail.",
  follow:
    'To follow your claim, choose "Check claim status" on the claims page of our website and enter your web reference number, {reference}.',
  warning: "We will never ask you for a one-time PIN or a password by e-mail, SMS or phone call.",
  /** "Dear Josephine," or, when the claim does not hold the reader's name, no name. */
  greeting: "Dear {firstName},",
  greetingUnnamed: "Dear claimant,",
  signature: "{company} Claims",
});

type AcknowledgmentTexts = typeof NOTIFICATION_TEXTS;

/** The greeting of every e-mail to the claimant, by first name when the claim holds it. */
export const greetingOf = (T: AcknowledgmentTexts, firstName: string) =>
  firstName ? fill(T.greeting, { firstName }) : T.greetingUnnamed;

/** The acknowledgment's three steps, in order. */
export const stepsOf = (T: AcknowledgmentTexts) => [T.step1, T.step2, T.step3];
