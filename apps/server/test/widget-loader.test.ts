import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useServerTest } from "./support/server-test.ts";

// The widget as an insurer ships it (decision 0082): the stable loader, kept briefly and revalidated;
// every hashed file kept a year; and the origin check that any page may ask.

const LOADER = 'import{start}from"./chunks/entry-e1f2a3.js";start(import.meta.url);\n';
const ALLOWED = "https://www.kalinga-life.example";
let widgetDir: string;

beforeAll(async () => {
  widgetDir = await mkdtemp(path.join(tmpdir(), "kalinga-loader-"));
  await mkdir(path.join(widgetDir, "chunks"));
  await mkdir(path.join(widgetDir, "assets"));
  await writeFile(path.join(widgetDir, "widget.js"), LOADER);
  await writeFile(path.join(widgetDir, "kalinga-widget.d.ts"), "export interface KalingaApi {}\n");
  await writeFile(path.join(widgetDir, "chunks", "entry-e1f2a3.js"), "export const start = 1;\n");
  await writeFile(
    path.join(widgetDir, "assets", "challenge-worker-b4c5.js"),
    "onmessage = null;\n",
  );
});
afterAll(async () => {
  await rm(widgetDir, { recursive: true, force: true });
});

const server = useServerTest({
  scope: "file",
  clock: false,
  env: () => ({ KALINGA_WIDGET_DIR: widgetDir, KALINGA_ALLOWED_ORIGINS: ALLOWED }),
});

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: "GET", url, headers });

describe("widget files", () => {
  test("the loader is kept 5 minutes and then revalidated by its ETag", async () => {
    const loader = await get("/widget/widget.js");
    expect(loader.statusCode).toBe(200);
    expect(loader.body).toBe(LOADER);
    expect(loader.headers["cache-control"]).toBe("public, max-age=300");
    expect(loader.headers["access-control-allow-origin"]).toBe("*");
    const etag = loader.headers.etag;
    expect(typeof etag).toBe("string");
    const again = await get("/widget/widget.js", { "if-none-match": String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  test("the hashed entry, chunks and assets are immutable for a year", async () => {
    for (const url of [
      "/widget/chunks/entry-e1f2a3.js",
      "/widget/assets/challenge-worker-b4c5.js",
    ]) {
      const file = await get(url);
      expect(file.statusCode, url).toBe(200);
      expect(file.headers["cache-control"], url).toBe("public, max-age=31536000, immutable");
      expect(file.headers["access-control-allow-origin"], url).toBe("*");
    }
  });

  test("the public types are served beside the loader, briefly cached like it", async () => {
    const types = await get("/widget/kalinga-widget.d.ts");
    expect(types.statusCode).toBe(200);
    expect(types.body).toContain("KalingaApi");
    expect(types.headers["cache-control"]).toBe("public, max-age=300");
  });

  test("an unknown file, hashed or not, answers 404 and is not cached for a year", async () => {
    for (const url of [
      "/widget/chunks/entry-000000.js",
      "/widget/entry.js",
      "/widget/assets/gone-a1b2.css",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["cache-control"] ?? "", url).not.toContain("immutable");
    }
  });
});

describe("GET /api/widget/origin", () => {
  test("an allowed origin is told so, and may read the answer", async () => {
    const response = await get("/api/widget/origin", { origin: ALLOWED });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ allowed: true });
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    expect(response.headers["access-control-allow-credentials"]).toBeUndefined();
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  test("an origin not listed is told it is not allowed, and may read that too", async () => {
    const response = await get("/api/widget/origin", { origin: "https://elsewhere.example" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ allowed: false });
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    expect(response.headers.vary).toContain("Origin");
    // Every other call of the API still refuses that origin.
    const content = await get("/api/content/app-config", { origin: "https://elsewhere.example" });
    expect(content.statusCode).toBe(403);
  });

  test("a call without Origin (a same-origin page, or no browser) is allowed", async () => {
    const response = await get("/api/widget/origin");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ allowed: true });
  });

  test("the server's own origin is allowed without being listed", async () => {
    const response = await get("/api/widget/origin", {
      origin: "http://localhost:80",
      host: "localhost:80",
    });
    expect(response.json()).toEqual({ allowed: true });
  });
});
