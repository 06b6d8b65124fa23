import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { DEVELOPMENT_API_KEY } from "../../apps/server/src/config/access-config.ts";
import { APP_TEXTS } from "../../apps/web/src/app/app-texts.ts";
import { START_TEXTS } from "../../apps/web/src/start/start-texts.ts";
import type { KalingaApi } from "../../apps/web/src/widget/kalinga-widget.d.ts";
import { expectNoAxeViolations } from "../support/axe.ts";

// The widget as an insurer's web team ships it (decision 0082): the stable loader pulls in the
// content-hashed entry; a single-page portal unmounts and mounts it again; and a page on an origin
// the server does not allow is told so on screen, not only in the console.

const kalinga = `http://127.0.0.1:${process.env.KALINGA_E2E_PORT}`;
const startHeading = { name: new RegExp(START_TEXTS.title) };

test("the demo page loads the hashed entry through the loader, and unmounts and remounts", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (sent) => {
    if (sent.url().includes("/widget/")) scripts.push(new URL(sent.url()).pathname);
  });
  await page.goto("/help-support/claims/cf");
  await expect(page.getByRole("heading", startHeading)).toBeVisible();
  expect(scripts).toContain("/widget/widget.js");
  expect(scripts.some((file) => /^\/widget\/chunks\/entry-[\w-]+\.js$/.test(file))).toBe(true);

  const left = await page.evaluate(() => {
    const host = document.querySelector("#kalinga-claims");
    const kalinga = (window as { Kalinga?: KalingaApi }).Kalinga;
    if (!host || !kalinga) throw new Error("no widget on the page");
    kalinga.unmount(host);
    return host.shadowRoot?.childNodes.length;
  });
  expect(left).toBe(0);
  await expect(page.getByRole("heading", startHeading)).toHaveCount(0);

  await page.evaluate(async () => {
    const host = document.querySelector("#kalinga-claims");
    const kalinga = (window as { Kalinga?: KalingaApi }).Kalinga;
    if (!host || !kalinga) throw new Error("no widget on the page");
    // Mounting twice replaces the first: one root, one start form.
    await kalinga.mount(host, { routerBase: "/help-support/claims" });
    await kalinga.mount(host, { routerBase: "/help-support/claims" });
  });
  await expect(page.getByRole("heading", startHeading)).toHaveCount(1);
  expect(await page.locator("#kalinga-claims .k-root").count()).toBe(1);
});

test.describe("a page on an origin the server does not allow", () => {
  let host: http.Server;
  let hostOrigin: string;

  test.beforeAll(async () => {
    // Any free port but the one KALINGA_ALLOWED_ORIGINS names (e2e/playwright.config.ts).
    host = http.createServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Unlisted insurer page</title></head>
<body>
<main>
<h1>Claims</h1>
<div id="kalinga-claims"></div>
<script type="module" src="${kalinga}/widget/widget.js" data-kalinga-target="#kalinga-claims" data-api-base="${kalinga}/api" data-api-key="${DEVELOPMENT_API_KEY}" data-router-base="/help-support/claims"></script>
</main>
</body>
</html>`);
    });
    await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
    hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    expect(hostOrigin).not.toBe(`http://127.0.0.1:${process.env.KALINGA_E2E_HOST_PORT}`);
  });

  test.afterAll(async () => {
    await new Promise((resolve) => host.close(resolve));
  });

  test("the claimant is told whom to turn to; the page's developers what to configure", async ({
    page,
  }) => {
    const logged: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") logged.push(message.text());
    });
    await page.goto(`${hostOrigin}/help-support/claims/cf`);
    await expect(
      page.getByRole("heading", { name: APP_TEXTS.originNotAllowedTitle }),
    ).toBeVisible();
    await expect(page.getByText(APP_TEXTS.originNotAllowedBodyNoCompany)).toBeVisible();
    await expect(page.getByRole("heading", startHeading)).toHaveCount(0);
    expect(logged.some((text) => text.includes("KALINGA_ALLOWED_ORIGINS"))).toBe(true);
    expect(logged.some((text) => text.includes(hostOrigin))).toBe(true);
    await expectNoAxeViolations(page);
  });
});
