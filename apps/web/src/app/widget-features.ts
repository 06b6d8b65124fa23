import { CLAIM_STATUS_TEXTS } from "@kalinga/domain/claim-status";
import { DECLARATION_MESSAGES, DECLARATION_TEXTS } from "@kalinga/domain/declarations";
import { DOCUMENT_NAME_TEXTS } from "@kalinga/domain/document-catalogue";
import { DOCUMENT_MESSAGE_TEXTS } from "@kalinga/domain/document-messages";
import {
  DECIDED_MESSAGES,
  FIELD_MESSAGES,
  FILING_MESSAGES,
  FREE_TEXT_LABELS,
  FREE_TEXT_TEXTS,
  SPEC_MESSAGES,
} from "@kalinga/domain/messages";
import { SLOT_LABEL_TEXTS } from "@kalinga/domain/upload-slots";
import { BENEFICIARY_TEXTS } from "../claim/beneficiary-texts.ts";
import { CLAIM_DETAILS_TEXTS } from "../claim/claim-details-texts.ts";
import { CLAIM_TEXTS } from "../claim/claim-texts.ts";
import { PAYOUT_TEXTS } from "../claim/payout-texts.ts";
import { DOCUMENT_TEXTS } from "../documents/document-texts.ts";
import { DRAFT_TEXTS } from "../drafts/draft-texts.ts";
import { GUIDE_TEXTS } from "../guide/guide-texts.ts";
import { OTP_TEXTS } from "../otp/otp-texts.ts";
import { PORTAL_TEXTS, REPORT_TEXTS } from "../portal/portal-texts.ts";
import { START_TEXTS } from "../start/start-texts.ts";
import { SUBMISSION_TEXTS } from "../submission/submission-texts.ts";
import { TRACKING_TEXTS } from "../tracking/tracking-texts.ts";
import { UI_TEXTS } from "../ui/ui-texts.ts";
import { LOCALE_TEXTS } from "../widget/locale-texts.ts";
import { APP_TEXTS } from "./app-texts.ts";

// Every feature of the widget declared with defineTexts: what a catalogue must cover (tests only,
// so no bundle carries every feature's English).

export const WIDGET_FEATURES = [
  LOCALE_TEXTS,
  APP_TEXTS,
  UI_TEXTS,
  START_TEXTS,
  CLAIM_TEXTS,
  OTP_TEXTS,
  CLAIM_DETAILS_TEXTS,
  PAYOUT_TEXTS,
  BENEFICIARY_TEXTS,
  DOCUMENT_TEXTS,
  SLOT_LABEL_TEXTS,
  DOCUMENT_NAME_TEXTS,
  SUBMISSION_TEXTS,
  DRAFT_TEXTS,
  GUIDE_TEXTS,
  TRACKING_TEXTS,
  PORTAL_TEXTS,
  REPORT_TEXTS,
  CLAIM_STATUS_TEXTS,
  SPEC_MESSAGES,
  FIELD_MESSAGES,
  DECIDED_MESSAGES,
  FILING_MESSAGES,
  DECLARATION_TEXTS,
  DECLARATION_MESSAGES,
  DOCUMENT_MESSAGE_TEXTS,
  FREE_TEXT_TEXTS,
  FREE_TEXT_LABELS,
];
