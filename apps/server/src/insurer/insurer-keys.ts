import { createHash, timingSafeEqual } from "node:crypto";

// The keys of the integration API with the names the audit log and the claim events show
// (docs/decisions/0064): an entry of KALINGA_INSURER_KEYS is `name:key`, or a plain key whose name
// is derived from its hash — enough to tell keys apart, nothing to guess the key from.

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

const digest = (value: string) => createHash("sha256").update(value).digest();

/** The client a key names, by the key's name (decision 0064), so events and the audit log say which key acted. */
export function insurerKeyCheck(entries: readonly string[]) {
  const named = entries.map(insurerKeyOf);
  const known = named.map((entry) => digest(entry.key));
  return (authorization: string | undefined): InsurerKey["name"] | null => {
    const match = typeof authorization === "string" ? /^Bearer (\S+)$/.exec(authorization) : null;
    if (!match?.[1]) return null;
    const sent = digest(match[1]);
    let found = -1;
    // Every key compared in constant time, so timing tells nothing about which one is close.
    known.forEach((key, index) => {
      if (timingSafeEqual(key, sent) && found < 0) found = index;
    });
    return found < 0 ? null : (named[found]?.name ?? "");
  };
}
