import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, test } from "vitest";
import { ADMIN, consoleStaff } from "./support/console-staff.ts";
import { useServerTest } from "./support/server-test.ts";
import { callClaimRaw, testApp, testConfig } from "./support/test-app.ts";

// The insurer's companies as data (decision 0083): seeded from the file into an empty table, read by
// the claim calls and the widget's public call, changed by an administrator (audited), and seen by
// a second server on the same database once its refresh has passed, without a restart.

const REFRESH_SECONDS = 5;
const server = useServerTest({
  env: { KALINGA_COMPANIES_REFRESH_SECONDS: String(REFRESH_SECONDS) },
});
const { createAdministrator, signIn, auditActions } = consoleStaff(server);

const SEED = path.resolve(import.meta.dirname, "../config/companies.demo.json");
type Company = Record<string, unknown> & { id: string; companyName: string };
type Listed = { id: string; version: number; updatedBy: string; config: Company };

const startClaim = (app: FastifyInstance, companyName: string) =>
  callClaimRaw(app, "initClaimRequest", {
    basicInformation: { companyName, channelName: "Corporate Website" },
  });

const others: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(others.splice(0).map((app) => app.close()));
});

async function administrator() {
  await createAdministrator();
  return signIn(ADMIN.email, ADMIN.password);
}

async function listed(admin: Awaited<ReturnType<typeof administrator>>): Promise<Listed[]> {
  const answer = await admin.call("GET", "/companies");
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { companies: Listed[] }).companies;
}

describe("the companies' configuration", () => {
  test("an empty table is seeded from the file, and the widget reads no sender and no key id", async () => {
    const seed = JSON.parse(await readFile(SEED, "utf8")) as Company[];
    const { rows } = await server.db.query<{ id: string; updated_by: string; version: number }>(
      "SELECT id, updated_by, version FROM companies ORDER BY id",
    );
    expect(rows).toEqual(
      seed
        .map((c) => ({ id: c.id, updated_by: "seed", version: 1 }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    );

    const shown = await server.app.inject({ method: "GET", url: "/api/content/companies" });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["cache-control"]).toBe("public, max-age=60");
    const { companies } = shown.json() as { companies: Company[] };
    const names = (list: Company[]) => list.map((c) => c.companyName).sort();
    expect(names(companies)).toEqual(names(seed));
    for (const company of companies) {
      expect(company).not.toHaveProperty("sms");
      expect(company).not.toHaveProperty("email");
      expect(company).not.toHaveProperty("widgetApiKeyIds");
    }
  });

  test("a configured company starts a claim; any other is refused with the existing refusal", async () => {
    const accepted = await startClaim(server.app, "Kalinga Bank Life");
    expect(accepted.statusCode, accepted.body).toBe(200);
    const refused = await startClaim(server.app, "Another Life");
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errors: [{ field: "basicInformation.companyName", message: "Unknown company name." }],
    });
  });

  test("a refused seed file stops the start with the company, the field and why", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "kalinga-companies-"));
    try {
      const seed = JSON.parse(await readFile(SEED, "utf8")) as Company[];
      const bad = seed.map((c, i) =>
        i === 1 ? { ...c, brand: { ...(c.brand as object), primaryColour: "navy" } } : c,
      );
      const file = path.join(dir, "companies.json");
      await writeFile(file, JSON.stringify(bad));
      await server.db.query("DELETE FROM companies");
      await expect(server.restart({ KALINGA_COMPANIES_FILE: file })).rejects.toThrow(
        `Company "${seed[1]?.id}", brand.primaryColour: A colour is written #rrggbb`,
      );
      const { rows } = await server.db.query("SELECT id FROM companies");
      expect(rows).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("an administrator's change is audited and seen by another server after its refresh", async () => {
    // Signed in first: the sign-in moves the shared clock on by a TOTP step.
    const admin = await administrator();
    const other = await testApp(
      server.db,
      testConfig(
        { KALINGA_COMPANIES_REFRESH_SECONDS: String(REFRESH_SECONDS) },
        { now: server.clock.now },
      ),
    );
    others.push(other);
    expect((await startClaim(other, "Kalinga Bank Life")).statusCode).toBe(200);

    const bank = (await listed(admin)).find((c) => c.config.companyName === "Kalinga Bank Life");
    if (!bank) throw new Error("the seed has no bank-partner company");
    const renamed = { ...bank.config, companyName: "Kalinga Bank Life Assurance" };
    const saved = await admin.call("POST", "/companies", {
      version: bank.version,
      config: renamed,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ id: bank.id, version: bank.version + 1 });
    expect(await auditActions()).toContain("company.change");

    // The server that saved sees it at once; the other still has its copy until the refresh.
    expect((await startClaim(server.app, "Kalinga Bank Life Assurance")).statusCode).toBe(200);
    expect((await startClaim(other, "Kalinga Bank Life")).statusCode).toBe(200);
    server.clock.advance(REFRESH_SECONDS);
    expect((await startClaim(other, "Kalinga Bank Life Assurance")).statusCode).toBe(200);
    expect((await startClaim(other, "Kalinga Bank Life")).statusCode).toBe(400);

    // A change made on the version read before is refused, and changes nothing.
    const stale = await admin.call("POST", "/companies", {
      version: bank.version,
      config: renamed,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: "changed" });
  });

  test("a change the set refuses names the field and changes nothing", async () => {
    const admin = await administrator();
    const [first, second] = await listed(admin);
    if (!first || !second) throw new Error("the seed has two companies");
    const clash = { ...second.config, companyName: first.config.companyName };
    const refused = await admin.call("POST", "/companies", {
      version: second.version,
      config: clash,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: "invalid-request",
      errors: [
        {
          field: "companyName",
          rule: "company-config",
          message: `Company "${second.id}", companyName: Another company sends this company name.`,
        },
      ],
    });
    const noFil = { ...second.config, texts: { en: (second.config.texts as { en: object }).en } };
    const missing = await admin.call("POST", "/companies", {
      version: second.version,
      config: noFil,
    });
    expect(missing.json()).toMatchObject({ errors: [{ field: "texts.fil" }] });
    expect((await listed(admin)).map((c) => c.version)).toEqual([first.version, second.version]);
    expect(await auditActions()).not.toContain("company.change");
  });

  test("a widget key id that names none of KALINGA_API_KEYS is told at start", async () => {
    const started = async (env: Record<string, string>) => {
      const lines: string[] = [];
      const app = await testApp(server.db, testConfig({ LOG_LEVEL: "warn", ...env }), {
        write: (line: string) => void lines.push(line),
      });
      others.push(app);
      return lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    };
    expect(await started({ KALINGA_API_KEYS: "another-widget-key" })).toContain(
      'Company "first": widgetApiKeyIds.DEV names key-282f2a, which is none of KALINGA_API_KEYS.',
    );
    const named = await started({});
    expect(named.filter((msg) => msg.includes("widgetApiKeyIds"))).toEqual([]);
  });

  test("only an administrator lists or changes the companies", async () => {
    const admin = await administrator();
    const made = await admin.call("POST", "/staff", {
      email: "dina@kalinga-life.example",
      name: "Dina",
      role: "supervisor",
    });
    const { temporaryPassword } = made.json() as { temporaryPassword: string };
    const supervisor = await signIn("dina@kalinga-life.example", temporaryPassword);
    expect((await supervisor.call("GET", "/companies")).statusCode).toBe(403);
    const [company] = await listed(admin);
    const change = await supervisor.call("POST", "/companies", {
      version: company?.version,
      config: company?.config,
    });
    expect(change.statusCode).toBe(403);
  });
});
