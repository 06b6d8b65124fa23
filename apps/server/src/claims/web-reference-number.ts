import { randomInt } from "node:crypto";
import { WEB_REFERENCE_ALPHABET } from "@kalinga/domain/web-reference-number";

// "KL-7KQ4-M9XP": read aloud over the phone without 0/O, 1/I/L mix-ups. 31 symbols in 8 places give
// about 8.5 × 10^11 numbers, drawn from the CSPRNG so one claim's number says nothing of the next.

export function newWebReferenceNumber(): string {
  let symbols = "";
  for (let i = 0; i < 8; i++)
    symbols += WEB_REFERENCE_ALPHABET[randomInt(WEB_REFERENCE_ALPHABET.length)];
  return `KL-${symbols.slice(0, 4)}-${symbols.slice(4)}`;
}
