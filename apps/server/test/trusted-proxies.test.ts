import { describe, expect, test } from "vitest";
import { useServerTest } from "./support/server-test.ts";
import { basicInformation, callClaim } from "./support/test-app.ts";

// X-Forwarded-For and X-Request-Id are believed from the listed load balancers only
// (KALINGA_TRUSTED_PROXIES): a client cannot pick the address its per-address limits count.

const LOAD_BALANCER = "10.0.0.5";
const CLIENT = "198.51.100.9";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const server = useServerTest({
  scope: "file",
  env: { KALINGA_TRUSTED_PROXIES: "10.0.0.0/8,127.0.0.1", CLAIM_START_ADDRESS_LIMIT: "2" },
});

function start(remoteAddress: string, headers: Record<string, string> = {}) {
  return callClaim(
    server.app,
    "initClaimRequest",
    { basicInformation },
    { remoteAddress, headers },
  );
}

describe("a client that is not a listed proxy", () => {
  test("cannot escape the per-address limit by naming another address in X-Forwarded-For", async () => {
    const statuses = [];
    for (const forged of ["203.0.113.1", "203.0.113.2", "203.0.113.3"]) {
      statuses.push((await start(CLIENT, { "x-forwarded-for": forged })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
    // Nor by a comma-separated chain that ends in a trusted address.
    const chained = await start(CLIENT, { "x-forwarded-for": "203.0.113.4, 10.0.0.7" });
    expect(chained.statusCode).toBe(429);
  });

  test("does not set the request id", async () => {
    const response = await start("198.51.100.10", { "x-request-id": "tok-9171234567" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-request-id"]).toMatch(UUID);
  });
});

describe("a listed proxy", () => {
  test("passes on each client's address: each has its own count", async () => {
    const forwardedFor = (client: string) => ({ "x-forwarded-for": client });
    expect((await start(LOAD_BALANCER, forwardedFor("198.51.100.20"))).statusCode).toBe(200);
    expect((await start(LOAD_BALANCER, forwardedFor("198.51.100.20"))).statusCode).toBe(200);
    expect((await start(LOAD_BALANCER, forwardedFor("198.51.100.20"))).statusCode).toBe(429);
    expect((await start(LOAD_BALANCER, forwardedFor("198.51.100.21"))).statusCode).toBe(200);
    // A client's own entries to the left of the address the proxy saw change nothing.
    const spoofed = await start(LOAD_BALANCER, forwardedFor("203.0.113.9, 198.51.100.20"));
    expect(spoofed.statusCode).toBe(429);
    // Two listed proxies in a row: the client is the first address neither of them is.
    const twoHops = await start(LOAD_BALANCER, forwardedFor("198.51.100.20, 10.0.0.6"));
    expect(twoHops.statusCode).toBe(429);
  });

  test("passes on its request id", async () => {
    const response = await start(LOAD_BALANCER, {
      "x-forwarded-for": "198.51.100.30",
      "x-request-id": "lb-7f3a9c21",
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-request-id"]).toBe("lb-7f3a9c21");
  });

  test("passes on https, so HSTS is sent; a client's X-Forwarded-Proto is not believed", async () => {
    const overHttps = (remoteAddress: string) =>
      server.app.inject({
        method: "GET",
        url: "/healthz",
        remoteAddress,
        headers: { "x-forwarded-proto": "https" },
      });
    const viaProxy = await overHttps(LOAD_BALANCER);
    expect(viaProxy.headers["strict-transport-security"]).toBeDefined();
    const direct = await overHttps(CLIENT);
    expect(direct.headers["strict-transport-security"]).toBeUndefined();
  });
});
