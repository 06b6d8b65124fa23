import { IDEMPOTENCY_LEASE_MS } from "@kalinga/domain/constants";
import Fastify from "fastify";
import { describe, expect, test } from "vitest";
import { DEVELOPMENT_INSURER_KEY } from "../src/config/insurer-config.ts";
import { insurerKeyOf } from "../src/config/insurer-key-entries.ts";
import {
  abandonCallerRequest,
  beginCallerRequest,
  type CallerKeyStart,
  callerRequestHash,
  completeCallerRequest,
  honourIdempotencyKeys,
} from "../src/http/caller-idempotency.ts";
import { submittedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";

// The console's and the integration API's Idempotency-Keys after a crash (decision 0110): a key
// whose server died mid-call is refused 409 until its lease runs out, then taken over by the
// retry; a running call renews its key; only the holding attempt completes or frees it.

const server = useServerTest({ documentsDir: true, env: { NOTIFICATION_POLL_MS: "600000" } });
const CALLER = `integration:${insurerKeyOf(DEVELOPMENT_INSURER_KEY).name}`;
const REQUIREMENTS_ROUTE = "/api/insurer/claims/:webReferenceNumber/requirements";

/** The hold a "new" start gives its call. */
function holderOf(start: CallerKeyStart): string {
  if (start.state !== "new") throw new Error(`expected a new key, got ${start.state}`);
  return start.holder;
}

const requirements = {
  requirements: [{ documentCd: null, description: "Police report", dueDate: null }],
};

async function items(): Promise<number> {
  const { rows } = await server.db.query<{ n: string | number }>(
    "SELECT count(*) AS n FROM claim_requirements",
  );
  return Number(rows[0]?.n);
}

describe("a key whose server died mid-call", () => {
  test("is 409 until its lease ends, then the retry runs once; the dead attempt's late answer is not kept", async () => {
    const app = server.app;
    const ref = (await submittedClaim(app)).webReferenceNumber;
    const key = "core-retry-after-crash";
    const send = () =>
      app.inject({
        method: "POST",
        url: `/api/insurer/claims/${ref}/requirements`,
        headers: {
          authorization: `Bearer ${DEVELOPMENT_INSURER_KEY}`,
          "content-type": "application/json",
          "idempotency-key": key,
        },
        payload: JSON.stringify(requirements),
      });
    // What a server that took the key and died before answering leaves: its hold, never renewed.
    const requestHash = callerRequestHash(
      REQUIREMENTS_ROUTE,
      { webReferenceNumber: ref },
      requirements,
    );
    const died = await beginCallerRequest(server.db, {
      caller: CALLER,
      key,
      requestHash,
      now: server.clock.now(),
      leaseMs: IDEMPOTENCY_LEASE_MS,
    });
    const dead = { caller: CALLER, key, holder: holderOf(died) };

    server.clock.advance(IDEMPOTENCY_LEASE_MS / 1000 - 0.001);
    const early = await send();
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json()).toMatchObject({ error: "idempotency-in-flight" });
    expect(await items()).toBe(0);

    server.clock.advance(0.001);
    const retried = await send();
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.headers["idempotent-replayed"]).toBeUndefined();
    expect(await items()).toBe(1);

    // The dead attempt, were it to answer after all, can neither replace the answer nor free the key.
    const late = {
      ...dead,
      status: 200,
      body: '{"late":true}',
      type: null,
      now: server.clock.now(),
    };
    expect(await completeCallerRequest(server.db, late)).toBe(false);
    await abandonCallerRequest(server.db, dead);
    const replayed = await send();
    expect(replayed.statusCode).toBe(200);
    expect(replayed.headers["idempotent-replayed"]).toBe("true");
    expect(replayed.json()).toEqual(retried.json());
    expect(await items()).toBe(1);
  });

  test("is taken over once; a late completion while the new holder runs fails, and a day later the key is forgotten", async () => {
    const key = "k-1";
    const begin = (now: Date, requestHash = "request-a") =>
      beginCallerRequest(server.db, { caller: CALLER, key, requestHash, now, leaseMs: 1_000 });
    const start = new Date("2026-03-02T01:00:00.000Z");
    const at = (ms: number) => new Date(start.getTime() + ms);
    const died = await begin(start);
    expect(died).toEqual({ state: "new", holder: expect.any(String) });
    expect(await begin(at(999))).toEqual({ state: "in-flight" });
    expect(await begin(at(999), "request-b")).toEqual({ state: "mismatch" });
    const retry = await begin(at(1_000));
    expect(retry).toMatchObject({ state: "new" });
    // Another retry at the same moment finds the new holder's fresh lease.
    expect(await begin(at(1_000))).toEqual({ state: "in-flight" });

    const answer = { status: 200, type: "application/json; charset=utf-8", now: at(1_500) };
    const dead = { caller: CALLER, key, holder: holderOf(died) };
    expect(await completeCallerRequest(server.db, { ...dead, ...answer, body: "dead" })).toBe(
      false,
    );
    await abandonCallerRequest(server.db, dead);
    expect(await begin(at(1_500))).toEqual({ state: "in-flight" });
    const held = { caller: CALLER, key, holder: holderOf(retry) };
    expect(await completeCallerRequest(server.db, { ...held, ...answer, body: "retry" })).toBe(
      true,
    );
    expect(await begin(at(2_000))).toMatchObject({ state: "replay", body: "retry" });
    // A finished key is never taken over, however old its lease; a day on, it is forgotten.
    expect(await begin(at(23 * 3600_000))).toMatchObject({ state: "replay", body: "retry" });
    expect(await begin(at(24 * 3600_000 + 1))).toMatchObject({ state: "new" });
  });
});

describe("a running call", () => {
  test("keeps its key through ten leases: it renews it", async () => {
    let now = new Date("2026-03-02T01:00:00.000Z");
    const lease = { leaseMs: 1_000, renewEveryMs: 20 };
    const app = Fastify();
    honourIdempotencyKeys(app, {
      db: server.db,
      callerOf: () => "staff:s1",
      now: () => now,
      lease,
    });
    let finish = () => {};
    let runs = 0;
    app.post("/work", async () => {
      runs++;
      if (runs === 1) await new Promise<void>((resolve) => (finish = resolve));
      return { run: runs };
    });
    const send = () =>
      app.inject({
        method: "POST",
        url: "/work",
        headers: { "idempotency-key": "long-call", "content-type": "application/json" },
        payload: "{}",
      });
    try {
      const first = send();
      await expect.poll(() => runs).toBe(1);
      // Ten leases pass on the clock while the first call runs; its renewals keep the key in flight.
      for (let step = 0; step < 10; step++) {
        now = new Date(now.getTime() + lease.leaseMs);
        await new Promise((resolve) => setTimeout(resolve, 5 * lease.renewEveryMs));
        expect((await send()).statusCode).toBe(409);
      }
      finish();
      expect((await first).json()).toEqual({ run: 1 });
      const replayed = await send();
      expect(replayed.headers["idempotent-replayed"]).toBe("true");
      expect(replayed.json()).toEqual({ run: 1 });
      expect(runs).toBe(1);
    } finally {
      finish();
      await app.close();
    }
  });
});
