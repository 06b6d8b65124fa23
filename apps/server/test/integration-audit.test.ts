import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { describe, expect, test } from "vitest";
import { loadConfig } from "../src/config.ts";
import { submittedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import { signedInStaff } from "./support/staff-session.ts";
import { PRODUCTION_ENV } from "./support/test-app.ts";

// Who read what: the integration API's reads (the list, a claim, a document) and the refused ones
// are audit rows naming the key by its name, never the key; the console's queue listings and its
// refused looks at a claim are rows too. Keys are named `name:key`, or by a hash of a plain key.

const NAMED = "core-claims-system-key-0123456789abcdef";
const PLAIN = "reporting-key-0123456789abcdef0123456";
const PLAIN_NAME = `key-${createHash("sha256").update(PLAIN).digest("hex").slice(0, 6)}`;
const server = useServerTest({
  documentsDir: true,
  env: { NOTIFICATION_POLL_MS: "600000", KALINGA_INSURER_KEYS: `core-system:${NAMED},${PLAIN}` },
});

const asKey = (
  app: FastifyInstance,
  key: string,
  method: "GET" | "POST",
  url: string,
  body?: unknown,
) =>
  app.inject({
    method,
    url: `/api/insurer${url}`,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

type Row = {
  action: string;
  integration_key: string | null;
  staff_email: string | null;
  web_reference_number: string | null;
  detail: Record<string, unknown>;
};

async function auditRows(): Promise<Row[]> {
  const { rows } = await server.db.query<Row>(
    // The retention job's daily row (decision 0111) is no read of the API's.
    `SELECT action, integration_key, staff_email, web_reference_number, detail FROM staff_audit_log
     WHERE action NOT LIKE 'retention.%' ORDER BY seq`,
  );
  return rows;
}

describe("the integration API's reads are audited with the key's name", () => {
  test("the list, a claim, a document and the refused reads each leave a row naming the key", async () => {
    const app = server.app;
    const claim = await submittedClaim(app);
    const ref = claim.webReferenceNumber;

    expect((await asKey(app, NAMED, "GET", "/claims?limit=10")).statusCode).toBe(200);
    const read = await asKey(app, PLAIN, "GET", `/claims/${ref}`);
    expect(read.statusCode).toBe(200);
    const documentId = (read.json() as { documents: { id: string }[] }).documents[0]?.id;
    expect(
      (await asKey(app, NAMED, "GET", `/claims/${ref}/documents/${documentId}`)).statusCode,
    ).toBe(200);
    expect((await asKey(app, NAMED, "GET", "/claims/KL-2222-2222")).statusCode).toBe(404);
    const otherDocument = "0b7c3f9e-4d2a-4c61-9a8e-2f5d7c1b3a60";
    expect(
      (await asKey(app, PLAIN, "GET", `/claims/${ref}/documents/${otherDocument}`)).statusCode,
    ).toBe(404);

    const rows = await auditRows();
    expect(rows.map((row) => [row.action, row.integration_key, row.web_reference_number])).toEqual([
      ["claims.list", "core-system", null],
      ["claim.view", PLAIN_NAME, ref],
      ["claim.document.download", "core-system", ref],
      ["claim.refused", "core-system", "KL-2222-2222"],
      ["claim.document.refused", PLAIN_NAME, ref],
    ]);
    expect(rows[0]?.detail).toMatchObject({ count: 1, filters: { limit: 10 } });
    expect(rows.every((row) => row.staff_email === null)).toBe(true);
    // Never the key itself.
    const text = JSON.stringify(rows);
    expect(text).not.toContain(NAMED);
    expect(text).not.toContain(PLAIN);
  });

  test("a change names the key in the claim's events; an administrator reads the key's rows in the console", async () => {
    const app = server.app;
    const claim = await submittedClaim(app);
    const ref = claim.webReferenceNumber;
    const moved = await asKey(app, NAMED, "POST", `/claims/${ref}/status`, {
      status: "UNDER REVIEW",
    });
    expect(moved.statusCode).toBe(200);
    const view = (await asKey(app, PLAIN, "GET", `/claims/${ref}`)).json() as {
      events: { actor: { kind: string; id: string } }[];
    };
    expect(view.events.at(-1)?.actor).toEqual({ kind: "integration", id: "core-system" });

    const admin = await signedInStaff(app, server.db, server.clock, {
      email: "ana@kalinga-life.example",
      role: "administrator",
    });
    const log = await admin.call("GET", `/audit?claim=${ref.toLowerCase()}`);
    expect(log.statusCode, log.body).toBe(200);
    expect(
      (log.json() as { entries: { action: string; integrationKey: string | null }[] }).entries.map(
        (entry) => [entry.action, entry.integrationKey],
      ),
    ).toEqual([["claim.view", PLAIN_NAME]]);
  });
});

describe("the console's listings and refused looks are audited", () => {
  test("a queue listing and an examiner's look at another's claim leave rows", async () => {
    const app = server.app;
    const claim = await submittedClaim(app);
    const ref = claim.webReferenceNumber;
    const supervisor = await signedInStaff(app, server.db, server.clock, {
      email: "dina@kalinga-life.example",
      role: "supervisor",
    });
    server.clock.advance(30);
    const ben = await signedInStaff(app, server.db, server.clock, {
      email: "ben@kalinga-life.example",
      role: "examiner",
    });
    server.clock.advance(30);
    const cora = await signedInStaff(app, server.db, server.clock, {
      email: "cora@kalinga-life.example",
      role: "examiner",
    });
    const before = (await auditRows()).length;
    expect(
      (await supervisor.call("GET", "/claims?status=CLAIM%20APPLICATION%20SUBMITTED")).statusCode,
    ).toBe(200);
    expect(
      (await supervisor.call("POST", `/claims/${ref}/assignment`, { staffId: ben.id })).statusCode,
    ).toBe(200);
    expect((await cora.call("GET", `/claims/${ref}`)).statusCode).toBe(403);
    expect((await cora.call("GET", "/claims/KL-2222-2222")).statusCode).toBe(404);

    const rows = (await auditRows()).slice(before);
    expect(rows.map((row) => [row.action, row.staff_email, row.web_reference_number])).toEqual([
      ["claims.list", "dina@kalinga-life.example", null],
      ["claim.assign", "dina@kalinga-life.example", ref],
      ["claim.refused", "cora@kalinga-life.example", ref],
      ["claim.refused", "cora@kalinga-life.example", "KL-2222-2222"],
    ]);
    expect(rows[0]?.detail).toMatchObject({
      count: 1,
      filters: { status: "CLAIM APPLICATION SUBMITTED" },
    });
    expect(rows[2]?.detail).toEqual({ reason: "not-yours", route: "/console/api/claims/:ref" });
  });
});

describe("naming the keys", () => {
  test("name:key entries, plain keys, and the entries refused at start-up", () => {
    const keys = loadConfig({ KALINGA_INSURER_KEYS: `core-system:${NAMED},${PLAIN}` }).insurer.keys;
    expect(keys).toEqual([`core-system:${NAMED}`, PLAIN]);
    for (const [entries, message] of [
      ["core system:abc", /name \(before the colon\)/],
      [":abc", /name \(before the colon\)/],
      ["core:", /needs its key after the colon/],
      ["a:one,a:two", /a name of its own/],
    ] as const) {
      expect(() => loadConfig({ KALINGA_INSURER_KEYS: entries }), entries).toThrow(message);
    }
    // The length rule is the key's: a long name does not make a short key long enough.
    expect(() =>
      loadConfig({
        ...PRODUCTION_ENV,
        KALINGA_INSURER_KEYS: "core-claims-system-of-the-insurer:short",
      }),
    ).toThrow(/at least 32 characters/);
    // And a name does not hide a widget key.
    expect(() =>
      loadConfig({ KALINGA_API_KEYS: "shared-key", KALINGA_INSURER_KEYS: "core:shared-key" }),
    ).toThrow(/must not repeat a key of KALINGA_API_KEYS/);
  });
});
