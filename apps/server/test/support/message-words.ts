import { fileWords, type MessageWordsOf } from "../../src/notifications/message-locale.ts";

/**
 * The messages' words from the locale files alone, for a test that calls a sender without an app's
 * published content: what a place with nothing published gets.
 */
export const fileWordsOf: MessageWordsOf = async (_q, { locale }) => fileWords(locale);
