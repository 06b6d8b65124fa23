import { ConfigError, type Env, text } from "./config-values.ts";

// Who encrypts the claim documents at rest (docs/decisions/0099):
//   KALINGA_DOCUMENT_KEYS="2026a:<base64 of 32 bytes>,2026b:<base64 of 32 bytes>"
//   KALINGA_DOCUMENT_KEY_ID=2026b          (the key that wraps new documents; the only one by default)
//   KALINGA_DOCUMENT_ENCRYPTION=application (the default) or store
// Production needs the keys, unless the operator says the store encrypts on its own ("store").
// Elsewhere, without keys, one is generated and kept in the data folder.

export type DocumentEncryption =
  | { by: "store" }
  | { by: "application"; keys: ReadonlyMap<string, Uint8Array>; currentId: string }
  /** Development and tests: a key generated once and kept in the data folder. */
  | { by: "application"; keys: null };

const KEY_ID = /^[A-Za-z0-9_.-]{1,64}$/;
const KEY_BYTES = 32;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

function parseKeys(raw: string): Map<string, Uint8Array> {
  const keys = new Map<string, Uint8Array>();
  for (const entry of raw.split(",").map((part) => part.trim())) {
    const colon = entry.indexOf(":");
    const id = colon < 0 ? "" : entry.slice(0, colon).trim();
    const value = colon < 0 ? "" : entry.slice(colon + 1).trim();
    if (!KEY_ID.test(id)) {
      throw new ConfigError(
        "KALINGA_DOCUMENT_KEYS: each entry is <id>:<base64 key>, the id of 1 to 64 letters, digits, '.', '_' or '-'.",
      );
    }
    const key = BASE64.test(value) ? Buffer.from(value, "base64") : Buffer.alloc(0);
    if (key.length !== KEY_BYTES) {
      throw new ConfigError(
        `KALINGA_DOCUMENT_KEYS: the key "${id}" must be 32 random bytes in base64 (openssl rand -base64 32).`,
      );
    }
    if (keys.has(id))
      throw new ConfigError(`KALINGA_DOCUMENT_KEYS: the id "${id}" is given twice.`);
    keys.set(id, new Uint8Array(key));
  }
  return keys;
}

export function loadDocumentEncryption(env: Env, production: boolean): DocumentEncryption {
  const by = text(env, "KALINGA_DOCUMENT_ENCRYPTION") ?? "application";
  if (by !== "application" && by !== "store") {
    throw new ConfigError(`KALINGA_DOCUMENT_ENCRYPTION must be application or store, got "${by}".`);
  }
  const raw = text(env, "KALINGA_DOCUMENT_KEYS");
  const chosen = text(env, "KALINGA_DOCUMENT_KEY_ID");
  if (by === "store") {
    if (raw !== null || chosen !== null) {
      throw new ConfigError(
        "KALINGA_DOCUMENT_ENCRYPTION=store leaves encryption to the store: unset KALINGA_DOCUMENT_KEYS and KALINGA_DOCUMENT_KEY_ID, or encrypt in the application.",
      );
    }
    return { by };
  }
  if (raw === null) {
    if (production) {
      throw new ConfigError(
        "KALINGA_DOCUMENT_KEYS is required in production (<id>:<32 random bytes in base64>), or KALINGA_DOCUMENT_ENCRYPTION=store when the document store encrypts on its own.",
      );
    }
    if (chosen !== null) {
      throw new ConfigError("KALINGA_DOCUMENT_KEY_ID names a key: set KALINGA_DOCUMENT_KEYS too.");
    }
    return { by, keys: null };
  }
  const keys = parseKeys(raw);
  const ids = [...keys.keys()];
  if (chosen === null && ids.length > 1) {
    throw new ConfigError(
      "KALINGA_DOCUMENT_KEY_ID must name the key that wraps new documents when KALINGA_DOCUMENT_KEYS holds several.",
    );
  }
  const currentId = chosen ?? (ids[0] as string);
  if (!keys.has(currentId)) {
    throw new ConfigError(
      `KALINGA_DOCUMENT_KEY_ID is "${currentId}", which is not an id in KALINGA_DOCUMENT_KEYS (${ids.join(", ")}).`,
    );
  }
  return { by, keys, currentId };
}
