import { IDEMPOTENCY_KEY_HEADER } from "@kalinga/domain/claim-api";
import { IDEMPOTENCY_LEASE_MS, IN_FLIGHT_RETRY_PAUSES_MS } from "@kalinga/domain/constants";
import { act, cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { fakeClaimApi, openWidget, renderAt } from "../test-support/widget-under-test.tsx";
import { LoadingOverlay } from "../ui/loading-overlay.tsx";
import { UI_TEXTS } from "../ui/ui-texts.ts";
import { type ClaimCallPayload, callClaimApi } from "./claim-api-client.ts";

// A keyed call answered 409 (its key in flight) is sent again, with the same key, after pauses that
// together outlast the lease of an attempt whose server died (decision 0110).

const payload = {} as ClaimCallPayload<"finalSubmitClaim">;
const inFlight = { status: 409, body: { returnCode: "409", message: "in flight" } };
const submitted = { body: { webReferenceNumber: "KL-7KQ4-M9XP" } };

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["setTimeout"] });
  await openWidget("corporate-website");
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The loading overlay's line under its spinner. */
function overlayStatus(): HTMLElement {
  return within(screen.getByRole("dialog", { hidden: true })).getByRole("status", { hidden: true });
}

describe("a call whose key is in flight", () => {
  test("is sent again with the same key after a pause, and takes the answer that comes", async () => {
    let answers = 0;
    const calls = fakeClaimApi({
      finalSubmitClaim: () => (++answers <= 2 ? inFlight : submitted),
    });
    const result = callClaimApi("finalSubmitClaim", payload, "submit-key-1");
    await vi.advanceTimersByTimeAsync((IN_FLIGHT_RETRY_PAUSES_MS[0] ?? 0) - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1 + (IN_FLIGHT_RETRY_PAUSES_MS[1] ?? 0));
    expect(await result).toMatchObject({ ok: true, data: submitted.body });
    expect(calls.map((call) => call.headers[IDEMPOTENCY_KEY_HEADER])).toEqual([
      "submit-key-1",
      "submit-key-1",
      "submit-key-1",
    ]);
  });

  test("waits past a dead attempt's lease and its last renewal before it gives up", async () => {
    const calls = fakeClaimApi({ finalSubmitClaim: inFlight });
    const result = callClaimApi("finalSubmitClaim", payload, "submit-key-2");
    const waited = IN_FLIGHT_RETRY_PAUSES_MS.reduce((sum, pause) => sum + pause, 0);
    expect(waited).toBeGreaterThan(IDEMPOTENCY_LEASE_MS + IDEMPOTENCY_LEASE_MS / 3);
    await vi.advanceTimersByTimeAsync(waited);
    expect(await result).toMatchObject({ ok: false, status: 409, returnCode: "409" });
    expect(calls).toHaveLength(IN_FLIGHT_RETRY_PAUSES_MS.length + 1);
  });

  test("tells the claimant it is still sending while it waits, and stops with the answer", async () => {
    let answers = 0;
    fakeClaimApi({ finalSubmitClaim: () => (++answers <= 1 ? inFlight : submitted) });
    renderAt("/", <LoadingOverlay />);
    const status = overlayStatus();
    const result = callClaimApi("finalSubmitClaim", payload, "submit-key-3");
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(status.textContent).toBe(UI_TEXTS.stillSending);
    await act(() => vi.advanceTimersByTimeAsync(IN_FLIGHT_RETRY_PAUSES_MS[0] ?? 0));
    expect(await act(() => result)).toMatchObject({ ok: true });
    expect(status.textContent).toBe("");
  });

  test("a call answered at once never says it is still sending", async () => {
    fakeClaimApi({ finalSubmitClaim: submitted });
    renderAt("/", <LoadingOverlay />);
    const status = overlayStatus();
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(status.textContent ?? ""));
    observer.observe(status, { childList: true, characterData: true, subtree: true });
    expect(
      await act(() => callClaimApi("finalSubmitClaim", payload, "submit-key-4")),
    ).toMatchObject({ ok: true });
    observer.disconnect();
    expect(seen).not.toContain(UI_TEXTS.stillSending);
    expect(seen).toContain(UI_TEXTS.loading);
  });

  test("without a key a 409 is the answer at once", async () => {
    const calls = fakeClaimApi({ finalSubmitClaim: inFlight });
    const result = await callClaimApi("finalSubmitClaim", payload);
    expect(result).toMatchObject({ ok: false, status: 409 });
    expect(calls).toHaveLength(1);
  });
});
