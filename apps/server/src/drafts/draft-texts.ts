import { defineTexts } from "@kalinga/domain/localized-texts";

// Every word a claimant reads about a kept draft, keyed, with its English default (decision 0089).

export const DRAFT_TEXTS = defineTexts("sms-draft-reminder", {
  /** The one SMS before a draft is deleted; plain characters, one GSM part. {expiresOn}: "30 Nov 2026". */
  reminderSms:
    "{company}: your unfinished claim {reference} will be deleted on {expiresOn}. To continue, start a claim with this mobile number on our website.",
});
