import { createHash } from "node:crypto";

// An entry of KALINGA_INSURER_KEYS is `name:key`, or a plain key named after its hash
// (docs/decisions/0064): read here for the setting and for the key check alike.

export type InsurerKey = { name: string; key: string };

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;

/** `core-system:Tq…` names its key; a plain key is named `key-` and 6 hex digits of its SHA-256. */
export function insurerKeyOf(entry: string): InsurerKey {
  const colon = entry.indexOf(":");
  if (colon < 0) {
    return {
      name: `key-${createHash("sha256").update(entry).digest("hex").slice(0, 6)}`,
      key: entry,
    };
  }
  return { name: entry.slice(0, colon), key: entry.slice(colon + 1) };
}

/** Why these entries cannot be the keys, or null: a bad or repeated name, or an empty key. */
export function insurerKeysProblem(entries: readonly string[]): string | null {
  const keys = entries.map(insurerKeyOf);
  if (keys.some((k) => !NAME.test(k.name))) {
    return "KALINGA_INSURER_KEYS: a key's name (before the colon) is 1 to 40 letters, digits, dots, dashes or underscores.";
  }
  if (keys.some((k) => k.key === ""))
    return "KALINGA_INSURER_KEYS: a name needs its key after the colon.";
  if (new Set(keys.map((k) => k.name)).size !== keys.length) {
    return "KALINGA_INSURER_KEYS: each key needs a name of its own.";
  }
  return null;
}
