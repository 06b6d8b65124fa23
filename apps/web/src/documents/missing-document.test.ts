import { describe, expect, it } from "vitest";
import { showsMissingDocument } from "./missing-document.ts";

const mandatory = { mandatory: true };

describe("the missing-document message of a slot", () => {
  it("shows on an empty mandatory slot once the claimant tried to go on", () => {
    expect(showsMissingDocument(mandatory, [], true)).toBe(true);
    expect(showsMissingDocument(mandatory, [], false)).toBe(false);
    expect(showsMissingDocument({ mandatory: false }, [], true)).toBe(false);
  });

  it("never shows while a file is prepared or uploading, or once it is there", () => {
    for (const state of ["preparing", "uploading", "uploaded"] as const) {
      expect(showsMissingDocument(mandatory, [{ state }], true), state).toBe(false);
    }
  });

  it("shows beside a file that failed, which the slot does not hold", () => {
    expect(showsMissingDocument(mandatory, [{ state: "failed" }], true)).toBe(true);
    expect(
      showsMissingDocument(mandatory, [{ state: "failed" }, { state: "uploading" }], true),
    ).toBe(false);
  });
});
