import { IDBFactory } from "fake-indexeddb";
import { vi } from "vitest";
import type * as SessionStore from "./session-store.ts";

// The browser storages the session store needs, for tests in the node environment: an in-memory
// Storage that keeps to the Web Storage contract (quota included) and fake-indexeddb's IndexedDB.

/** A browser's usual sessionStorage quota, in UTF-16 code units of keys and values. */
const BROWSER_QUOTA = 5_000_000;

/** sessionStorage as the Web Storage standard describes it, kept in memory. */
export class MemoryStorage implements Storage {
  [name: string]: unknown;
  readonly #items = new Map<string, string>();
  readonly #quota: number;

  constructor(quota = BROWSER_QUOTA) {
    this.#quota = quota;
  }

  get length(): number {
    return this.#items.size;
  }

  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }

  getItem(key: string): string | null {
    return this.#items.get(String(key)) ?? null;
  }

  setItem(key: string, value: string): void {
    const name = String(key);
    const text = String(value);
    const previous = this.#items.get(name);
    const used = this.#used() - (previous === undefined ? 0 : name.length + previous.length);
    if (used + name.length + text.length > this.#quota) {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    }
    this.#items.set(name, text);
  }

  removeItem(key: string): void {
    this.#items.delete(String(key));
  }

  clear(): void {
    this.#items.clear();
  }

  /** Every stored key and value, for tests that look at what a dump of the storage shows. */
  entries(): [string, string][] {
    return [...this.#items.entries()];
  }

  #used(): number {
    let used = 0;
    for (const [name, text] of this.#items) used += name.length + text.length;
    return used;
  }
}

export type BrowserStorages = { sessionStorage: MemoryStorage; indexedDB: IDBFactory };

/** A new browser tab: empty sessionStorage and IndexedDB, put where page scripts find them. */
export function openTab(quota?: number): BrowserStorages {
  const storages = { sessionStorage: new MemoryStorage(quota), indexedDB: new IDBFactory() };
  vi.stubGlobal("sessionStorage", storages.sessionStorage);
  vi.stubGlobal("indexedDB", storages.indexedDB);
  return storages;
}

/** Every page loaded in the tab, with the writes it may still have queued. */
const pages: (typeof SessionStore)[] = [];

/**
 * A page load in the same tab: a new instance of the store (its module state starts empty) that
 * opens the session from the storages as they are.
 */
export async function loadPage(): Promise<typeof SessionStore> {
  vi.resetModules();
  const store = await import("./session-store.ts");
  pages.push(store);
  await store.openSession();
  return store;
}

/**
 * Closes the tab once every page loaded in it has written what it queued, so no write of one test
 * lands in the next test's storages.
 */
export async function closeTab(): Promise<void> {
  await Promise.all(pages.splice(0).map((page) => page.session.flushed()));
  vi.unstubAllGlobals();
}
