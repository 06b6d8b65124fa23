import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { readMigrations } from "../src/db/migrate.ts";
import { ADMIN, consoleStaff } from "./support/console-staff.ts";
import { useServerTest } from "./support/server-test.ts";
import { API_KEY, callClaimRaw } from "./support/test-app.ts";

// What a company's configuration drives on the server (decision 0093): the origins whose pages may
// call the API, the widget keys its claims may be filed with, and the environments' host patterns
// served to the widget (added to companies saved before by migration 027).

const OTHER_KEY = "another-insurer-widget-key";
const keyId = (key: string) => `key-${createHash("sha256").update(key).digest("hex").slice(0, 6)}`;
const INSURER_ORIGIN = "https://claims.second-insurer.example";

const server = useServerTest({ env: { KALINGA_API_KEYS: `${API_KEY},${OTHER_KEY}` } });
const { createAdministrator, signIn } = consoleStaff(server);

type Company = Record<string, unknown> & { id: string; companyName: string };
type Listed = { id: string; version: number; config: Company };

async function administrator() {
  await createAdministrator();
  return signIn(ADMIN.email, ADMIN.password);
}

async function changeBankPartner(
  admin: Awaited<ReturnType<typeof administrator>>,
  change: (config: Company) => Company,
) {
  const answer = await admin.call("GET", "/companies");
  const bank = (answer.json() as { companies: Listed[] }).companies.find(
    (c) => c.id === "bank-partner",
  );
  if (!bank) throw new Error("the seed has a bank-partner company");
  const saved = await admin.call("POST", "/companies", {
    version: bank.version,
    config: change(bank.config),
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

const startClaim = (apiKey: string) =>
  callClaimRaw(
    server.app,
    "initClaimRequest",
    { basicInformation: { companyName: "Kalinga Bank Life", channelName: "Corporate Website" } },
    { apiKey },
  );

const fromOrigin = (url: string, origin: string) =>
  server.app.inject({ method: "GET", url, headers: { origin } });

describe("a company's configuration in use", () => {
  test("a company's allowed origin may call the API once saved; other origins stay refused", async () => {
    const admin = await administrator();
    const before = await fromOrigin("/api/widget/origin", INSURER_ORIGIN);
    expect(before.json()).toEqual({ allowed: false });
    expect((await fromOrigin("/api/content/app-config", INSURER_ORIGIN)).statusCode).toBe(403);

    await changeBankPartner(admin, (config) => ({ ...config, allowedOrigins: [INSURER_ORIGIN] }));
    expect((await fromOrigin("/api/widget/origin", INSURER_ORIGIN)).json()).toEqual({
      allowed: true,
    });
    const content = await fromOrigin("/api/content/app-config", INSURER_ORIGIN);
    expect(content.statusCode).toBe(200);
    expect(content.headers["access-control-allow-origin"]).toBe(INSURER_ORIGIN);
    const elsewhere = await fromOrigin("/api/content/app-config", "https://elsewhere.example");
    expect(elsewhere.statusCode).toBe(403);

    // The widget is not told which origins a company names.
    const shown = await server.app.inject({ method: "GET", url: "/api/content/companies" });
    const { companies } = shown.json() as { companies: Company[] };
    const bank = companies.find((c) => c.id === "bank-partner");
    expect(bank).not.toHaveProperty("allowedOrigins");
    expect(bank?.environmentHosts).toMatchObject({ SIT: ["sit"], UAT: ["uat"] });
  });

  test("a claim is refused with a key the company does not name, and taken with one it does", async () => {
    const admin = await administrator();
    // The seed names the development key for the bank partner: another known key is refused.
    const refused = await startClaim(OTHER_KEY);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errors: [
        {
          field: "basicInformation.companyName",
          message: "This API key is not one of this company's widget keys.",
        },
      ],
    });
    expect((await startClaim(API_KEY)).statusCode).toBe(200);

    await changeBankPartner(admin, (config) => ({
      ...config,
      widgetApiKeyIds: { UAT: keyId(OTHER_KEY) },
    }));
    expect((await startClaim(OTHER_KEY)).statusCode).toBe(200);
    expect((await startClaim(API_KEY)).statusCode).toBe(400);

    // A company that names no key takes any key the server knows.
    await changeBankPartner(admin, (config) => ({ ...config, widgetApiKeyIds: {} }));
    expect((await startClaim(API_KEY)).statusCode).toBe(200);
    expect((await startClaim(OTHER_KEY)).statusCode).toBe(200);
  });

  test("migration 027 gives a company saved before it the environments' former host patterns", async () => {
    const { rows } = await server.db.query<{ config: Company }>(
      "SELECT config FROM companies WHERE id = 'first'",
    );
    const row = rows[0];
    if (!row) throw new Error("the seed has a first company");
    const { environmentHosts: seeded, ...before } = row.config;
    expect(seeded).toMatchObject({ PROD: ["kalinga-life.example"] });
    await server.db.query("UPDATE companies SET config = $1::jsonb WHERE id = 'first'", [
      JSON.stringify(before),
    ]);
    const migration = (await readMigrations()).find((m) => m.version === 27);
    if (!migration) throw new Error("migration 027 is missing");
    await server.db.query(migration.sql);
    const after = await server.db.query<{ config: Company }>("SELECT config FROM companies");
    const hosts = Object.fromEntries(
      after.rows.map((row) => [row.config.id, row.config.environmentHosts]),
    );
    expect(hosts.first).toEqual({
      DEV: ["dev", "localhost", "127.0.0.1"],
      SIT: ["sit"],
      UAT: ["uat"],
      PROD: [],
    });
    // A company that has its patterns keeps them.
    expect(hosts["bank-partner"]).toMatchObject({ PROD: ["kalinga-bank-life.example"] });
    // The directory reads the changed row as a valid company.
    server.clock.advance(60);
    expect((await startClaim(API_KEY)).statusCode).toBe(200);
  });
});
