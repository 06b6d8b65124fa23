import { formatDisplayDate, todayInManila } from "@kalinga/domain/dates";
import { fill } from "@kalinga/domain/localized-texts";
import { toInternationalMobile } from "@kalinga/domain/otp";
import { companySenders } from "../companies/company-senders.ts";
import type { Database } from "../db/database.ts";
import { enqueueNotification } from "../notifications/enqueue-notification.ts";
import { type MessageWordsOf, messageTexts } from "../notifications/message-locale.ts";
import { deleteClosedDrafts, takeDueReminders } from "./draft-repository.ts";
import { DRAFT_TEXTS } from "./draft-texts.ts";

// The drafts' share of housekeeping: one reminder SMS through the outbox when a draft nears its
// expiry (marked sent in the transaction that queues it, so it goes once), then the deletion of
// expired drafts with their documents. Any server may run it.

export async function sweepDrafts(db: Database, now: Date, wordsOf: MessageWordsOf) {
  const reminders = await db.transaction(async (tx) => {
    const due = await takeDueReminders(tx, now);
    for (const draft of due) {
      const { locale, channelName } = draft;
      const { companyId, smsSender } = await companySenders(tx, draft.companyName, locale);
      const words = await wordsOf(tx, { companyId, channelName, locale });
      await enqueueNotification(
        tx,
        {
          claimId: draft.claimId,
          channel: "sms",
          to: toInternationalMobile(draft.mobileNumber),
          text: fill(messageTexts(DRAFT_TEXTS, words).reminderSms, {
            company: draft.companyName,
            reference: draft.webReferenceNumber,
            expiresOn: formatDisplayDate(todayInManila(draft.expiresAt), draft.locale),
          }),
          from: smsSender,
        },
        now,
      );
    }
    return due.length;
  });
  const deleted = await db.transaction((tx) => deleteClosedDrafts(tx, now));
  return { reminders, deleted: deleted.length };
}
