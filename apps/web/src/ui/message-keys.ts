import { DOCUMENT_MESSAGE_TEXTS } from "@kalinga/domain/document-messages";
import { type Catalogue, featureOf, fill, slotsOf } from "@kalinga/domain/localized-texts";
import {
  DECIDED_MESSAGES,
  FIELD_MESSAGES,
  FILING_MESSAGES,
  FREE_TEXT_LABELS,
  FREE_TEXT_TEXTS,
  SPEC_MESSAGES,
} from "@kalinga/domain/messages";

// The domain's messages by their English text, each to its catalogue key: a chunk of its own,
// fetched beside a catalogue, so the start page carries no message it does not show.

const MESSAGE_FEATURES = [
  SPEC_MESSAGES,
  FIELD_MESSAGES,
  DECIDED_MESSAGES,
  FILING_MESSAGES,
  DOCUMENT_MESSAGE_TEXTS,
  FREE_TEXT_TEXTS,
  // Last, so a message sharing a label's words keeps its own key: the labels fill the template above.
  FREE_TEXT_LABELS,
];

/** A template message ("Account number should be {digits} digits") and how to read its values back. */
export type MessageTemplate = { key: string; pattern: RegExp; slots: string[] };

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Every message with {slots}: a filled one is found by its words around the values. */
export function messageTemplates(): MessageTemplate[] {
  return MESSAGE_FEATURES.flatMap((texts) =>
    Object.entries(texts)
      .filter(([, text]) => slotsOf(text).length > 0)
      .map(([key, text]) => {
        const slots: string[] = [];
        const pattern = text
          .split(/(\{\w+\})/)
          .map((part) => {
            const slot = /^\{(\w+)\}$/.exec(part)?.[1];
            if (slot === undefined) return literal(part);
            if (slots.includes(slot)) return `\\k<${slot}>`;
            slots.push(slot);
            return `(?<${slot}>.+?)`;
          })
          .join("");
        return { key: `${featureOf(texts)}.${key}`, pattern: new RegExp(`^${pattern}$`), slots };
      }),
  );
}

/** English text to "<feature>.<key>"; the first key keeps a text two groups share. */
export function messageKeys(): Map<string, string> {
  const keys = new Map<string, string>();
  for (const texts of MESSAGE_FEATURES) {
    for (const [key, text] of Object.entries(texts)) {
      if (!keys.has(text)) keys.set(text, `${featureOf(texts)}.${key}`);
    }
  }
  return keys;
}

/**
 * A domain message in a catalogue's words: found by its English text, or, filled from a template
 * ("Account number should be 10 digits"), by the template's words, its values put back in the
 * catalogue's template (a field's label in the catalogue's words too). Undefined when not found.
 */
export function messageTranslator(): (english: string, catalogue: Catalogue) => string | undefined {
  const keys = messageKeys();
  const templates = messageTemplates();
  const exact = (english: string, catalogue: Catalogue) => {
    const key = keys.get(english);
    return key !== undefined ? catalogue[key] : undefined;
  };
  const filled = (english: string, catalogue: Catalogue) => {
    for (const { key, pattern } of templates) {
      const values = pattern.exec(english)?.groups;
      const text = catalogue[key];
      if (!values || text === undefined) continue;
      const inCatalogue = Object.entries(values).map(
        ([slot, value]) => [slot, exact(value, catalogue) ?? value] as const,
      );
      return fill(text, Object.fromEntries(inCatalogue));
    }
    return undefined;
  };
  return (english, catalogue) => exact(english, catalogue) ?? filled(english, catalogue);
}
