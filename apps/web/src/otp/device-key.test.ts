import { isDeviceKey } from "@kalinga/domain/device-key";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../session/session-test-support.ts";

// The device key outlives the tab: it is read from localStorage on the next page, per company.

let localStorage: MemoryStorage;

async function freshPage() {
  vi.resetModules();
  return import("./device-key.ts");
}

describe("deviceKey", () => {
  beforeEach(() => {
    localStorage = new MemoryStorage();
    vi.stubGlobal("localStorage", localStorage);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("makes a 256-bit URL-safe key the server accepts and keeps it in localStorage", async () => {
    const { deviceKey } = await freshPage();
    const key = deviceKey("Kalinga Life");
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(isDeviceKey(key)).toBe(true);
    expect(localStorage.getItem("kalinga:device:Kalinga Life")).toBe(key);
  });

  it("gives the same key on a later page, and another key for another company", async () => {
    const first = (await freshPage()).deviceKey("Kalinga Life");
    const later = await freshPage();
    expect(later.deviceKey("Kalinga Life")).toBe(first);
    expect(later.deviceKey("Bank Life")).not.toBe(first);
  });

  it("replaces a stored value the server would refuse", async () => {
    localStorage.setItem("kalinga:device:Kalinga Life", "tampered");
    const key = (await freshPage()).deviceKey("Kalinga Life");
    expect(key).not.toBe("tampered");
    expect(localStorage.getItem("kalinga:device:Kalinga Life")).toBe(key);
  });

  it("still names the page's calls when storage is blocked", async () => {
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new DOMException("blocked", "SecurityError");
      },
      setItem: () => {
        throw new DOMException("blocked", "SecurityError");
      },
    });
    const { deviceKey } = await freshPage();
    const key = deviceKey("Kalinga Life");
    expect(isDeviceKey(key)).toBe(true);
    expect(deviceKey("Kalinga Life")).toBe(key);
  });
});
