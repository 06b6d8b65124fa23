import type { ClaimType } from "@kalinga/domain/claim-details";
import { toInternationalMobile } from "@kalinga/domain/otp";
import type { Queryable } from "../db/database.ts";
import { insertNotification } from "./notification-repository.ts";
import { NOTIFICATION_TEXTS as T } from "./notification-texts.ts";

// A notification is a row written inside the caller's transaction, so the change that causes it
// and the message commit together or not at all; the notification worker sends it afterwards.

export type NotificationInput =
  | { claimId: string | null; channel: "sms"; to: string; text: string }
  | {
      claimId: string | null;
      channel: "email";
      to: string;
      subject: string;
      text: string;
      html?: string;
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

/**
 * The claim acknowledgment: what was received, what happens next and how to follow the claim.
 * It greets its reader by first name only and holds no diagnosis, ID number or mobile number.
 * The SMS keeps to plain characters so that it fits the GSM alphabet (160 characters a part).
 */
export function acknowledgmentMessages(facts: AcknowledgmentFacts): AcknowledgmentMessages {
  const { webReferenceNumber, companyName } = facts;
  const greeting = T.greeting(facts.firstName.trim());
  const sms = T.acknowledgmentSms(companyName, webReferenceNumber);
  const subject = T.acknowledgmentSubject(webReferenceNumber);
  const intro = T.acknowledgmentIntro(companyName, facts.claimType, facts.lateInsured ?? null);
  const follow = T.follow(webReferenceNumber);
  const signature = T.signature(companyName);

  const text = [
    greeting,
    "",
    intro,
    "",
    `${T.referenceLine} ${webReferenceNumber}`,
    "",
    `${T.nextTitle}:`,
    ...T.steps.map((step, index) => `${index + 1}. ${step}`),
    "",
    follow,
    "",
    T.warning,
    "",
    signature,
    "",
  ].join("\n");

  const e = escapeHtml;
  const html = [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>`,
    '<body style="font-family: Arial, sans-serif; font-size: 16px; line-height: 1.5; color: #1a1a1a;">',
    `<p>${e(greeting)}</p>`,
    `<p>${e(intro)}</p>`,
    `<p>${e(T.referenceLine)} <strong>${e(webReferenceNumber)}</strong></p>`,
    `<h2 style="font-size: 18px;">${e(T.nextTitle)}</h2>`,
    `<ol>${T.steps.map((step) => `<li>${e(step)}</li>`).join("")}</ol>`,
    `<p>${e(follow)}</p>`,
    `<p>${e(T.warning)}</p>`,
    `<p>${e(signature)}</p>`,
    "</body></html>",
    "",
  ].join("\n");

  return { sms, email: { subject, text, html } };
}

export type ClaimAcknowledgment = AcknowledgmentFacts & {
  claimId: string;
  /** The claim's mobile number as the start form holds it, "9171234567"; null sends no SMS. */
  mobileNumber: string | null;
  /** Null or empty sends no e-mail. */
  emailAddress: string | null;
};

/**
 * Queues the acknowledgment SMS and e-mail of a submitted claim; finalSubmitClaim calls it with
 * its transaction. Returns the ids of the rows it wrote.
 */
export async function enqueueClaimAcknowledgment(
  q: Queryable,
  acknowledgment: ClaimAcknowledgment,
  now: Date,
): Promise<string[]> {
  const messages = acknowledgmentMessages(acknowledgment);
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
        },
        now,
      ),
    );
  }
  return ids;
}
