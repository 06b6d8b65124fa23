import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CLAIM_STATUS_TEXTS } from "@kalinga/domain/claim-status";
import { DECLARATION_MESSAGES, DECLARATION_TEXTS } from "@kalinga/domain/declarations";
import { DOCUMENT_MESSAGE_TEXTS } from "@kalinga/domain/document-messages";
import { type Catalogue, catalogueProblems, featureOf } from "@kalinga/domain/localized-texts";
import {
  DECIDED_MESSAGES,
  FIELD_MESSAGES,
  FILING_MESSAGES,
  FREE_TEXT_LABELS,
  FREE_TEXT_TEXTS,
  SPEC_MESSAGES,
} from "@kalinga/domain/messages";
import { describe, expect, it } from "vitest";
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

// Every catalogue the service serves is checked against every widget feature declared with
// defineTexts: a locale file added later is checked here without a change to this test.

const FEATURES = [
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

const localesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../server/content/locales",
);
// Catalogues only: "<locale>.page.json" is the page content of a locale, checked by the server.
const files = readdirSync(localesDir).filter((file) => /^[a-z]{2,3}(-[A-Z]{2})?\.json$/.test(file));
const read = (file: string) =>
  JSON.parse(readFileSync(path.join(localesDir, file), "utf8")) as Catalogue;

describe("the locale catalogues", () => {
  it("include Filipino", () => {
    expect(files).toContain("fil.json");
  });

  it.each(files)("%s has every key, no unknown key, and the English slots", (file) => {
    expect(catalogueProblems(FEATURES, read(file))).toEqual([]);
  });

  it.each(files)("%s leaves no text without words where the English has words", (file) => {
    const hasWords = (text: string) => /\p{L}/u.test(text.replace(/\{\w+\}/g, ""));
    const english = new Map<string, string>(
      FEATURES.flatMap((texts) =>
        Object.entries(texts).map(([key, text]) => [`${featureOf(texts)}.${key}`, text] as const),
      ),
    );
    const empty = Object.entries(read(file)).filter(
      ([key, text]) => !hasWords(text) && hasWords(english.get(key) ?? ""),
    );
    expect(empty).toEqual([]);
  });
});
