import { DOCUMENT_MESSAGES } from "@kalinga/domain/document-messages";
import { fill } from "@kalinga/domain/localized-texts";
import { FILING_MESSAGES, FREE_TEXT_LABELS, FREE_TEXT_MESSAGES } from "@kalinga/domain/messages";
import { describe, expect, it } from "vitest";
import { messageTranslator } from "./message-keys.ts";

const catalogue = {
  "documentMessages.tooLarge": "Mas malaki sa {size} ang file na ito.",
  "documentMessages.uploadRequired": "Paki-upload ang dokumentong ito.",
  "freeTextMessages.unsavable": "May mga character sa {label} na hindi ma-save.",
  "freeTextLabels.homeAddress": "Tirahan",
};

describe("the domain's messages in a catalogue's words", () => {
  const translate = messageTranslator();

  it("finds a message by its English text", () => {
    expect(translate(DOCUMENT_MESSAGES.uploadRequired, catalogue)).toBe(
      "Paki-upload ang dokumentong ito.",
    );
  });

  it("finds a filled template and puts its values in the catalogue's template", () => {
    expect(translate(DOCUMENT_MESSAGES.tooLarge(10 * 1024 * 1024), catalogue)).toBe(
      "Mas malaki sa 10 MB ang file na ito.",
    );
  });

  it("puts a field's label in the catalogue's words", () => {
    expect(translate(FREE_TEXT_MESSAGES.unsavable(FREE_TEXT_LABELS.homeAddress), catalogue)).toBe(
      "May mga character sa Tirahan na hindi ma-save.",
    );
  });

  it("finds the account number's length message filled with its digits", () => {
    const english = fill(FILING_MESSAGES.accountNumberLength, { digits: "10" });
    const withDigits = {
      "filingMessages.accountNumberLength": "Dapat {digits} digit ang account number",
    };
    expect(translate(english, withDigits)).toBe("Dapat 10 digit ang account number");
  });

  it("leaves a message no catalogue names to its English", () => {
    expect(translate("Something the domain never says.", catalogue)).toBeUndefined();
  });
});
