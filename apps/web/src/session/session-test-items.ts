import {
  SAMPLE_CLAIM as CLAIM,
  joseStep1,
  OTHER_SAMPLE_CLAIM as OTHER_CLAIM,
} from "@kalinga/domain/fixtures/claim-fixtures";

import { afterEach, beforeEach, expect, vi } from "vitest";
import type { ClaimReceipt, SessionItems, SessionKey } from "./session-store.ts";
import {
  type BrowserStorages,
  closeTab,
  type loadPage,
  type MemoryStorage,
  openTab,
} from "./session-test-support.ts";

// For the session store's tests: one value of every item, and ways to look at the storages under
// the store (its sealed items, its key database) the way a browser's developer tools would.

export const SESSION_ID = "kalinga:sid";
export const KEY_DATABASE = "kalinga-session-keys";
export const HOUR_MS = 60 * 60 * 1000;

export const MOBILE = "9171234567";
export const EMAIL = "jose.rizal@example.ph";
export const TOKEN =
  "eyJhbGciOiJIUzI1NiJ9.eyJ3ZWJSZWZlcmVuY2VOdW1iZXIiOiJLTC03S1E0LU05WFAifQ.c2lnbg";

export const receiptOf = (webReferenceNumber: string): ClaimReceipt => ({
  webReferenceNumber,
  submittedAt: "2026-11-20T03:15:00.000Z",
  claimType: "Living",
  maskedMobileNumber: "******4567",
  emailAddress: EMAIL,
  rated: false,
});

/** One value of every session item, as the widget writes them. */
export const ITEMS: SessionItems = {
  step1: joseStep1,
  webReferenceNumber: CLAIM,
  token: TOKEN,
  isOtpAvailable: { webReferenceNumber: CLAIM, pass: true },
  otpVerify: { otpMobileNumber: MOBILE },
  isRemindedForLivingClaims: true,
  claimDataStore: {
    webReferenceNumber: CLAIM,
    payout: { bank: "BPI", accountName: "Jose P Rizal" },
  },
  level1TransactionNumbers: ["TXN-0001", "TXN-0002"],
  submittedClaim: receiptOf(CLAIM),
  draftOffer: [
    {
      webReferenceNumber: OTHER_CLAIM,
      claimType: "Death",
      startedAt: "2026-11-18T02:00:00.000Z",
      documentCount: 2,
    },
  ],
  trackingCheck: {
    webReferenceNumber: OTHER_CLAIM,
    token: TOKEN,
    mobileNumber: MOBILE,
    verified: true,
  },
  trackedClaim: CLAIM,
  agentCode: "AG-1001",
  config: { memberPortalUrl: { first: "/customer-portal" } },
  locale: "fil",
};
export const ITEM_NAMES = Object.keys(ITEMS) as SessionKey[];
export const CLAIM_ITEMS: SessionKey[] = [
  "token",
  "webReferenceNumber",
  "level1TransactionNumbers",
  "isOtpAvailable",
  "otpVerify",
  "step1",
  "claimDataStore",
  "draftOffer",
];

/** The storages of the running test's tab: a new tab before each test, closed after it. */
export function newTabForEachTest(): BrowserStorages {
  let tab: BrowserStorages | undefined;
  beforeEach(() => {
    tab = openTab();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await closeTab();
  });
  const current = (): BrowserStorages => {
    if (tab === undefined) throw new Error("A tab is open only while a test runs");
    return tab;
  };
  return {
    get sessionStorage() {
      return current().sessionStorage;
    },
    get indexedDB() {
      return current().indexedDB;
    },
  };
}

/** The sealed items in the tab's sessionStorage, by their hashed names (the session id left out). */
export function sealedItems(): Map<string, string> {
  const storage = sessionStorage as unknown as MemoryStorage;
  return new Map(storage.entries().filter(([name]) => name !== SESSION_ID));
}

/** Sets one item that is not in storage yet and gives its hashed name, found by what appeared. */
export async function setAndFindName<K extends SessionKey>(
  store: Awaited<ReturnType<typeof loadPage>>,
  name: K,
  value: SessionItems[K],
): Promise<string> {
  const before = sealedItems();
  store.session.set(name, value);
  await store.session.flushed();
  const added = [...sealedItems().keys()].filter((stored) => !before.has(stored));
  expect(added).toHaveLength(1);
  return added[0] ?? "";
}

export function setAll(store: Awaited<ReturnType<typeof loadPage>>): void {
  for (const name of ITEM_NAMES) store.session.set(name, ITEMS[name]);
}

export function itemsOf(store: Awaited<ReturnType<typeof loadPage>>): Partial<SessionItems> {
  return Object.fromEntries(
    ITEM_NAMES.map((name) => [name, store.session.get(name)]).filter(([, v]) => v !== undefined),
  );
}

/** The entries of the key database, by session id, read the way the store writes them. */
export async function keyEntries(): Promise<Map<IDBValidKey, { createdAt: number }>> {
  const db = await openKeyDatabase();
  const store = db.transaction("keys", "readonly").objectStore("keys");
  const [keys, values] = await Promise.all([request(store.getAllKeys()), request(store.getAll())]);
  db.close();
  return new Map(keys.map((k, i) => [k, values[i] as { createdAt: number }]));
}

function openKeyDatabase(): Promise<IDBDatabase> {
  const open = indexedDB.open(KEY_DATABASE, 1);
  open.onupgradeneeded = () => open.result.createObjectStore("keys");
  return request(open);
}

export function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

export async function putKeyEntry(sessionId: string, createdAt: number): Promise<void> {
  const key = await crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, false, [
    "encrypt",
    "decrypt",
  ]);
  const db = await openKeyDatabase();
  await request(
    db.transaction("keys", "readwrite").objectStore("keys").put({ key, createdAt }, sessionId),
  );
  db.close();
}

export async function deleteKeyEntry(sessionId: string): Promise<void> {
  const db = await openKeyDatabase();
  await request(db.transaction("keys", "readwrite").objectStore("keys").delete(sessionId));
  db.close();
}
