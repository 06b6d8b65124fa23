import type { ClaimType } from "@kalinga/domain/claim-details";
import { fill } from "@kalinga/domain/localized-texts";
import { toInternationalMobile } from "@kalinga/domain/otp";
import { companySenders } from "../companies/company-senders.ts";
import type { Queryable } from "../db/database.ts";
import {
  fileWords,
  type MessageWords,
  type MessageWordsOf,
  messageTexts,
} from "./message-locale.ts";
import { insertNotification } from "./notification-repository.ts";
import { greetingOf, NOTIFICATION_TEXTS, stepsOf } from "./notification-texts.ts";

// A notification is a row written inside the caller's transaction, so the change that causes it
// and the message commit together or not at all; the notification worker sends it afterwards.

export type NotificationInput =
  | { claimId: string | null; channel: "sms"; to: string; text: string; from?: string | null }
  | {
      claimId: string | null;
      channel: "email";
      to: string;
      subject: string;
      text: string;
      html?: string;
      /** The company's From (decision 0089); the setting's when null or absent. */
      from?: string | null;
    };

const SMS_RECIPIENT = /^\d{6,15}$/;
const EMAIL_RECIPIENT = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

/** Inserts one pending notification, due at once; returns its id. Call it with the transaction. */
export async function enqueueNotification(
  q: Queryable,
  notification: NotificationInput,
  now: Date,
): Promise<string> {
  const valid =
    notification.channel === "sms"
      ? SMS_RECIPIENT.test(notification.to)
      : EMAIL_RECIPIENT.test(notification.to);
  // The callers pass values the domain schemas already checked; this guards the queue's shape.
  if (!valid) throw new Error(`Not a ${notification.channel} recipient`);
  const email = notification.channel === "email" ? notification : null;
  return insertNotification(
    q,
    {
      claimId: notification.claimId,
      channel: notification.channel,
      recipient: notification.to,
      subject: email?.subject ?? null,
      body: notification.text,
      html: email?.html ?? null,
      sender: notification.from ?? null,
    },
    now,
  );
}

export type AcknowledgmentFacts = {
  webReferenceNumber: string;
  companyName: string;
  claimType: ClaimType;
  /** The reader's first name (decision 0067): never the insured's on a death claim; "" for none. */
  firstName: string;
  /** Death claims: the insured who died, named only as the one the claim is for. */
  lateInsured?: string | null;
  /** The claim's language (decision 0089); English when not given. */
  locale?: string;
  /** The words to write in (decision 0096); the locale's file alone when not given. */
  words?: MessageWords;
  /** The company's e-mail footer in that language, after the signature; none when null. */
  footer?: string | null;
};

export type AcknowledgmentMessages = {
  sms: string;
  email: { subject: string; text: string; html: string };
};

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (character) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character] ??
      character,
  );

/** The acknowledgment's opening: condolences and the late insured's name on a death claim. */
function introOf(T: typeof NOTIFICATION_TEXTS, facts: AcknowledgmentFacts): string {
  const company = facts.companyName;
  if (facts.claimType !== "Death") return fill(T.acknowledgmentIntroLiving, { company });
  const lateInsured = facts.lateInsured;
  return lateInsured
    ? fill(T.acknowledgmentIntroDeathNamed, { company, lateInsured })
    : fill(T.acknowledgmentIntroDeath, { company });
}

/**
 * The claim acknowledgment: what was received, what happens next and how to follow the claim.
 * It greets its reader by first name only and holds no diagnosis, ID number or mobile number.
 * The SMS keeps to plain characters so that it fits the GSM alphabet (160 characters a part).
 */
export function acknowledgmentMessages(facts: AcknowledgmentFacts): AcknowledgmentMessages {
  const { webReferenceNumber: reference, companyName: company } = facts;
  const locale = facts.locale ?? "en";
  const T = messageTexts(NOTIFICATION_TEXTS, facts.words ?? fileWords(locale));
  const greeting = greetingOf(T, facts.firstName.trim());
  const sms = fill(T.acknowledgmentSms, { company, reference });
  const subject = fill(T.acknowledgmentSubject, { reference });
  const intro = introOf(T, facts);
  const follow = fill(T.follow, { reference });
  const signature = fill(T.signature, { company });
  const steps = stepsOf(T);

  const text = [
    greeting,
    "",
    intro,
    "",
    `${T.referenceLine} ${reference}`,
    "",
    `${T.nextTitle}:`,
    ...steps.map((step, index) => `${index + 1}. ${step}`),
    "",
    follow,
    "",
    T.warning,
    "",
    signature,
    "",
    ...(facts.footer ? [facts.footer, ""] : []),
  ].join("\n");

  const e = escapeHtml;
  const html = [
    "<!doctype html>",
    `<html lang="${e(locale)}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>`,
    '<body style="font-family: Arial, sans-serif; font-size: 16px; line-height: 1.5; color: #1a1a1a;">',
    `<p>${e(greeting)}</p>`,
    `<p>${e(intro)}</p>`,
    `<p>${e(T.referenceLine)} <strong>${e(reference)}</strong></p>`,
    `<h2 style="font-size: 18px;">${e(T.nextTitle)}</h2>`,
    `<ol>${steps.map((step) => `<li>${e(step)}</li>`).join("")}</ol>`,
    `<p>${e(follow)}</p>`,
    `<p>${e(T.warning)}</p>`,
    `<p>${e(signature)}</p>`,
    ...(facts.footer ? [`<p style="font-size: 13px; color: #555;">${e(facts.footer)}</p>`] : []),
    "</body></html>",
    "",
  ].join("\n");

  return { sms, email: { subject, text, html } };
}

export type ClaimAcknowledgment = AcknowledgmentFacts & {
  claimId: string;
  /** The channel the claim was filed on, by name: its company's edits of that channel are used. */
  channelName: string;
  /** The claim's mobile number as the start form holds it, "9171234567"; null sends no SMS. */
  mobileNumber: string | null;
  /** Null or empty sends no e-mail. */
  emailAddress: string | null;
};

/**
 * Queues the acknowledgment SMS and e-mail of a submitted claim; finalSubmitClaim calls it with
 * its transaction, and with the published words of its server. Returns the ids of the rows it wrote.
 */
export async function enqueueClaimAcknowledgment(
  q: Queryable,
  acknowledgment: ClaimAcknowledgment,
  now: Date,
  wordsOf: MessageWordsOf,
): Promise<string[]> {
  const locale = acknowledgment.locale ?? "en";
  const senders = await companySenders(q, acknowledgment.companyName, locale);
  const { channelName } = acknowledgment;
  const words = await wordsOf(q, { companyId: senders.companyId, channelName, locale });
  const messages = acknowledgmentMessages({
    ...acknowledgment,
    words,
    footer: senders.emailFooter,
  });
  const ids: string[] = [];
  if (acknowledgment.mobileNumber) {
    ids.push(
      await enqueueNotification(
        q,
        {
          claimId: acknowledgment.claimId,
          channel: "sms",
          to: toInternationalMobile(acknowledgment.mobileNumber),
          text: messages.sms,
          from: senders.smsSender,
        },
        now,
      ),
    );
  }
  if (acknowledgment.emailAddress?.trim()) {
    ids.push(
      await enqueueNotification(
        q,
        {
          claimId: acknowledgment.claimId,
          channel: "email",
          to: acknowledgment.emailAddress.trim(),
          ...messages.email,
          from: senders.emailFrom,
        },
        now,
      ),
    );
  }
  return ids;
}
