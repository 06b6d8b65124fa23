import { IDEMPOTENCY_KEY_HEADER } from "@kalinga/domain/claim-api";
import { IDEMPOTENCY_LEASE_MS, IN_FLIGHT_RETRY_PAUSES_MS } from "@kalinga/domain/constants";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { fakeClaimApi, openWidget } from "../test-support/widget-under-test.tsx";
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
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

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

  test("without a key a 409 is the answer at once", async () => {
    const calls = fakeClaimApi({ finalSubmitClaim: inFlight });
    const result = await callClaimApi("finalSubmitClaim", payload);
    expect(result).toMatchObject({ ok: false, status: 409 });
    expect(calls).toHaveLength(1);
  });
});
