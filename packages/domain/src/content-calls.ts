import * as z from "zod/mini";
import { DEFAULT_CHANNEL_NAMES } from "./channel.ts";
import { CONSOLE_CALL_ROUTES } from "./console-call-routes.ts";
import type { ConsoleCallSpec } from "./console-call-spec.ts";
import { CONTENT_TEXT_MAX_LENGTH } from "./content-versions.ts";

// The console's calls for the widget's words (decision 0090): read a place's draft with every key's
// English, save draft changes, check completeness, publish, list versions, roll back, and make a
// preview link. A place is a company, a channel and a locale.

export const CONTENT_REQUEST_MESSAGES = {
  badCompany: "Send the id of a configured company.",
  badChannel: `Choose one of: ${Object.keys(DEFAULT_CHANNEL_NAMES).join(", ")}.`,
  badLocale: "Send a locale the service serves, like en or fil.",
  badTexts: `Send texts as "<feature>.<key>": text (at most ${CONTENT_TEXT_MAX_LENGTH} characters), or null to remove an edit.`,
  tooManyTexts: "Send at most 1000 texts at once.",
  badNumber: "Send the number of a published version.",
  unknown: "No text of the widget or the messages has this key.",
  slots: "Keep the {slots} of the English text, no more and no fewer.",
  /** A text whose placeholders differ from its English: which to add back and which to take out. */
  slotsOf: (key: string, expected: readonly string[], found: readonly string[]) => {
    const names = (slots: readonly string[]) => slots.map((slot) => `{${slot}}`).join(", ");
    const missing = expected.filter((slot) => !found.includes(slot));
    const extra = found.filter((slot) => !expected.includes(slot));
    return [
      `${key} must keep the placeholders of its English text.`,
      missing.length > 0 ? `Put back ${names(missing)}.` : "",
      extra.length > 0 ? `Take out ${names(extra)}: nothing fills it.` : "",
    ]
      .filter(Boolean)
      .join(" ");
  },
  "spec-worded": "The specification's English wording cannot be changed.",
  empty: "Write at least one character.",
  "too-long": `Use at most ${CONTENT_TEXT_MAX_LENGTH} characters.`,
  missing: "This key has no text in this locale: give it one in the draft.",
  heading: "Start the file with the heading row: key, English, then each locale.",
  locale: "This column names a locale the service does not serve.",
  badCsv: "Send the CSV file's text, at most 2,000,000 characters.",
  unclosedQuote:
    'The file ends inside a quoted field: close every quote you open, and write a quote inside a field as two ("").',
  unreadableCsv: (line: number) =>
    `The file cannot be read as CSV at line ${line}: put a field with commas, quotes or line breaks in double quotes, and write a quote inside it as two ("").`,
  csvRow: (row: number, column: string, why: string) => `Row ${row}, column ${column}: ${why}`,
} as const;

const M = CONTENT_REQUEST_MESSAGES;
const CHANNELS = Object.keys(DEFAULT_CHANNEL_NAMES) as [keyof typeof DEFAULT_CHANNEL_NAMES];

const placeShape = {
  company: z
    .string(M.badCompany)
    .check(z.minLength(1, M.badCompany), z.maxLength(60, M.badCompany)),
  channel: z.enum(CHANNELS, M.badChannel),
  locale: z.string(M.badLocale).check(z.regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, M.badLocale)),
};
export const contentPlace = z.strictObject(placeShape);
const { company, channel } = placeShape;
export const contentCsvQuery = z.strictObject({ company, channel });
const CSV_MAX_LENGTH = 2_000_000;
export const contentCsvBody = z.strictObject({
  company,
  channel,
  csv: z.string(M.badCsv).check(z.maxLength(CSV_MAX_LENGTH, M.badCsv)),
});

const textsInput = z
  .record(
    z.string(M.badTexts).check(z.maxLength(120, M.badTexts)),
    z.nullable(z.string(M.badTexts).check(z.maxLength(CONTENT_TEXT_MAX_LENGTH, M.badTexts))),
    M.badTexts,
  )
  .check(z.refine((texts) => Object.keys(texts).length <= 1000, M.tooManyTexts));

export const contentDraftBody = z.strictObject({ ...placeShape, texts: textsInput });
export const contentRollBackBody = z.strictObject({
  ...placeShape,
  number: z.number(M.badNumber).check(z.int(M.badNumber), z.minimum(1, M.badNumber)),
});

const texts = z.record(z.string(), z.string());
const version = z.object({
  number: z.number(),
  texts,
  createdBy: z.string(),
  publishedAt: z.string(),
  publishedBy: z.string(),
  rolledBackFrom: z.nullable(z.number()),
});
const problem = z.object({
  key: z.string(),
  problem: z.string(),
  expected: z.optional(z.array(z.string())),
  found: z.optional(z.array(z.string())),
});

export const contentAnswer = z.object({
  english: texts,
  file: texts,
  draft: texts,
  updatedAt: z.nullable(z.string()),
  updatedBy: z.nullable(z.string()),
  published: z.nullable(z.number()),
});
export const contentDraftAnswer = z.object({ draft: texts });
export const contentCheckAnswer = z.object({ problems: z.array(problem) });
export const contentVersionAnswer = z.object({ version });
export const contentVersionsAnswer = z.object({ versions: z.array(version) });
export const contentImportAnswer = z.object({ changed: z.record(z.string(), z.number()) });
export const contentPreviewAnswer = z.object({ token: z.string(), expiresAt: z.string() });

const call = <const Spec extends ConsoleCallSpec>(spec: Spec): Spec => spec;
const byEditors = {
  credential: "staff-session",
  idempotent: true,
  audited: true,
  permission: ["edit-content"],
  claim: false,
  params: null,
  refusals: ["forbidden"],
} as const;
const reading = { ...byEditors, query: contentPlace, body: null, idempotent: false } as const;

export const CONTENT_CALLS = {
  readContent: call({
    ...reading,
    ...CONSOLE_CALL_ROUTES.readContent,
    response: contentAnswer,
    audited: false,
    summary: "A place's draft, its locale file, every key's English and the published version.",
  }),
  saveContentDraft: call({
    ...byEditors,
    ...CONSOLE_CALL_ROUTES.saveContentDraft,
    query: null,
    body: contentDraftBody,
    response: contentDraftAnswer,
    summary: "Saves changes to a place's draft; a key unknown or with other slots changes nothing.",
  }),
  checkContent: call({
    ...reading,
    ...CONSOLE_CALL_ROUTES.checkContent,
    response: contentCheckAnswer,
    audited: false,
    summary:
      "The completeness check: every key missing in the locale, unknown, or with other slots.",
  }),
  publishContent: call({
    ...byEditors,
    ...CONSOLE_CALL_ROUTES.publishContent,
    query: null,
    body: contentPlace,
    response: contentVersionAnswer,
    summary:
      "Publishes the draft as the next version; refused with the problems while the check finds any.",
  }),
  listContentVersions: call({
    ...reading,
    ...CONSOLE_CALL_ROUTES.listContentVersions,
    response: contentVersionsAnswer,
    audited: false,
    summary: "Every published version of a place, newest first.",
  }),
  rollBackContent: call({
    ...byEditors,
    ...CONSOLE_CALL_ROUTES.rollBackContent,
    query: null,
    body: contentRollBackBody,
    response: contentVersionAnswer,
    refusals: ["forbidden", "not-found"],
    summary: "Publishes a copy of an earlier version as the next one.",
  }),
  exportContent: call({
    ...reading,
    ...CONSOLE_CALL_ROUTES.exportContent,
    query: contentCsvQuery,
    response: "csv",
    summary:
      "The translators' CSV of a company and channel: key, English, then each locale's draft.",
  }),
  importContent: call({
    ...byEditors,
    ...CONSOLE_CALL_ROUTES.importContent,
    query: null,
    body: contentCsvBody,
    // A whole export read back: its characters in JSON's UTF-8, up to 3 bytes each ("\n" is 2).
    bodyLimit: CSV_MAX_LENGTH * 3 + 1024,
    response: contentImportAnswer,
    summary: "Writes a translators' CSV into the drafts; any refused row changes nothing.",
  }),
  previewContent: call({
    ...byEditors,
    ...CONSOLE_CALL_ROUTES.previewContent,
    query: null,
    body: contentPlace,
    response: contentPreviewAnswer,
    idempotent: false,
    summary: "A short-lived token that shows the place's draft in the widget (?kalinga-preview=).",
  }),
};
