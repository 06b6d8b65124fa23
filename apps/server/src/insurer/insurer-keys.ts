import { createHash, timingSafeEqual } from "node:crypto";
import { type InsurerKey, insurerKeyOf } from "../config/insurer-key-entries.ts";

// The integration API's key check: which named key (decision 0064) a request carries, compared in
// constant time, so events and the audit log say which key acted.

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
