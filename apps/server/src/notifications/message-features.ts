import { type Catalogue, englishCatalogue } from "@kalinga/domain/localized-texts";
import { DRAFT_TEXTS } from "../drafts/draft-texts.ts";
import { OTP_SMS_TEXTS } from "../otp/otp-texts.ts";
import { CLAIM_CHANGE_TEXTS } from "./claim-change-texts.ts";
import { NOTIFICATION_TEXTS } from "./notification-texts.ts";

// Every SMS and e-mail the server writes a claimant, as features of keyed texts (decision 0089):
// their English is the shipped default a content editor's published edits go over (decision 0096).

export const MESSAGE_FEATURES = [
  OTP_SMS_TEXTS,
  DRAFT_TEXTS,
  NOTIFICATION_TEXTS,
  CLAIM_CHANGE_TEXTS,
];

/** Every message key's English default, "<feature>.<key>" → text. */
export const messageEnglish = (): Catalogue => englishCatalogue(MESSAGE_FEATURES);
