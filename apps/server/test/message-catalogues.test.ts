import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  type Catalogue,
  catalogueProblems,
  featureOf,
  splitCatalogue,
} from "@kalinga/domain/localized-texts";
import { describe, expect, it } from "vitest";
import { CLAIM_CHANGE_TEXTS } from "../src/notifications/claim-change-texts.ts";
import { MESSAGE_FEATURES } from "../src/notifications/message-features.ts";
import { NOTIFICATION_TEXTS } from "../src/notifications/notification-texts.ts";

// Every locale file against every SMS and e-mail the server writes (decision 0089): no key missing
// or unknown, the English slots kept, and SMS in plain characters. A locale added later is checked
// without a change here. The widget's keys are checked by the widget's test.

const FEATURES = MESSAGE_FEATURES;
const SMS_KEYS = [
  "sms-otp.code",
  "sms-otp.codeOneMinute",
  "sms-draft-reminder.reminderSms",
  ...Object.keys(NOTIFICATION_TEXTS)
    .filter((key) => key.endsWith("Sms"))
    .map((key) => `messages-acknowledgment.${key}`),
  ...Object.keys(CLAIM_CHANGE_TEXTS)
    .filter((key) => /Sms/.test(key))
    .map((key) => `messages-claim-change.${key}`),
];

const localesDir = path.resolve(import.meta.dirname, "../content/locales");
const files = readdirSync(localesDir).filter((file) => /^[a-z]{2,3}(-[A-Z]{2})?\.json$/.test(file));
const read = (file: string) =>
  splitCatalogue(JSON.parse(readFileSync(path.join(localesDir, file), "utf8")) as Catalogue)
    .messages;

describe("the server's messages in every locale", () => {
  it("the features are the server's own, apart from the widget's", () => {
    expect(FEATURES.map(featureOf)).toEqual([
      "sms-otp",
      "sms-draft-reminder",
      "messages-acknowledgment",
      "messages-claim-change",
    ]);
    expect(files).toContain("fil.json");
  });

  it.each(files)("%s has every message key, no unknown one, and the English slots", (file) => {
    expect(catalogueProblems(FEATURES, read(file))).toEqual([]);
  });

  it.each(files)("%s keeps its SMS to the GSM alphabet's plain characters", (file) => {
    const catalogue = read(file);
    const outside = SMS_KEYS.filter((key) => !/^[\x20-\x7E]*$/.test(catalogue[key] ?? ""));
    expect(outside).toEqual([]);
  });
});
