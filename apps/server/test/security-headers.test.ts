import http from "node:http";
import net from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildApp } from "../src/app.ts";
import { useServerTest } from "./support/server-test.ts";
import { API_KEY, basicInformation, testApp, testConfig } from "./support/test-app.ts";

// Every answer carries the security headers, including those Fastify and Node write before any
// hook (a URL the router cannot decode, a request line Node cannot parse), over a real socket where
// nothing normalises the URL; and a call is same-origin only when scheme, host and port all match.

const server = useServerTest({ scope: "file", clock: false });
let behindProxy: FastifyInstance;
let port: number;
let proxiedPort: number;

async function listen(server: FastifyInstance): Promise<number> {
  await server.listen({ port: 0, host: "127.0.0.1" });
  return (server.server.address() as net.AddressInfo).port;
}

beforeAll(async () => {
  port = await listen(server.app);
  behindProxy = await testApp(server.db, testConfig({ KALINGA_TRUSTED_PROXIES: "127.0.0.1" }));
  proxiedPort = await listen(behindProxy);
});
afterAll(async () => {
  await behindProxy.close();
});

type RawAnswer = { status: number; headers: Map<string, string>; body: string };

/** Sends bytes as they are and reads the whole answer (the server closes the connection). */
function rawRequest(serverPort: number, head: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(serverPort, "127.0.0.1", () => socket.write(head));
    let data = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => {
      data += chunk;
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const [statusAndHeaders = "", body = ""] = data.split("\r\n\r\n");
      const [statusLine = "", ...lines] = statusAndHeaders.split("\r\n");
      const headers = new Map(
        lines.map((line) => {
          const colon = line.indexOf(":");
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as const;
        }),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body });
    });
  });
}

const get = (path: string, extra = "") =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}Connection: close\r\n\r\n`;

function expectSecurityHeaders(headers: Map<string, string> | Record<string, unknown>) {
  const read = (name: string) =>
    headers instanceof Map ? headers.get(name) : (headers[name] as string | undefined);
  expect(read("content-security-policy")).toBe(
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
  );
  expect(read("x-content-type-options")).toBe("nosniff");
  expect(read("referrer-policy")).toBe("strict-origin-when-cross-origin");
}

describe("security headers on every answer", () => {
  test.each(["/%", "/%E0%A4%A", "/help-support/claims/%zz"])(
    "GET %s over a socket: 400 JSON with the security headers and a request id",
    async (path) => {
      const answer = await rawRequest(port, get(path));
      expect(answer.status).toBe(400);
      expectSecurityHeaders(answer.headers);
      expect(answer.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.parse(answer.body)).toEqual({
        returnCode: "400",
        message: "Invalid request",
        errors: [],
      });
    },
  );

  test("a malformed /api URL is not cached either", async () => {
    const answer = await rawRequest(port, get("/api/claims/%E0%A4%A"));
    expect(answer.status).toBe(400);
    expectSecurityHeaders(answer.headers);
    expect(answer.headers.get("cache-control")).toBe("no-store");
  });

  test("X-Forwarded-Proto from a client the server does not trust gives no HSTS", async () => {
    const answer = await rawRequest(port, get("/%", "X-Forwarded-Proto: https\r\n"));
    expect(answer.status).toBe(400);
    expectSecurityHeaders(answer.headers);
    expect(answer.headers.has("strict-transport-security")).toBe(false);
  });

  test("behind a trusted https proxy a malformed URL gets HSTS too", async () => {
    const answer = await rawRequest(proxiedPort, get("/%", "X-Forwarded-Proto: https\r\n"));
    expect(answer.status).toBe(400);
    expectSecurityHeaders(answer.headers);
    expect(answer.headers.get("strict-transport-security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
  });

  test.each([
    ["a space in the URL", "GET /a b HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 400],
    ["a control character in the URL", "GET /\u0001 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 400],
    [
      "headers over Node's limit",
      `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${"a".repeat(20_000)}\r\n\r\n`,
      431,
    ],
  ])(
    "a request Node cannot parse (%s) is refused with the security headers",
    async (_name, head, status) => {
      const answer = await rawRequest(port, head);
      expect(answer.status).toBe(status);
      expectSecurityHeaders(answer.headers);
      expect(JSON.parse(answer.body)).toMatchObject({ returnCode: String(status) });
    },
  );

  test.each(["/%", "/%E0%A4%A"])("inject %s: the same answer", async (url) => {
    const response = await server.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(400);
    expectSecurityHeaders(response.headers);
    expect(response.json()).toEqual({ returnCode: "400", message: "Invalid request", errors: [] });
  });

  test("an answer written on the raw response, as Fastify does while closing, has the baseline", async () => {
    const raw = await buildApp(testConfig(), { database: server.db });
    raw.get("/raw", (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(503, { "content-type": "application/json" });
      reply.raw.end('{"statusCode":503}');
    });
    try {
      const answer = await rawRequest(await listen(raw), get("/raw"));
      expect(answer.status).toBe(503);
      expectSecurityHeaders(answer.headers);
    } finally {
      await raw.close();
    }
  });
});

/** initClaimRequest over a real socket with an Origin header, as a browser page sends it. */
function callFrom(origin: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/claims/initClaimRequest",
        headers: {
          host: `localhost:${port}`,
          origin,
          "content-type": "application/json",
          "x-api-key": API_KEY,
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response));
      },
    );
    request.on("error", reject);
    request.end(JSON.stringify({ basicInformation }));
  });
}

describe("same-origin calls compare scheme, host and port", () => {
  test("http://localhost:PORT on the plain-http server is its own origin", async () => {
    const response = await callFrom(`http://localhost:${port}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["access-control-allow-origin"]).toBe(`http://localhost:${port}`);
  });

  test("https://localhost:PORT is another origin: refused, not echoed", async () => {
    const response = await callFrom(`https://localhost:${port}`);
    expect(response.statusCode).toBe(403);
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
  });

  test("another port is another origin", async () => {
    const response = await callFrom(`http://localhost:${port + 1}`);
    expect(response.statusCode).toBe(403);
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
  });

  test("behind a trusted proxy that received https, the https origin is the server's own", async () => {
    const response = await behindProxy.inject({
      method: "POST",
      url: "/api/claims/initClaimRequest",
      headers: {
        host: "claims.kalinga.example",
        "x-forwarded-proto": "https",
        origin: "https://claims.kalinga.example",
        "content-type": "application/json",
        "x-api-key": API_KEY,
      },
      payload: JSON.stringify({ basicInformation }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["access-control-allow-origin"]).toBe("https://claims.kalinga.example");
  });
});
