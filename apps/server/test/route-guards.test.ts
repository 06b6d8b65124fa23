import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, test } from "vitest";
import { submittedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import type { StartedClaim } from "./support/test-app.ts";

// Every route of the console's and the insurer's APIs, asked under other spellings of its URL
// (a letter percent-encoded, a doubled slash, upper case): the router may decode them to the same
// route, so each answer is 404 or the route's own 401 (or, for a GET no API route matches, the
// console's HTML shell) — never a handler run without a session or a key, never a 500.

const server = useServerTest({ documentsDir: true, scope: "file" });

type Route = { path: string; methods: string[] };

/** Every registered route with its methods, read from the router's own tree. */
function registeredRoutes(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] as string).length / 4;
    stack.length = depth;
    stack.push(match[2] as string);
    if (match[3]) routes.push({ path: stack.join(""), methods: match[3].split(", ") });
  }
  return routes;
}

/** Other spellings a router might read as the same path. */
function variants(path: string): string[] {
  const segments = path.split("/");
  const out = new Set<string>();
  segments.forEach((segment, index) => {
    if (!/^[a-z]/i.test(segment)) return;
    const hex = (segment.charCodeAt(0) as number).toString(16);
    const encoded = [...segments];
    encoded[index] = `%${hex}${segment.slice(1)}`;
    out.add(encoded.join("/"));
    const lowerHex = [...segments];
    lowerHex[index] = `%${hex.toUpperCase()}${segment.slice(1)}`;
    out.add(lowerHex.join("/"));
    const upper = [...segments];
    upper[index] = segment.toUpperCase();
    out.add(upper.join("/"));
    const doubled = [...segments];
    doubled[index] = `/${segment}`;
    out.add(doubled.join("/"));
  });
  out.add(path.toUpperCase());
  out.add(`/${path}`);
  out.add(`${path}/`);
  out.add(path.replaceAll("/", "//"));
  out.add(path.replace(/\/([^/]*)$/, "%2F$1"));
  return [...out];
}

let claim: StartedClaim;
beforeAll(async () => {
  claim = await submittedClaim(server.app);
});

/** The route's path with real values: a reference that exists, so a handler that ran would answer. */
const filled = (path: string) =>
  path
    .replace(/:(ref|webReferenceNumber)/g, claim.webReferenceNumber)
    .replace(/:id/g, randomUUID());

const OPEN = new Set([
  "/console/api/sign-in",
  "/console/api/sign-in/code",
  "/console/api/session",
  "/api/insurer/openapi.json",
]);

describe("console and insurer routes under other spellings", () => {
  test("the route list is read from the router and holds both APIs", () => {
    const paths = registeredRoutes(server.app).map((route) => route.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/console/api/claims",
        "/console/api/claims/:ref/requirements",
        "/console/api/staff/:id/disabled",
        "/api/insurer/claims",
        "/api/insurer/claims/:webReferenceNumber/documents/:id",
        "/api/insurer/policies",
      ]),
    );
  });

  test("the attack of the issue: /console/%61pi/claims is refused as signed out", async () => {
    const response = await server.app.inject({ method: "GET", url: "/console/%61pi/claims" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: "signed-out" });
  });

  test("every variant of every guarded route is 404 or 401, without a session or a key", async () => {
    const guarded = registeredRoutes(server.app).filter(
      (route) =>
        (route.path.startsWith("/console/api/") || route.path.startsWith("/api/insurer/")) &&
        !OPEN.has(route.path),
    );
    expect(guarded.length).toBeGreaterThan(15);
    const seen: string[] = [];
    for (const route of guarded) {
      for (const method of route.methods) {
        const path = filled(route.path);
        for (const url of [path, ...variants(path)]) {
          const response = await server.app.inject({
            method: method as "GET",
            url,
            ...(method === "POST"
              ? { headers: { "content-type": "application/json" }, payload: "{}" }
              : {}),
          });
          seen.push(`${method} ${url} ${response.statusCode}`);
          // A GET the API does not match may fall to the console's page: its HTML shell, no data.
          const shell =
            method !== "POST" && /text\/html/.test(response.headers["content-type"] ?? "");
          if (!shell) {
            expect([401, 404], `${method} ${url}: ${response.body}`).toContain(response.statusCode);
          }
          if (url === path) expect(response.statusCode, `${method} ${url}`).toBe(401);
        }
      }
    }
    // The decoded spellings do reach the routes: the hook, not the URL, refused them.
    expect(seen).toContain("GET /console/%61pi/claims 401");
    expect(seen).toContain("GET /api/%69nsurer/claims 401");
  });

  test("an unknown console API path is a JSON 404 however it is spelled, never the console's page", async () => {
    for (const url of ["/console/api/nothing-here", "/console/%61pi/nothing-here"]) {
      const response = await server.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ error: "not-found" });
    }
  });

  test("the open routes answer under a variant without a 500", async () => {
    for (const path of OPEN) {
      for (const url of variants(path)) {
        const response = await server.app.inject({
          method: path.endsWith("sign-in") || path.endsWith("code") ? "POST" : "GET",
          url,
          headers: { "content-type": "application/json" },
          payload: path.endsWith("sign-in") || path.endsWith("code") ? "{}" : undefined,
        });
        const shell = /text\/html/.test(response.headers["content-type"] ?? "");
        if (!shell) expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(500);
      }
    }
  });
});
