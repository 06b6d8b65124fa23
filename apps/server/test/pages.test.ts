import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildApp } from "../src/app.ts";
import type { PortalConfig } from "../src/config/portal-config.ts";
import { loadConfig, type ServerConfig } from "../src/config.ts";
import { createAssertionVerifier } from "../src/http/portal-assertion.ts";
import { useServerTest } from "./support/server-test.ts";
import {
  basicInformation,
  callClaim,
  PRODUCTION_ENV,
  startClaim,
  TEST_SECRET,
  testApp,
  testConfig,
} from "./support/test-app.ts";

// The demo host pages, the widget files and what production leaves out.

let widgetDir: string;

beforeAll(async () => {
  widgetDir = await mkdtemp(path.join(tmpdir(), "kalinga-widget-"));
  await mkdir(path.join(widgetDir, "chunks"));
  await mkdir(path.join(widgetDir, "assets"));
  await mkdir(path.join(widgetDir, ".vite"));
  await writeFile(path.join(widgetDir, "widget.js"), "import('./chunks/start-a1b2c3.js');\n");
  await writeFile(
    path.join(widgetDir, "widget.js.br"),
    brotliCompressSync("import('./chunks/start-a1b2c3.js');\n"),
  );
  await writeFile(path.join(widgetDir, "chunks", "start-a1b2c3.js"), "export const start = 1;\n");
  await writeFile(path.join(widgetDir, "assets", "widget-d4e5f6.css"), ":host { all: initial; }\n");
  await writeFile(
    path.join(widgetDir, ".vite", "manifest.json"),
    JSON.stringify({
      "_shared-x1.js": { file: "chunks/shared-x1.js", imports: ["_react-y2.js"] },
      "_react-y2.js": { file: "chunks/react-y2.js" },
      "src/embed.tsx": {
        file: "chunks/entry-e1f2a3.js",
        isEntry: true,
        imports: ["_shared-x1.js"],
      },
    }),
  );
});
afterAll(async () => {
  await rm(widgetDir, { recursive: true, force: true });
});

const server = useServerTest({
  scope: "file",
  clock: false,
  env: () => ({
    KALINGA_WIDGET_DIR: widgetDir,
    KALINGA_ALLOWED_ORIGINS: "https://www.kalinga-life.example,https://portal.kalinga-life.example",
  }),
});

const get = (url: string) => server.app.inject({ method: "GET", url });

function scriptOf(html: string) {
  return html.match(
    /<script type="module" nonce="([^"]+)" src="\/widget\/widget\.js"([^>]*)><\/script>/,
  );
}

describe("demo host pages", () => {
  test("every deep path under /help-support/claims serves the page with a nonce-based CSP", async () => {
    for (const url of [
      "/help-support/claims",
      "/help-support/claims/cf",
      "/help-support/claims/claims-details",
      "/help-support/claims/link-status/approved",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      const csp = response.headers["content-security-policy"] as string;
      const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
      expect(nonce).toBeTruthy();
      expect(csp).toContain(`script-src 'nonce-${nonce}' 'strict-dynamic'`);
      expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain(
        "frame-ancestors 'self' https://www.kalinga-life.example https://portal.kalinga-life.example",
      );
      const script = scriptOf(response.body);
      expect(script?.[1]).toBe(nonce);
      expect(script?.[2]).toContain('data-kalinga-target="#kalinga-claims"');
      expect(script?.[2]).toContain('data-api-base="/api"');
      expect(script?.[2]).toContain('data-api-key="kalinga-dev-key"');
      expect(script?.[2]).toContain('data-router-base="/help-support/claims"');
      // Every inline style carries the nonce too.
      expect(response.body.match(/<style(?![^>]*nonce=")/g)).toBeNull();
    }
  });

  test("the page preloads the widget and its first content call", async () => {
    const html = (await get("/help-support/claims/cf")).body;
    expect(html).toContain('<link rel="modulepreload" href="/widget/widget.js">');
    // The hashed entry the loader imports and its static imports, read from the build's manifest,
    // are preloaded beside it.
    expect(html).toContain('<link rel="modulepreload" href="/widget/chunks/entry-e1f2a3.js">');
    expect(html).toContain('<link rel="modulepreload" href="/widget/chunks/shared-x1.js">');
    expect(html).toContain('<link rel="modulepreload" href="/widget/chunks/react-y2.js">');
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/content/page?company=first&amp;channel=corporate-website&amp;locale=en">',
    );
  });

  test("the page is a plain, accessible host page with hostile global styles", async () => {
    const response = await get("/help-support/claims/cf");
    const html = response.body;
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toMatch(
      /<main>[\s\S]*<h1>File a claim<\/h1>[\s\S]*<div id="kalinga-claims"><\/div>[\s\S]*<\/main>/,
    );
    expect(html).toContain("<title>File a claim | Kalinga Life</title>");
    expect(html).toMatch(
      /<style nonce="[^"]+" id="host-styles">[\s\S]*input[^{]*\{ border: 3px solid hotpink;/,
    );
    expect(response.headers["cache-control"]).toBe("no-cache, private");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  test("each answer has a fresh nonce", async () => {
    const first = scriptOf((await get("/help-support/claims/cf")).body)?.[1];
    const second = scriptOf((await get("/help-support/claims/cf")).body)?.[1];
    expect(first).not.toBe(second);
  });

  test("the bank-partner page embeds the widget under its own base", async () => {
    const response = await get("/bank-life/help-support/claims/claims-tracking");
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("<title>File a claim | Kalinga Bank Life</title>");
    expect(scriptOf(response.body)?.[2]).toContain(
      'data-router-base="/bank-life/help-support/claims"',
    );
  });

  test("the reminder's enrol link of each company leads to a stand-in member portal page", async () => {
    for (const [company, companyName, home] of [
      ["first", "Kalinga Life", "/help-support/claims/cf"],
      ["bank-partner", "Kalinga Bank Life", "/bank-life/help-support/claims/cf"],
    ] as const) {
      const content = await get(
        `/api/content/page?company=${company}&channel=corporate-website&locale=en`,
      );
      const { enrollUrl } = (content.json() as { reminder: { enrollUrl: string } }).reminder;
      const page = await get(enrollUrl);
      expect(page.statusCode, enrollUrl).toBe(200);
      expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(page.headers["content-security-policy"]).toMatch(/script-src 'nonce-[^']+'/);
      const html = page.body;
      expect(html).toContain(`<h1>${companyName} Member Portal</h1>`);
      expect(html).toContain("members sign in to see their policies");
      expect(html).toContain(`<a href="${home}">File a claim without signing in</a>`);
      expect(html).not.toContain("<script");
      // The portal's own menu entry leads to the same page.
      const portalRoot = enrollUrl.replace(/\/enroll$/, "");
      expect(html).toContain(`<a href="${portalRoot}" aria-current="page">Member Portal</a>`);
      expect((await get(portalRoot)).statusCode).toBe(200);
    }
  });

  test("each company's member portal and agent assist pages are signed in as its demo member and agent", async () => {
    const verify = createAssertionVerifier(server.config.portal as PortalConfig, [
      "first",
      "bank-partner",
    ]);
    for (const [prefix, member, agent, company] of [
      ["", ["1234567890", "2234567891"], "AG-1001", "first"],
      ["/bank-life", ["5488246102"], "BK-2001", "bank-partner"],
    ] as const) {
      const memberPage = await get(`${prefix}/customer-portal/claims/cfm`);
      expect(memberPage.statusCode).toBe(200);
      const memberScript = scriptOf(memberPage.body)?.[2] ?? "";
      expect(memberScript).toContain(`data-router-base="${prefix}/customer-portal/claims"`);
      expect(memberScript).not.toContain("data-policy-number");
      const memberAssertion = memberScript.match(/data-assertion="([^"]+)"/)?.[1] ?? "";
      expect(await verify(memberAssertion, new Date())).toMatchObject({
        kind: "member",
        company,
        policies: [...member],
      });

      const agentPage = await get(
        `${prefix}/customer-portal-service/claims/cfm?policy=${member[0]}&route=claims-report`,
      );
      const agentScript = scriptOf(agentPage.body)?.[2] ?? "";
      expect(agentScript).toContain(`data-policy-number="${member[0]}"`);
      const agentAssertion = agentScript.match(/data-assertion="([^"]+)"/)?.[1] ?? "";
      expect(await verify(agentAssertion, new Date())).toMatchObject({
        kind: "agent",
        company,
        agentCode: agent,
      });
      // The route name '/' follows is stored by the page, under its nonce.
      expect(agentPage.body).toMatch(
        /<script nonce="[^"]+">sessionStorage\.setItem\("kalinga:route-name", "claims-report"\);<\/script>/,
      );
      // Anything but a policy number or a known route name is left out.
      const odd = await get(
        `${prefix}/customer-portal-service/claims/cfm?policy=12%22x&route=evil`,
      );
      expect(scriptOf(odd.body)?.[2]).not.toContain("data-policy-number");
      expect(odd.body).not.toContain("kalinga:route-name");
    }
  });

  test("/ goes to the first company's start step", async () => {
    const response = await get("/");
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/help-support/claims/cf");
  });

  test("without a built widget the page says how to build it", async () => {
    const unbuilt = await testApp(
      server.db,
      testConfig({ KALINGA_WIDGET_DIR: path.join(widgetDir, "nope") }),
    );
    try {
      const response = await unbuilt.inject({ method: "GET", url: "/help-support/claims/cf" });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain("run <code>npm run build</code>");
      expect(scriptOf(response.body)).toBeNull();
    } finally {
      await unbuilt.close();
    }
  });
});

describe("widget files", () => {
  test("widget.js goes out as the build's brotli file to browsers that take it", async () => {
    const response = await server.app.inject({
      method: "GET",
      url: "/widget/widget.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(
      "import('./chunks/start-a1b2c3.js');\n",
    );
    const plain = await get("/widget/widget.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe("import('./chunks/start-a1b2c3.js');\n");
  });

  test("content is compressed; claim answers, which carry tokens, are not", async () => {
    const content = await server.app.inject({
      method: "GET",
      url: "/api/content/page?company=first&channel=corporate-website&locale=en",
      headers: { "accept-encoding": "gzip" },
    });
    expect(content.headers["content-encoding"]).toBe("gzip");
    const started = await callClaim(
      server.app,
      "initClaimRequest",
      { basicInformation },
      { headers: { "accept-encoding": "gzip, br" } },
    );
    expect(started.statusCode).toBe(200);
    expect(started.headers["content-encoding"]).toBeUndefined();
    expect(started.json()).toMatchObject({ returnCode: "0" });
  });

  test("widget.js is cached briefly, hashed chunks and assets for a year", async () => {
    const entry = await get("/widget/widget.js");
    expect(entry.statusCode).toBe(200);
    expect(entry.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(entry.headers["cache-control"]).toBe("public, max-age=300");
    expect(entry.headers["access-control-allow-origin"]).toBe("*");
    const chunk = await get("/widget/chunks/start-a1b2c3.js");
    expect(chunk.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const css = await get("/widget/assets/widget-d4e5f6.css");
    expect(css.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("missing files and dot folders answer 404 JSON", async () => {
    for (const url of [
      "/widget/missing.js",
      "/widget/.vite/manifest.json",
      "/widget/../package.json",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ returnCode: "404", message: "Not found." });
    }
  });
});

describe("development features are opt-in (KALINGA_DEMO)", () => {
  let devPaths: string[];
  beforeAll(async () => {
    const claim = await startClaim(server.app);
    devPaths = [
      "/api/dev/outbox?to=639171234567",
      "/api/dev/email-outbox?to=maria%40example.ph",
      `/api/dev/claims/${claim.webReferenceNumber}`,
    ];
  });

  async function expectNoDevelopmentFeatures(server: FastifyInstance) {
    for (const url of devPaths) {
      const response = await server.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ returnCode: "404", message: "Not found." });
    }
    for (const url of [
      "/help-support/claims/cf",
      "/bank-life/help-support/claims/cf",
      "/customer-portal/enroll",
      "/bank-life/customer-portal/enroll",
    ]) {
      expect((await server.inject({ method: "GET", url })).statusCode, url).toBe(404);
    }
    expect((await server.inject({ method: "GET", url: "/widget/widget.js" })).statusCode).toBe(200);
  }

  test.each([
    ["no NODE_ENV", {}],
    ["NODE_ENV=development", { NODE_ENV: "development" }],
    ["NODE_ENV=test", { NODE_ENV: "test" }],
    ["KALINGA_DEMO=false", { NODE_ENV: "test", KALINGA_DEMO: "false" }],
  ])("%s without KALINGA_DEMO=true: no /api/dev/* and no demo pages", async (_name, env) => {
    const config = loadConfig({
      KALINGA_SECRET: TEST_SECRET,
      KALINGA_DATA_DIR: "/tmp/kalinga-test-unused",
      LOG_LEVEL: "silent",
      KALINGA_WIDGET_DIR: widgetDir,
      ...env,
    });
    const withoutDemo = await testApp(server.db, config);
    try {
      await expectNoDevelopmentFeatures(withoutDemo);
    } finally {
      await withoutDemo.close();
    }
  });

  test("production has none either", async () => {
    const prod = await testApp(
      server.db,
      testConfig({ ...PRODUCTION_ENV, KALINGA_WIDGET_DIR: widgetDir }),
    );
    try {
      await expectNoDevelopmentFeatures(prod);
    } finally {
      await prod.close();
    }
  });

  test("KALINGA_DEMO=true serves the outboxes, the claim record and the demo pages", async () => {
    for (const url of devPaths.slice(0, 2)) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({ messages: [] });
    }
    expect((await get(devPaths[2] as string)).json()).toMatchObject({ status: "draft" });
    expect((await get("/api/dev/outbox?to=abc")).statusCode).toBe(400);
    const page = await get("/help-support/claims/cf");
    expect(page.statusCode).toBe(200);
    expect(scriptOf(page.body)?.[2]).toContain('data-api-key="kalinga-dev-key"');
  });

  test("buildApp refuses a production configuration made in code with the demo or an outbox", async () => {
    const production = testConfig({ ...PRODUCTION_ENV, KALINGA_WIDGET_DIR: widgetDir });
    for (const [overrides, message] of [
      [{ demo: true }, /KALINGA_DEMO=true cannot run with NODE_ENV=production/],
      [{ demoPages: true }, /KALINGA_DEMO=true cannot run with NODE_ENV=production/],
      [{ sms: { provider: "outbox" } }, /SMS_PROVIDER must be http in production/],
      [
        { email: { provider: "outbox", from: "claims@kalinga.invalid" } },
        /EMAIL_PROVIDER must be smtp in production/,
      ],
    ] as const) {
      await expect(
        buildApp({ ...production, ...overrides } as ServerConfig, { database: server.db }),
      ).rejects.toThrow(message);
    }
  });
});
