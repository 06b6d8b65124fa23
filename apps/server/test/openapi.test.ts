import { readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildApp } from "../src/app.ts";
import { openApiDocument } from "../src/openapi/openapi-document.ts";
import { testConfig } from "./support/test-app.ts";
import { openTestDatabase, type TestDatabase } from "./support/test-database.ts";

// The OpenAPI document is generated from the tables of calls (decision 0073): the checked-in copy
// is the generated one, and it names exactly the routes the server registers under its prefixes.

const CHECKED_IN = path.resolve(import.meta.dirname, "../../../docs/api/openapi.json");
const PREFIXES = ["/api/claims/", "/api/insurer/"];

let database: TestDatabase;
let app: FastifyInstance;
const routes: { method: string; url: string }[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const collect = (route: RouteOptions) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  };
  app = await buildApp(testConfig(), { database: database.db, onRoute: collect });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** `/claims/:webReferenceNumber` as the document spells it. */
const documented = (url: string) => url.replace(/:(\w+)/g, "{$1}");

describe("the OpenAPI document", () => {
  test("the checked-in document is the generated one", () => {
    const checkedIn = JSON.parse(readFileSync(CHECKED_IN, "utf8")) as unknown;
    const generated = JSON.parse(JSON.stringify(openApiDocument())) as unknown;
    expect(checkedIn, "docs/api/openapi.json is out of date: run npm run openapi").toEqual(
      generated,
    );
  });

  test("names every route under the API prefixes, and only routes the server has", () => {
    const paths = openApiDocument().paths as Record<string, Record<string, unknown>>;
    const operations = Object.entries(paths).flatMap(([url, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${url}`),
    );
    // The documents themselves, the catch-all of unknown paths and Fastify's own HEAD routes are
    // not calls.
    const calls = routes
      .filter(({ url }) => PREFIXES.some((prefix) => url.startsWith(prefix)))
      .filter(({ url }) => !url.endsWith("/openapi.json") && !url.endsWith("*"))
      .filter(({ method }) => method !== "HEAD")
      .map(({ method, url }) => `${method} ${documented(url)}`);
    expect(calls.length).toBeGreaterThan(20);
    expect([...new Set(calls)].sort()).toEqual([...operations].sort());
  });

  test("each family's document is served without a key", async () => {
    for (const [url, first] of [
      ["/api/claims/openapi.json", "/api/claims/initClaimRequest"],
      ["/api/insurer/openapi.json", "/api/insurer/claims"],
    ] as const) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      const document = response.json() as { openapi: string; paths: Record<string, unknown> };
      expect(document.openapi).toBe("3.1.0");
      expect(Object.keys(document.paths)[0]).toBe(first);
    }
    // The claim calls themselves still need the api key.
    const call = await app.inject({ method: "POST", url: "/api/claims/initClaimRequest" });
    expect(call.statusCode).toBe(401);
  });
});
