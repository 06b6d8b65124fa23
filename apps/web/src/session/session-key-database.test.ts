import { IDBObjectStore } from "fake-indexeddb";
import { describe, expect, it, vi } from "vitest";
import {
  HOUR_MS,
  ITEM_NAMES,
  ITEMS,
  itemsOf,
  KEY_DATABASE,
  keyEntries,
  MOBILE,
  newTabForEachTest,
  putKeyEntry,
  request,
  SESSION_ID,
  sealedItems,
  setAll,
  TOKEN,
} from "./session-test-items.ts";
import { loadPage } from "./session-test-support.ts";

const tab = newTabForEachTest();

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
