// Every word a claimant reads about a kept draft, with its English default, in one place.

export type DraftReminderFacts = {
  companyName: string;
  webReferenceNumber: string;
  /** "30 Nov 2026", Manila's calendar. */
  expiresOn: string;
};

export const DRAFT_TEXTS = {
  /** The one SMS before a draft is deleted; plain characters, one GSM part. */
  reminderSms: ({ companyName, webReferenceNumber, expiresOn }: DraftReminderFacts) =>
    `${companyName}: your unfinished claim ${webReferenceNumber} will be deleted on ${expiresOn}. ` +
    "To continue, start a claim with this mobile number on our website.",
} as const;
