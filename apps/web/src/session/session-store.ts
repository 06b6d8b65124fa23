import type { OpenDraft } from "@kalinga/domain/claim-responses";
import type { PublicStartForm } from "@kalinga/domain/start-form";

// Session items (section 3) kept in sessionStorage, each key and value encrypted with AES-GCM.
// The key is a non-extractable WebCrypto key kept in IndexedDB: page scripts can use it but never
// read it, and nothing of it is in the source. Items are decrypted once at start and read from
// memory; writes go to memory at once and to storage in the background.

export type SessionItems = {
  /** The start form as it was valid; Steps 2 to 4 check it again with the domain's rules. */
  step1: PublicStartForm;
  webReferenceNumber: string;
  token: string;
  isOtpAvailable: { webReferenceNumber: string; pass: boolean };
  otpVerify: { otpMobileNumber: string };
  isRemindedForLivingClaims: boolean;
  /** claim-data-store.ts reads it back field by field, so an older shape still opens. */
  claimDataStore: unknown;
  level1TransactionNumbers: string[];
  submittedClaim: ClaimReceipt;
  /** The number's open drafts validateOneTimePIN offered, until the claimant chose (decision 0044). */
  draftOffer: OpenDraft[];
  /** The claimant's check of the claims filed with a mobile number (decision 0055), apart from any claim being filed. */
  trackingCheck: TrackingCheck;
  /** The reference of the tracked claim the status and abeyance screens show. */
  trackedClaim: string;
  /** Agent assist: the agent's code from the portal's assertion, sent in every call's body. */
  agentCode: string;
  /** Section 7's application config (data.jsonByPath.item.appConfig), as the content service had it. */
  config: AppConfig;
  /** The language the claimant chose, kept for the tab's session across claims. */
  locale: string;
};

/** The application config: what the widget reads of it is checked where it is read. */
export type AppConfig = Record<string, unknown>;

/** A tracking check: its own reference and token, and the number its OTP verified. */
export type TrackingCheck = {
  webReferenceNumber: string;
  token: string;
  mobileNumber: string;
  verified: boolean;
};

/**
 * What the confirmation shows of a submitted claim, kept apart from the claim's token and items so
 * it outlives the session clearing (docs/decisions/0033): nothing in it opens the claim.
 */
export type ClaimReceipt = {
  webReferenceNumber: string;
  /** ISO time of the server's answer to the submit. */
  submittedAt: string;
  claimType: string;
  /** The mobile number the acknowledgment goes to, masked to its last 4 digits. */
  maskedMobileNumber: string;
  emailAddress: string;
  /** The claimant sent a rating: the rating closes with the claim's session. */
  rated: boolean;
};
export type SessionKey = keyof SessionItems;

const PREFIX = "kalinga:";
const SESSION_ID = `${PREFIX}sid`;
const DB_NAME = "kalinga-session-keys";
const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

const memory = new Map<SessionKey, unknown>();
let key: CryptoKey | null = null;
let pending: Promise<unknown> = Promise.resolve();

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function toBase64(bytes: Uint8Array): string {
  // One byte at a time: spreading a large value into fromCharCode overflows the call stack.
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

async function encrypt(text: string): Promise<string> {
  if (!key) throw new Error("session key missing");
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, encoder.encode(text));
  return `${toBase64(iv)}.${toBase64(new Uint8Array(sealed))}`;
}

async function decrypt(text: string): Promise<string | null> {
  const [iv, sealed] = text.split(".");
  if (!key || !iv || !sealed) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64(iv) },
      key,
      fromBase64(sealed),
    );
    return decoder.decode(plain);
  } catch {
    return null; // written with another session's key, or tampered with
  }
}

/** A storage name that hides which item it is but stays the same within the session. */
async function storageName(name: SessionKey): Promise<string> {
  if (!key) throw new Error("session key missing");
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(`${sessionId()}:${name}`));
  return PREFIX + toBase64(new Uint8Array(digest).slice(0, 12));
}

function sessionId(): string {
  let id = sessionStorage.getItem(SESSION_ID);
  if (!id) {
    id = crypto.randomUUID();
    sessionStorage.setItem(SESSION_ID, id);
  }
  return id;
}

function openKeyDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore("keys");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function idb<T>(
  db: IDBDatabase,
  mode: IDBTransactionMode,
  run: (s: IDBObjectStore) => IDBRequest,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = run(db.transaction("keys", mode).objectStore("keys"));
    request.onsuccess = () => resolve(request.result as T);
    request.onerror = () => reject(request.error);
  });
}

/** Keys of sessions long closed are of no use to anyone. */
async function removeClosedSessionKeys(db: IDBDatabase, id: string): Promise<void> {
  const all = await idb<IDBValidKey[]>(db, "readonly", (s) => s.getAllKeys());
  for (const other of all) {
    if (other === id) continue;
    const entry = await idb<{ createdAt: number } | undefined>(db, "readonly", (s) => s.get(other));
    if (!entry || Date.now() - entry.createdAt > KEY_LIFETIME_MS)
      await idb(db, "readwrite", (s) => s.delete(other));
  }
}

async function loadKey(): Promise<CryptoKey> {
  const id = sessionId();
  const fresh = () =>
    crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
  try {
    const db = await openKeyDatabase();
    const stored = await idb<{ key: CryptoKey; createdAt: number } | undefined>(
      db,
      "readonly",
      (s) => s.get(id),
    );
    if (stored) return stored.key;
    const created = await fresh();
    await idb(db, "readwrite", (s) => s.put({ key: created, createdAt: Date.now() }, id));
    // The key is stored: a failed clean-up must not swap it for one the next load cannot find.
    await removeClosedSessionKeys(db, id).catch(() => undefined);
    return created;
  } catch {
    // Without IndexedDB (some private modes) the session lasts as long as the page.
    return fresh();
  }
}

const ALL_KEYS: SessionKey[] = [
  "step1",
  "webReferenceNumber",
  "token",
  "isOtpAvailable",
  "otpVerify",
  "isRemindedForLivingClaims",
  "claimDataStore",
  "level1TransactionNumbers",
  "submittedClaim",
  "draftOffer",
  "trackingCheck",
  "trackedClaim",
  "agentCode",
  "config",
  "locale",
];

/** Section 3's session clearing: what lets a request act on the claim. */
const CLEARED_ITEMS = ["token", "webReferenceNumber", "level1TransactionNumbers"] as const;
/** The rest of one claim: its OTP pass, its Step 1 and its form data, never handed to the next claim. */
const CLAIM_ITEMS = [
  ...CLEARED_ITEMS,
  "isOtpAvailable",
  "otpVerify",
  "step1",
  "claimDataStore",
  "draftOffer",
] as const;

/** Decrypts what this browser tab stored before (a reload keeps what was entered). */
export async function openSession(): Promise<void> {
  key = await loadKey();
  await Promise.all(
    ALL_KEYS.map(async (name) => {
      const sealed = sessionStorage.getItem(await storageName(name));
      if (sealed === null) return;
      const plain = await decrypt(sealed);
      if (plain !== null) memory.set(name, JSON.parse(plain));
    }),
  );
}

// A failed write (storage full) leaves the item in memory for this page and must not block later writes.
function queue(write: () => Promise<void>): void {
  pending = pending.then(write).catch(() => undefined);
}

export const session = {
  get<K extends SessionKey>(name: K): SessionItems[K] | undefined {
    return memory.get(name) as SessionItems[K] | undefined;
  },
  set<K extends SessionKey>(name: K, value: SessionItems[K]): void {
    memory.set(name, value);
    queue(async () =>
      sessionStorage.setItem(await storageName(name), await encrypt(JSON.stringify(value))),
    );
  },
  remove(name: SessionKey): void {
    memory.delete(name);
    queue(async () => sessionStorage.removeItem(await storageName(name)));
  },
  /**
   * Section 3's session clearing (the token, the web reference number, the level-1 list) and every other item of the tab's claim (OTP pass, verified mobile, Step 1,
   * claim data): what the next claim of this tab must never inherit. The receipt stays.
   */
  endClaim(): void {
    for (const name of CLAIM_ITEMS) session.remove(name);
  },
  /** Ends the tab's claim once it is submitted (its receipt names it); another claim is left alone. */
  endSubmittedClaim(): void {
    const receipt = session.get("submittedClaim");
    if (receipt && receipt.webReferenceNumber === session.get("webReferenceNumber")) {
      session.endClaim();
    }
  },
  /** Resolves once every write so far has reached storage. */
  flushed(): Promise<unknown> {
    return pending;
  },
};
