import { CONSOLE_CALL_ROUTES } from "@kalinga/domain/console-call-routes";
import {
  CONSOLE_API_PREFIX,
  CONSOLE_CALLS,
  type ConsoleCallName,
} from "@kalinga/domain/console-calls";
import Fastify, { type RouteOptions } from "fastify";
import { describe, expect, test } from "vitest";
import { type ConsoleRouteOptions, consoleRoutes } from "../src/console/console-routes.ts";

// Every row of the domain's console call table is a route, and every console route is a row: the
// table decides what the console's API answers, not a list kept by hand (docs/decisions/0072).

const names = Object.keys(CONSOLE_CALLS) as ConsoleCallName[];

/** The routes the console's plugin registers; no call is made, so no service is needed. */
async function registeredRoutes(): Promise<string[]> {
  const app = Fastify();
  const routes: string[] = [];
  app.addHook("onRoute", (route: RouteOptions) => {
    const methods = [route.method].flat().filter((method) => method !== "HEAD");
    for (const method of methods) routes.push(`${method} ${route.url}`);
  });
  const services: Partial<ConsoleRouteOptions> = { now: () => new Date() };
  await app.register(consoleRoutes, services as ConsoleRouteOptions);
  await app.ready();
  await app.close();
  return routes;
}

const rowRoutes = () =>
  names.map(
    (name) => `${CONSOLE_CALLS[name].method} ${CONSOLE_API_PREFIX}${CONSOLE_CALLS[name].path}`,
  );

describe("the console call table", () => {
  test("every row is a registered route, and every console route is a row", async () => {
    expect((await registeredRoutes()).sort()).toEqual(rowRoutes().sort());
  });

  test("the console's URLs and the table's rows name the same calls, once each", () => {
    expect(Object.keys(CONSOLE_CALL_ROUTES).sort()).toEqual([...names].sort());
    expect(new Set(rowRoutes()).size).toBe(names.length);
  });

  test.each(names)("%s: only a signed-in member's changes honour an Idempotency-Key", (name) => {
    const call = CONSOLE_CALLS[name];
    if (call.idempotent) {
      expect(call.method).toBe("POST");
      expect(call.credential).toBe("staff-session");
    }
  });

  test.each(names)("%s: a call on a claim names it in its path and needs a session", (name) => {
    const call = CONSOLE_CALLS[name];
    expect(call.claim).toBe(call.path.startsWith("/claims/:ref"));
    if (call.claim) expect(call.credential).toBe("staff-session");
    if (call.credential !== "staff-session") expect(call.permission).toBeNull();
    expect(call.summary.length).toBeGreaterThan(10);
  });
});
