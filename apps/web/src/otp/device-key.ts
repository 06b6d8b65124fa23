import { isDeviceKey } from "@kalinga/domain/device-key";

// The device key (docs/decisions/0062): a random id kept in localStorage, one per company, so it
// outlives the tab's claim and session and names this browser on every OTP call. The server keeps
// only a keyed hash of it; it lets a device that entered a number's right code keep its own daily
// sends, and keeps a stranger's used-up sends from locking any other device.

const PREFIX = "kalinga:device:";
const known = new Map<string, string>();

function newDeviceKey(): string {
  let binary = "";
  for (const byte of crypto.getRandomValues(new Uint8Array(32)))
    binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** This browser's key for the company, made and kept on first use. */
export function deviceKey(companyName: string): string {
  const name = PREFIX + companyName;
  const remembered = known.get(name);
  if (remembered) return remembered;
  let key: string | null = null;
  try {
    key = localStorage.getItem(name);
  } catch {
    // Storage blocked (some private modes): the key lasts as long as the page.
  }
  if (key === null || !isDeviceKey(key)) {
    key = newDeviceKey();
    try {
      localStorage.setItem(name, key);
    } catch {
      // As above: a key kept in memory still names this page's calls.
    }
  }
  known.set(name, key);
  return key;
}
