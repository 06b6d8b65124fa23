import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, type Request, test } from "@playwright/test";
import { DEVELOPMENT_API_KEY } from "../../apps/server/src/config/access-config.ts";
import {
  DEVELOPMENT_PORTAL_ISSUER,
  DEVELOPMENT_PORTAL_SECRET,
} from "../../apps/server/src/config/portal-config.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { phonePhoto, scannedPdf } from "../support/documents.ts";
import { seedPortalPolicies } from "../support/portal-policies.ts";
import { chooseCountry } from "../support/start-form.ts";
import {
  type agreeAndSubmit,
  claimRecord,
  fileLivingAccidentClaim,
} from "../support/submission.ts";

// The member portal and agent assist as insurers run them: on their own origin, the widget and its
// API on Kalinga's (decision 0060). A small static server on another port stands in for the
// insurer's portal: it signs its user's assertion and mounts the widget from the Kalinga server,
// whose KALINGA_ALLOWED_ORIGINS names this origin (e2e/playwright.config.ts). Every call then
// crosses origins with X-Kalinga-Assertion and Idempotency-Key, which the demo's same-origin pages hid.

const kalinga = `http://127.0.0.1:${process.env.KALINGA_E2E_PORT}`;
const hostPort = Number(process.env.KALINGA_E2E_HOST_PORT);
const hostOrigin = `http://127.0.0.1:${hostPort}`;

/** An HS256 JWT as the insurer's portal signs it, with the demo server's shared secret. */
function signAssertion(subject: string, claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  const signed = `${part({ alg: "HS256", typ: "JWT" })}.${part({
    iss: DEVELOPMENT_PORTAL_ISSUER,
    aud: "kalinga",
    sub: subject,
    iat: now,
    exp: now + 900,
    company: "first",
    ...claims,
  })}`;
  const signature = createHmac("sha256", DEVELOPMENT_PORTAL_SECRET)
    .update(signed)
    .digest("base64url");
  return `${signed}.${signature}`;
}

const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The portal's page: every path under a router base answers it, signed in as its user. */
function portalPage(url: URL): string | null {
  const agent = url.pathname.startsWith("/customer-portal-service/claims");
  if (!agent && !url.pathname.startsWith("/customer-portal/claims")) return null;
  const assertion = agent
    ? signAssertion("portal-agent-1001", { agentCode: "AG-1001" })
    : signAssertion("portal-member-0001", { policies: ["1234567890", "2234567891"] });
  const policy = url.searchParams.get("policy");
  const attributes = {
    "data-kalinga-target": "#kalinga-claims",
    "data-api-base": `${kalinga}/api`,
    "data-api-key": DEVELOPMENT_API_KEY,
    "data-router-base": agent ? "/customer-portal-service/claims" : "/customer-portal/claims",
    "data-assertion": assertion,
    ...(policy && /^\d{10}$/.test(policy) ? { "data-policy-number": policy } : {}),
  };
  const data = Object.entries(attributes)
    .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
    .join(" ");
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Insurer portal</title></head>
<body>
<main>
<h1>${agent ? "Agent assist" : "Member portal"}</h1>
<div id="kalinga-claims"></div>
<script type="module" src="${kalinga}/widget/widget.js" ${data}></script>
</main>
</body>
</html>`;
}

let host: http.Server;

test.beforeAll(async () => {
  host = http.createServer((request, response) => {
    const page = portalPage(new URL(request.url ?? "/", hostOrigin));
    if (page === null) {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found");
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page);
  });
  await new Promise<void>((resolve) => host.listen(hostPort, "127.0.0.1", resolve));
  expect((host.address() as AddressInfo).port).toBe(hostPort);
});

test.afterAll(async () => {
  await new Promise((resolve) => host.close(resolve));
});

test.beforeEach(async ({ request }) => {
  await seedPortalPolicies(request);
});

/** Every claim call the page makes, to check what crossed origins. */
function claimCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on("request", (sent) => {
    if (sent.url().startsWith(`${kalinga}/api/claims/`) && sent.method() === "POST")
      calls.push(sent);
  });
  return calls;
}

/** /cfm filled in, then Steps 2 to 4 and the submit as on the public channel. */
async function fileFromCfm(
  page: Page,
  testInfo: Parameters<typeof agreeAndSubmit>[1],
  name: string,
) {
  await page.getByLabel("Home address", { exact: true }).fill("12 Mabini St, Makati City");
  await chooseCountry(page, "Country of citizenship", "Philippines");
  await chooseCountry(page, "Country of residence", "Philippines");
  await page.getByRole("radio", { name: "Individual" }).check();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  const photo = await phonePhoto("ID.jpg", 1200, 800);
  const pdf = await scannedPdf("report.pdf", "Certified true copy");
  return fileLivingAccidentClaim(page, testInfo, name, { photo, pdf });
}

/** The calls went to Kalinga's origin from the portal's, carrying the assertion and, where due, an Idempotency-Key. */
async function expectCrossOrigin(calls: Request[]) {
  expect(calls.length).toBeGreaterThan(5);
  for (const call of calls) {
    expect(await call.headerValue("origin"), call.url()).toBe(hostOrigin);
    expect(await call.headerValue("x-kalinga-assertion"), call.url()).toBeTruthy();
  }
  const keyed = await Promise.all(calls.map((call) => call.headerValue("idempotency-key")));
  expect(keyed.some(Boolean)).toBe(true);
}

test.describe("The portals on the insurer's own origin", () => {
  test.describe.configure({ timeout: 180_000 });

  test("a member lists the policies and files a claim through the portal's origin", async ({
    page,
    request,
  }, testInfo) => {
    const calls = claimCalls(page);
    await page.goto(`${hostOrigin}/customer-portal/claims/cfm`);
    await expect(page.getByRole("heading", { name: /Step 1 of 4/ })).toBeVisible();
    await page.getByRole("combobox", { name: "Policy number" }).click();
    // Before, the preflight refused X-Kalinga-Assertion: "Loading your policies…", then the system error.
    await expect(page.getByRole("option")).toHaveText([
      "1234567890 \u00b7 Maria Peña Dela Cruz",
      "2234567891 \u00b7 Jose Rizal",
    ]);
    await page.getByRole("option", { name: "1234567890" }).click();
    await expect(page.getByTestId("policy-details")).toContainText("Maria Peña S Dela Cruz");
    await expectNoAxeViolations(page);
    const reference = await fileFromCfm(page, testInfo, "portal-cross-origin-member");
    await expectCrossOrigin(calls);
    const record = await claimRecord(request, reference);
    expect(record.channelName).toBe("Member Portal");
    expect(record.submission?.payload.policyInformation.policyNumber).toBe("1234567890");
  });

  test("an agent files for a client's policy through the portal's origin", async ({
    page,
    request,
  }, testInfo) => {
    const calls = claimCalls(page);
    await page.goto(`${hostOrigin}/customer-portal-service/claims/cfm?policy=3798935572`);
    const policies = page.getByRole("combobox", { name: "Policy number" });
    await expect(policies).toHaveValue("3798935572");
    await expect(page.getByTestId("policy-details")).toContainText("Grace S Reyes");
    const reference = await fileFromCfm(page, testInfo, "portal-cross-origin-agent");
    await expectCrossOrigin(calls);
    const record = await claimRecord(request, reference);
    expect(record.channelName).toBe("Agent Assist");
    expect(record.agentCode).toBe("AG-1001");
  });
});
