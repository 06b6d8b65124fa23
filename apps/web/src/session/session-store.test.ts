import {
  SAMPLE_CLAIM as CLAIM,
  joseStep1,
  OTHER_SAMPLE_CLAIM as OTHER_CLAIM,
} from "@kalinga/domain/fixtures/claim-fixtures";
import { IDBObjectStore } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionItems, SessionKey, SubmittedClaim } from "./session-store.ts";
import {
  type BrowserStorages,
  closeTab,
  loadPage,
  type MemoryStorage,
  openTab,
} from "./session-test-support.ts";

const SESSION_ID = "kalinga:sid";
const KEY_DATABASE = "kalinga-session-keys";
const HOUR_MS = 60 * 60 * 1000;

const MOBILE = "9171234567";
const EMAIL = "jose.rizal@example.ph";
const TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJ3ZWJSZWZlcmVuY2VOdW1iZXIiOiJLTC03S1E0LU05WFAifQ.c2lnbg";

const receiptOf = (webReferenceNumber: string): SubmittedClaim => ({
  webReferenceNumber,
  submittedAt: "2026-11-20T03:15:00.000Z",
  claimType: "Living",
  maskedMobileNumber: "******4567",
  emailAddress: EMAIL,
  rated: false,
});

/** One value of every session item, as the widget writes them. */
const ITEMS: SessionItems = {
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
};
const ITEM_NAMES = Object.keys(ITEMS) as SessionKey[];
const CLAIM_ITEMS: SessionKey[] = [
  "token",
  "webReferenceNumber",
  "level1TransactionNumbers",
  "isOtpAvailable",
  "otpVerify",
  "step1",
  "claimDataStore",
  "draftOffer",
];

let tab: BrowserStorages;

beforeEach(() => {
  tab = openTab();
});

afterEach(async () => {
  vi.restoreAllMocks();
  await closeTab();
});

/** The sealed items in sessionStorage, by their hashed names (the session id left out). */
function sealedItems(storage: MemoryStorage = tab.sessionStorage): Map<string, string> {
  return new Map(storage.entries().filter(([name]) => name !== SESSION_ID));
}

/** Sets one item that is not in storage yet and gives its hashed name, found by what appeared. */
async function setAndFindName<K extends SessionKey>(
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

function setAll(store: Awaited<ReturnType<typeof loadPage>>): void {
  for (const name of ITEM_NAMES) store.session.set(name, ITEMS[name]);
}

function itemsOf(store: Awaited<ReturnType<typeof loadPage>>): Partial<SessionItems> {
  return Object.fromEntries(
    ITEM_NAMES.map((name) => [name, store.session.get(name)]).filter(([, v]) => v !== undefined),
  );
}

/** The entries of the key database, by session id, read the way the store writes them. */
async function keyEntries(): Promise<Map<IDBValidKey, { createdAt: number }>> {
  const db = await openKeyDatabase();
  const store = db.transaction("keys", "readonly").objectStore("keys");
  const [keys, values] = await Promise.all([request(store.getAllKeys()), request(store.getAll())]);
  db.close();
  return new Map(keys.map((k, i) => [k, values[i] as { createdAt: number }]));
}

function openKeyDatabase(): Promise<IDBDatabase> {
  const open = tab.indexedDB.open(KEY_DATABASE, 1);
  open.onupgradeneeded = () => open.result.createObjectStore("keys");
  return request(open);
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function putKeyEntry(sessionId: string, createdAt: number): Promise<void> {
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

async function deleteKeyEntry(sessionId: string): Promise<void> {
  const db = await openKeyDatabase();
  await request(db.transaction("keys", "readwrite").objectStore("keys").delete(sessionId));
  db.close();
}

describe("session store: a reload", () => {
  it("gives back every item type as it was set", async () => {
    const first = await loadPage();
    setAll(first);
    await first.session.flushed();

    const reloaded = await loadPage();
    expect(itemsOf(reloaded)).toEqual(ITEMS);
  });

  it("keeps a removed item removed", async () => {
    const first = await loadPage();
    setAll(first);
    first.session.remove("token");
    await first.session.flushed();

    const reloaded = await loadPage();
    expect(reloaded.session.get("token")).toBeUndefined();
    expect(reloaded.session.get("webReferenceNumber")).toBe(CLAIM);
  });

  it("keeps an item of half a megabyte", async () => {
    // Sealed values this large once overflowed the call stack while being encoded, and were lost.
    const first = await loadPage();
    const notes = "Barangay Lahug, Cebu City. ".repeat(20_000);
    first.session.set("claimDataStore", { notes });
    await first.session.flushed();

    const reloaded = await loadPage();
    const back = reloaded.session.get("claimDataStore") as { notes: string } | undefined;
    expect(back?.notes.length).toBe(notes.length);
    expect(back?.notes === notes).toBe(true);
  });
});

describe("session store: what sessionStorage shows", () => {
  it("names no item and holds no value in clear text", async () => {
    const store = await loadPage();
    setAll(store);
    await store.session.flushed();

    const dump = tab.sessionStorage.entries();
    expect(sealedItems().size).toBe(ITEM_NAMES.length);
    const text = JSON.stringify(dump);
    for (const secret of [MOBILE, TOKEN, CLAIM, EMAIL, "Mabini", "Rizal", "TXN-0001"]) {
      expect(text).not.toContain(secret);
    }
    for (const [name, value] of dump) {
      for (const item of ITEM_NAMES) expect(name).not.toContain(item);
      if (name !== SESSION_ID) expect(value).toMatch(/^[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);
    }
  });

  it("seals the same value differently each time it is written", async () => {
    const store = await loadPage();
    const name = await setAndFindName(store, "token", TOKEN);
    const firstSeal = tab.sessionStorage.getItem(name);
    store.session.set("token", TOKEN);
    await store.session.flushed();
    expect(tab.sessionStorage.getItem(name)).not.toBe(firstSeal);
  });
});

describe("session store: items it cannot open", () => {
  it("starts empty when the session id changed, without throwing", async () => {
    const first = await loadPage();
    setAll(first);
    await first.session.flushed();
    tab.sessionStorage.setItem(SESSION_ID, crypto.randomUUID());

    const reloaded = await loadPage();
    expect(itemsOf(reloaded)).toEqual({});
  });

  it("drops a value sealed under another session's key", async () => {
    const sessionA = await loadPage();
    const nameInA = await setAndFindName(sessionA, "token", TOKEN);
    const sealedInA = tab.sessionStorage.getItem(nameInA) ?? "";
    tab.sessionStorage.setItem(SESSION_ID, crypto.randomUUID());
    const sessionB = await loadPage();
    const nameInB = await setAndFindName(sessionB, "token", "token of session B");
    sessionB.session.set("webReferenceNumber", OTHER_CLAIM);
    await sessionB.session.flushed();
    // Session A's sealed token moved under session B's name for the same item.
    tab.sessionStorage.setItem(nameInB, sealedInA);

    const reloaded = await loadPage();
    expect(reloaded.session.get("token")).toBeUndefined();
    expect(reloaded.session.get("webReferenceNumber")).toBe(OTHER_CLAIM);
  });

  it("drops what was sealed under a key IndexedDB no longer has, and works on with a new key", async () => {
    const first = await loadPage();
    setAll(first);
    await first.session.flushed();
    await deleteKeyEntry(tab.sessionStorage.getItem(SESSION_ID) ?? "");

    const second = await loadPage();
    expect(itemsOf(second)).toEqual({});
    second.session.set("token", TOKEN);
    await second.session.flushed();

    const third = await loadPage();
    expect(itemsOf(third)).toEqual({ token: TOKEN });
  });

  it("drops only the item whose sealed value was tampered with", async () => {
    const store = await loadPage();
    const tokenName = await setAndFindName(store, "token", TOKEN);
    const mobileName = await setAndFindName(store, "otpVerify", ITEMS.otpVerify);
    const claimName = await setAndFindName(store, "webReferenceNumber", CLAIM);
    store.session.set("step1", ITEMS.step1);
    await store.session.flushed();
    const flipFirst = (text: string) => (text[0] === "A" ? "B" : "A") + text.slice(1);
    const [iv = "", sealed = ""] = (tab.sessionStorage.getItem(tokenName) ?? "").split(".");
    const [mobileIv = "", mobileSealed = ""] = (tab.sessionStorage.getItem(mobileName) ?? "").split(
      ".",
    );
    tab.sessionStorage.setItem(tokenName, `${iv}.${flipFirst(sealed)}`);
    tab.sessionStorage.setItem(mobileName, `${flipFirst(mobileIv)}.${mobileSealed}`);
    tab.sessionStorage.setItem(claimName, "not sealed at all");

    const reloaded = await loadPage();
    expect(itemsOf(reloaded)).toEqual({ step1: ITEMS.step1 });
  });
});

describe("session store: ending a claim", () => {
  it("endClaim removes exactly the claim's items and keeps the receipt and the rest", async () => {
    const store = await loadPage();
    setAll(store);
    store.session.endClaim();
    const kept = ITEM_NAMES.filter((name) => !CLAIM_ITEMS.includes(name));
    const expected = Object.fromEntries(kept.map((name) => [name, ITEMS[name]]));
    expect(itemsOf(store)).toEqual(expected);
    // Starting another claim leaves the claimant's check of filed claims alone (decision 0056),
    // and the agent who is filing (decision 0059).
    expect(kept).toEqual([
      "isRemindedForLivingClaims",
      "submittedClaim",
      "trackingCheck",
      "trackedClaim",
      "agentCode",
    ]);
    await store.session.flushed();

    const reloaded = await loadPage();
    expect(itemsOf(reloaded)).toEqual(expected);
  });

  it("endSubmittedClaim ends the claim its receipt names", async () => {
    const store = await loadPage();
    setAll(store);
    store.session.endSubmittedClaim();
    for (const name of CLAIM_ITEMS) expect(store.session.get(name)).toBeUndefined();
    expect(store.session.get("submittedClaim")).toEqual(receiptOf(CLAIM));
  });

  it("endSubmittedClaim leaves another claim alone", async () => {
    const store = await loadPage();
    setAll(store);
    store.session.set("submittedClaim", receiptOf(OTHER_CLAIM));
    store.session.endSubmittedClaim();
    expect(itemsOf(store)).toEqual({ ...ITEMS, submittedClaim: receiptOf(OTHER_CLAIM) });
  });

  it("endSubmittedClaim does nothing without a receipt", async () => {
    const store = await loadPage();
    setAll(store);
    store.session.remove("submittedClaim");
    store.session.endSubmittedClaim();
    const { submittedClaim: _, ...withoutReceipt } = ITEMS;
    expect(itemsOf(store)).toEqual(withoutReceipt);
  });
});

describe("session store: writes", () => {
  it("reach storage in the order they were made: the last one wins after a reload", async () => {
    const store = await loadPage();
    // The first value takes far longer to seal than the second.
    store.session.set("token", "x".repeat(2_000_000));
    store.session.set("token", TOKEN);
    store.session.set("webReferenceNumber", CLAIM);
    store.session.remove("webReferenceNumber");
    store.session.set("isRemindedForLivingClaims", false);
    store.session.set("isRemindedForLivingClaims", true);
    await store.session.flushed();

    const reloaded = await loadPage();
    expect(itemsOf(reloaded)).toEqual({ token: TOKEN, isRemindedForLivingClaims: true });
  });

  it("keep a value storage refused in memory and do not hold up later writes", async () => {
    tab = openTab(20_000);
    const store = await loadPage();
    const large = { notes: "x".repeat(30_000) };
    store.session.set("claimDataStore", large);
    store.session.set("token", TOKEN);
    expect(store.session.get("claimDataStore")).toEqual(large);
    await expect(store.session.flushed()).resolves.toBeUndefined();
    expect(store.session.get("claimDataStore")).toEqual(large);
    store.session.set("webReferenceNumber", CLAIM);
    await store.session.flushed();

    const reloaded = await loadPage();
    expect(itemsOf(reloaded)).toEqual({ token: TOKEN, webReferenceNumber: CLAIM });
  });
});

describe("session store: the key database", () => {
  it("removes other sessions' keys older than 24 hours when a session starts", async () => {
    const now = Date.now();
    await putKeyEntry("closed-two-days-ago", now - 48 * HOUR_MS);
    await putKeyEntry("closed-yesterday", now - 25 * HOUR_MS);
    await putKeyEntry("open-in-another-tab", now - 23 * HOUR_MS);

    await loadPage();
    const own = tab.sessionStorage.getItem(SESSION_ID);
    expect([...(await keyEntries()).keys()].sort()).toEqual([own, "open-in-another-tab"].sort());
  });

  it("keeps this session's key on a reload", async () => {
    const first = await loadPage();
    const own = tab.sessionStorage.getItem(SESSION_ID) ?? "";
    const createdAt = (await keyEntries()).get(own)?.createdAt;
    first.session.set("token", TOKEN);
    await first.session.flushed();

    const reloaded = await loadPage();
    expect(reloaded.session.get("token")).toBe(TOKEN);
    expect((await keyEntries()).get(own)?.createdAt).toBe(createdAt);
  });

  it("keeps using the key it stored when removing old keys fails", async () => {
    await putKeyEntry("closed-yesterday", Date.now() - 25 * HOUR_MS);
    // The browser loses its IndexedDB connection after the new key was stored.
    vi.spyOn(IDBObjectStore.prototype, "getAllKeys").mockImplementation(() => {
      throw new DOMException("Connection to Indexed Database server lost.", "UnknownError");
    });
    const first = await loadPage();
    first.session.set("token", TOKEN);
    await first.session.flushed();
    vi.restoreAllMocks();

    const reloaded = await loadPage();
    expect(reloaded.session.get("token")).toBe(TOKEN);
  });
});

describe("session store: without IndexedDB", () => {
  it("works for the page when there is no IndexedDB at all", async () => {
    vi.stubGlobal("indexedDB", undefined);
    const store = await loadPage();
    setAll(store);
    expect(itemsOf(store)).toEqual(ITEMS);
    await store.session.flushed();
    expect(JSON.stringify(tab.sessionStorage.entries())).not.toContain(MOBILE);

    const reloaded = await loadPage();
    expect(itemsOf(reloaded)).toEqual({});
  });

  it("works for the page when IndexedDB refuses to open the key database", async () => {
    // A database of a later version cannot be opened at version 1: the open request fails.
    const newer = await request(tab.indexedDB.open(KEY_DATABASE, 2));
    newer.close();
    const store = await loadPage();
    setAll(store);
    await store.session.flushed();
    expect(itemsOf(store)).toEqual(ITEMS);
    expect(sealedItems().size).toBe(ITEM_NAMES.length);
  });
});
