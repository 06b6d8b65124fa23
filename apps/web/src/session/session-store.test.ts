import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../test-support/memory-storage.ts";

// The session store against a real IndexedDB implementation (fake-indexeddb) and an in-memory
// sessionStorage; WebCrypto is Node's own. A "reload" is a fresh module on the same storages.

type SessionModule = typeof import("./session-store.ts");

let storage: MemoryStorage;

async function openPage(): Promise<SessionModule> {
  vi.resetModules();
  const page = await import("./session-store.ts");
  await page.openSession();
  return page;
}

/** Writes, waits until they reached storage, and opens the page again on the same storages. */
async function reload(page: SessionModule): Promise<SessionModule> {
  await page.session.flushed();
  return openPage();
}

const RECEIPT = {
  webReferenceNumber: "KL-7KQ4-M9XP",
  submittedAt: "2026-11-23T03:00:00.000Z",
  claimType: "Living",
  maskedMobileNumber: "*******4567",
  emailAddress: "maria.delacruz@example.ph",
  rated: false,
};

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal("sessionStorage", storage);
  vi.stubGlobal("indexedDB", new IDBFactory());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("session store", () => {
  it("keeps items of several kinds across a reload", async () => {
    const page = await openPage();
    page.session.set("webReferenceNumber", "KL-7KQ4-M9XP");
    page.session.set("isOtpAvailable", { webReferenceNumber: "KL-7KQ4-M9XP", pass: true });
    page.session.set("isRemindedForLivingClaims", true);
    page.session.set("level1TransactionNumbers", ["T-1", "T-2"]);
    const after = await reload(page);
    expect(after.session.get("webReferenceNumber")).toBe("KL-7KQ4-M9XP");
    expect(after.session.get("isOtpAvailable")).toEqual({
      webReferenceNumber: "KL-7KQ4-M9XP",
      pass: true,
    });
    expect(after.session.get("isRemindedForLivingClaims")).toBe(true);
    expect(after.session.get("level1TransactionNumbers")).toEqual(["T-1", "T-2"]);
  });

  it("stores neither an item's name nor its value in clear text", async () => {
    const page = await openPage();
    page.session.set("token", "tok_0123456789abcdefghijklmnopqrstuvwxyzABCDE");
    page.session.set("otpVerify", { otpMobileNumber: "9171234567" });
    await page.session.flushed();
    const everything = storage.dump();
    expect(everything).not.toContain("tok_0123456789");
    expect(everything).not.toContain("9171234567");
    expect(everything).not.toContain("otpVerify");
    expect(everything).not.toContain("token");
  });

  it("drops items sealed under another session's key instead of failing", async () => {
    const page = await openPage();
    page.session.set("webReferenceNumber", "KL-7KQ4-M9XP");
    await page.session.flushed();
    // Another browser's key: the sealed values can no longer be opened.
    vi.stubGlobal("indexedDB", new IDBFactory());
    const after = await openPage();
    expect(after.session.get("webReferenceNumber")).toBeUndefined();
  });

  it("drops a tampered item and keeps the others", async () => {
    const page = await openPage();
    page.session.set("webReferenceNumber", "KL-7KQ4-M9XP");
    await page.session.flushed();
    const before = new Set(storage.keys());
    page.session.set("token", "tok_0123456789abcdefghijklmnopqrstuvwxyzABCDE");
    await page.session.flushed();
    const tokenKey = storage.keys().find((key) => !before.has(key));
    expect(tokenKey).toBeDefined();
    const sealed = storage.getItem(tokenKey as string) as string;
    const [iv, body] = sealed.split(".");
    const flipped = `${body?.[0] === "A" ? "B" : "A"}${body?.slice(1)}`;
    storage.setItem(tokenKey as string, `${iv}.${flipped}`);
    const after = await openPage();
    expect(after.session.get("token")).toBeUndefined();
    expect(after.session.get("webReferenceNumber")).toBe("KL-7KQ4-M9XP");
  });

  it("ends a claim: its items go, the receipt and the tab's other items stay", async () => {
    const page = await openPage();
    page.session.set("webReferenceNumber", "KL-7KQ4-M9XP");
    page.session.set("token", "tok_0123456789abcdefghijklmnopqrstuvwxyzABCDE");
    page.session.set("isOtpAvailable", { webReferenceNumber: "KL-7KQ4-M9XP", pass: true });
    page.session.set("otpVerify", { otpMobileNumber: "9171234567" });
    page.session.set("claimDataStore", { webReferenceNumber: "KL-7KQ4-M9XP" });
    page.session.set("level1TransactionNumbers", ["T-1"]);
    page.session.set("submittedClaim", RECEIPT);
    page.session.set("isRemindedForLivingClaims", true);
    page.session.endClaim();
    const after = await reload(page);
    for (const name of [
      "webReferenceNumber",
      "token",
      "isOtpAvailable",
      "otpVerify",
      "claimDataStore",
      "level1TransactionNumbers",
    ] as const) {
      expect(after.session.get(name), name).toBeUndefined();
    }
    expect(after.session.get("submittedClaim")).toEqual(RECEIPT);
    expect(after.session.get("isRemindedForLivingClaims")).toBe(true);
  });

  it("ends the submitted claim only when the receipt names the tab's claim", async () => {
    const page = await openPage();
    page.session.set("submittedClaim", RECEIPT);
    page.session.set("webReferenceNumber", "KL-AAAA-BBBB");
    page.session.endSubmittedClaim();
    expect(page.session.get("webReferenceNumber")).toBe("KL-AAAA-BBBB");
    page.session.set("webReferenceNumber", RECEIPT.webReferenceNumber);
    page.session.endSubmittedClaim();
    expect(page.session.get("webReferenceNumber")).toBeUndefined();
    expect(page.session.get("submittedClaim")).toEqual(RECEIPT);
  });

  it("keeps the order of writes: the last one is what a reload reads", async () => {
    const page = await openPage();
    for (const reference of ["KL-AAAA-0001", "KL-AAAA-0002", "KL-AAAA-0003"]) {
      page.session.set("webReferenceNumber", reference);
    }
    page.session.remove("token");
    const after = await reload(page);
    expect(after.session.get("webReferenceNumber")).toBe("KL-AAAA-0003");
  });

  it("keeps an item in memory when storage is full, and later writes still reach storage", async () => {
    const page = await openPage();
    storage.failNextWrites(1);
    page.session.set("webReferenceNumber", "KL-FULL-0001");
    page.session.set("isRemindedForLivingClaims", true);
    await page.session.flushed();
    expect(page.session.get("webReferenceNumber")).toBe("KL-FULL-0001");
    const after = await openPage();
    expect(after.session.get("isRemindedForLivingClaims")).toBe(true);
    expect(after.session.get("webReferenceNumber")).toBeUndefined();
  });

  it("removes other sessions' keys older than a day when it loads", async () => {
    const factory = new IDBFactory();
    vi.stubGlobal("indexedDB", factory);
    await openPage();
    const keysOf = () =>
      new Promise<IDBValidKey[]>((resolve, reject) => {
        const open = factory.open("kalinga-session-keys", 1);
        open.onsuccess = () => {
          const request = open.result.transaction("keys").objectStore("keys").getAllKeys();
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result);
          };
          request.onerror = () => reject(request.error);
        };
        open.onerror = () => reject(open.error);
      });
    const put = (id: string, createdAt: number) =>
      new Promise<void>((resolve, reject) => {
        const open = factory.open("kalinga-session-keys", 1);
        open.onsuccess = () => {
          const tx = open.result.transaction("keys", "readwrite");
          tx.objectStore("keys").put({ key: null, createdAt }, id);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
      });
    await put("old-tab", Date.now() - 25 * 3600 * 1000);
    await put("recent-tab", Date.now() - 3600 * 1000);
    // A new tab (its own session id) loads and tidies up.
    storage.clear();
    await openPage();
    const keys = await keysOf();
    expect(keys).toContain("recent-tab");
    expect(keys).not.toContain("old-tab");
    expect(keys).toHaveLength(3);
  });

  it("works in memory for the page when IndexedDB cannot be opened", async () => {
    vi.stubGlobal("indexedDB", {
      open() {
        throw new Error("IndexedDB is disabled in this private window");
      },
    });
    const page = await openPage();
    page.session.set("webReferenceNumber", "KL-7KQ4-M9XP");
    await page.session.flushed();
    expect(page.session.get("webReferenceNumber")).toBe("KL-7KQ4-M9XP");
    expect(storage.dump()).not.toContain("KL-7KQ4-M9XP");
  });
});
