import {
  type ClaimStatus,
  claimantSeesChange,
  PENDING_REQUIREMENTS,
  WITH_DECISION,
} from "@kalinga/domain/claim-lifecycle";
import { claimantDecision } from "@kalinga/domain/claim-messages";
import { claimStatusLabel, statusSlug } from "@kalinga/domain/claim-status";
import { toInternationalMobile } from "@kalinga/domain/otp";
import { type CompanySenders, companySenders } from "../companies/company-senders.ts";
import type { Queryable } from "../db/database.ts";
import {
  addresseeOf,
  type ClaimantFacts,
  type ClaimantMessage,
  decisionMessage,
  documentsReceivedMessage,
  emailText,
  notAcceptedMessage,
  requirementsMessage,
  statusLink,
  statusMessage,
  type WordedClaim,
} from "./claimant-messages.ts";
import { enqueueNotification } from "./enqueue-notification.ts";
import { type MessageWordsOf, messageTexts } from "./message-locale.ts";
import { greetingOf, NOTIFICATION_TEXTS } from "./notification-texts.ts";

// What happened to a submitted claim, as the lifecycle says it, turned into the claimant's SMS and
// e-mail: queued in the caller's transaction, or shown to staff as a preview before they act.

/** Something that happened to a claim that its claimant may be told of. */
export type ClaimantNews =
  | {
      kind: "status-changed";
      claim: ClaimantFacts;
      from: ClaimStatus;
      to: ClaimStatus;
      /** The decision the claim holds when it moves; read when it moves to WITH DECISION. */
      decision: unknown;
    }
  | {
      kind: "requirements-requested";
      claim: ClaimantFacts;
      items: readonly { description: string; dueDate: string }[];
    }
  | {
      kind: "document-not-accepted";
      claim: ClaimantFacts;
      item: { description: string; reason: string; dueDate: string };
    }
  | {
      kind: "documents-received";
      claim: ClaimantFacts;
      count: number;
      from: ClaimStatus;
      to: ClaimStatus;
    };

export function createClaimantNotifier(config: {
  statusPageUrl: string | null;
  /** The published words of the claim's company, channel and locale (decision 0096). */
  wordsOf: MessageWordsOf;
}) {
  /** The claim's company senders and the words of its messages, read in the caller's transaction. */
  async function sendingOf(q: Queryable, claim: ClaimantFacts) {
    const senders: CompanySenders = await companySenders(q, claim.companyName, claim.locale);
    const words = await config.wordsOf(q, {
      companyId: senders.companyId,
      channelName: claim.channelName,
      locale: claim.locale,
    });
    return { senders, claim: { ...claim, words } satisfies WordedClaim };
  }

  /** The message this news gives the claimant; null when their label does not change. */
  function messageOf(news: ClaimantNews, claim: WordedClaim): ClaimantMessage | null {
    const linkOf = (status: ClaimStatus) =>
      statusLink(config.statusPageUrl, statusSlug(status), claim.words);
    switch (news.kind) {
      case "status-changed": {
        const decided =
          news.to === WITH_DECISION ? claimantDecision(news.decision, claim.payload) : null;
        if (decided) return decisionMessage(claim, decided, linkOf(news.to));
        if (!claimantSeesChange(news.from, news.to)) return null;
        return statusMessage(claim, news.to, linkOf(news.to));
      }
      case "requirements-requested":
        return requirementsMessage(claim, news.items, linkOf(PENDING_REQUIREMENTS));
      case "document-not-accepted":
        return notAcceptedMessage(claim, news.item, linkOf(PENDING_REQUIREMENTS));
      case "documents-received": {
        const label = claimantSeesChange(news.from, news.to) ? claimStatusLabel(news.to) : null;
        return documentsReceivedMessage(claim, news.count, label, linkOf(news.to));
      }
    }
  }

  /** Who each message goes to, as the console's preview shows it. */
  function recipientOf(claim: WordedClaim) {
    const addressee = addresseeOf(claim);
    return {
      role: addressee.role,
      name: addressee.fullName,
      greeting: greetingOf(messageTexts(NOTIFICATION_TEXTS, claim.words), addressee.firstName),
      mobile: addressee.mobile ? toInternationalMobile(addressee.mobile) : null,
      email: addressee.email,
    };
  }

  return {
    /** Queues the news's SMS and e-mail in the caller's transaction, to the numbers the claim holds. */
    async notifyClaimant(tx: Queryable, news: ClaimantNews, now: Date): Promise<void> {
      const { senders, claim } = await sendingOf(tx, news.claim);
      const message = messageOf(news, claim);
      if (!message) return;
      const addressee = addresseeOf(claim);
      if (addressee.mobile) {
        const to = toInternationalMobile(addressee.mobile);
        await enqueueNotification(
          tx,
          {
            claimId: claim.claimId,
            channel: "sms",
            to,
            text: message.sms,
            from: senders.smsSender,
          },
          now,
        );
      }
      if (addressee.email) {
        const email = {
          claimId: claim.claimId,
          channel: "email" as const,
          to: addressee.email,
          subject: message.subject,
          text: emailText(claim, message.lines, senders.emailFooter),
          from: senders.emailFrom,
        };
        await enqueueNotification(tx, email, now);
      }
    },

    /** The messages as the claimant would read them, with their recipient, without sending. */
    async previewNews(q: Queryable, news: ClaimantNews) {
      const { senders, claim } = await sendingOf(q, news.claim);
      const recipient = recipientOf(claim);
      const message = messageOf(news, claim);
      const { emailFooter } = senders;
      return {
        recipient,
        sms: message && recipient.mobile ? message.sms : null,
        email:
          message && recipient.email
            ? { subject: message.subject, text: emailText(claim, message.lines, emailFooter) }
            : null,
      };
    },
  };
}

export type ClaimantNotifier = ReturnType<typeof createClaimantNotifier>;
export type MessagePreview = Awaited<ReturnType<ClaimantNotifier["previewNews"]>>;
