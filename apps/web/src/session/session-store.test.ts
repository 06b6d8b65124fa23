import {
  SAMPLE_CLAIM as CLAIM,
  OTHER_SAMPLE_CLAIM as OTHER_CLAIM,
} from "@kalinga/domain/fixtures/claim-fixtures";
import { describe, expect, it } from "vitest";
import {
  CLAIM_ITEMS,
  deleteKeyEntry,
  EMAIL,
  ITEM_NAMES,
  ITEMS,
  itemsOf,
  MOBILE,
  newTabForEachTest,
  receiptOf,
  SESSION_ID,
  sealedItems,
  setAll,
  setAndFindName,
  TOKEN,
} from "./session-test-items.ts";
import { loadPage, openTab } from "./session-test-support.ts";

let tab = newTabForEachTest();

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
    // the agent who is filing (decision 0059), the application config (decision 0086) and the
    // language chosen (decision 0087).
    expect(kept).toEqual([
      "isRemindedForLivingClaims",
      "submittedClaim",
      "trackingCheck",
      "trackedClaim",
      "agentCode",
      "config",
      "locale",
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
