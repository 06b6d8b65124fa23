import { featureOf } from "@kalinga/domain/localized-texts";
import {
  DECIDED_MESSAGES,
  FIELD_MESSAGES,
  FILING_MESSAGES,
  SPEC_MESSAGES,
} from "@kalinga/domain/messages";

// The domain's messages by their English text, each to its catalogue key: a chunk of its own,
// fetched beside a catalogue, so the start page carries no message it does not show.

const MESSAGE_FEATURES = [SPEC_MESSAGES, FIELD_MESSAGES, DECIDED_MESSAGES, FILING_MESSAGES];

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
