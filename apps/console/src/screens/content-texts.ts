// The Content screen's words (decision 0090), in one place like the rest of the console's.

export const CONTENT_TEXTS = {
  title: "Content",
  hint: "Edit the widget's words and the SMS and e-mails claimants are sent, for one company, channel and language. Changes stay in a draft until you publish them.",
  /** How the message keys are found: the search matches their feature's name. */
  messagesHint:
    'Search "sms-" or "messages-" for the SMS and e-mails. Keep every {placeholder} of the English: the message fills it in.',
  company: "Company id",
  channel: "Channel",
  locale: "Language",
  open: "Open",
  search: "Search keys and texts",
  caption: "Texts of the draft",
  columns: { key: "Key", english: "English", text: "Text" },
  textOf: (key: string) => `Text of ${key}`,
  saveDraft: "Save draft",
  saved: "Draft saved.",
  check: "Check completeness",
  complete: "Nothing is missing: this language can be published.",
  problemsTitle: "Problems that block publishing",
  problem: (key: string, message: string) => `${key}: ${message}`,
  /** A text whose placeholders differ from its English, naming which to put back and take out. */
  slotsProblem: (expected: readonly string[], found: readonly string[]) => {
    const names = (slots: readonly string[]) => slots.map((slot) => `{${slot}}`).join(", ");
    const missing = expected.filter((slot) => !found.includes(slot));
    const extra = found.filter((slot) => !expected.includes(slot));
    return [
      "the placeholders differ from the English",
      missing.length > 0 ? `put back ${names(missing)}` : "",
      extra.length > 0 ? `take out ${names(extra)}` : "",
    ]
      .filter(Boolean)
      .join("; ");
  },
  problemMessages: {
    missing: "no text in this language",
    unknown: "no such key",
    slots: "the {slots} differ from the English",
    "spec-worded": "the specification's English cannot be changed",
    empty: "empty",
    "too-long": "too long",
  } as Record<string, string>,
  preview: "Make a preview link",
  previewHint: (expiresAt: string) =>
    `Add this to the address of the page with the widget to see the draft, until ${expiresAt}:`,
  publish: "Publish",
  published: (number: number) => `Published as version ${number}.`,
  versionsCaption: "Published versions",
  versionColumns: { number: "Version", when: "Published", by: "By", actions: "Actions" },
  /** A roll back button's name: its visible words first, as a voice command says them. */
  rollBack: (number: number) => `Roll back to version ${number}`,
  rollBackShort: "Roll back",
  rolledBack: (from: number, number: number) =>
    `Version ${from} published again as version ${number}.`,
  noVersions: "Nothing published yet: the widget shows the shipped words.",
  shown: (shown: number, total: number) => `${shown} of ${total} keys shown`,
} as const;
