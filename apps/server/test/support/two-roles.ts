import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";

// PostgreSQL set up as the compose file's database is: a schema of the test's own, migrated by the
// owner role of DATABASE_URL, and a login role with no rights of its own for the server (0065, 0105).

export type TwoRoles = {
  readonly schema: string;
  readonly role: string;
  /** The owner's URL (DATABASE_MIGRATION_URL) and the server's (DATABASE_URL), both in the schema. */
  readonly urls: { owner: string; runtime: string };
  readonly admin: pg.Client;
  readonly dataDir: string;
};

function urlInSchema(base: string, schema: string, user?: string): string {
  const url = new URL(base);
  if (user) {
    url.username = user;
    url.password = "";
  }
  url.searchParams.set("options", `-c search_path=${schema}`);
  return url.toString();
}

/** The schema and the runtime role for the tests of one describe block, dropped after them. */
export function useTwoRoles(name: string): TwoRoles {
  const base = process.env.DATABASE_URL ?? "";
  const suffix = randomBytes(5).toString("hex");
  const schema = `kalinga_test_${name}_${suffix}`;
  const role = `kalinga_runtime_${suffix}`;
  const state = { admin: undefined as pg.Client | undefined, dataDir: "" };
  const urls = { owner: urlInSchema(base, schema), runtime: urlInSchema(base, schema, role) };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    state.admin = admin;
    await admin.query(`CREATE SCHEMA ${schema}`);
    // A login role with no rights of its own: the server's grants are all it gets.
    await admin.query(`CREATE ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE`);
    state.dataDir = await mkdtemp(path.join(tmpdir(), `kalinga-${name}-`));
  });
  afterAll(async () => {
    const admin = state.admin;
    if (admin) {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.query(`DROP OWNED BY ${role}`);
      await admin.query(`DROP ROLE IF EXISTS ${role}`);
      await admin.end();
    }
    await rm(state.dataDir, { recursive: true, force: true });
  });

  return {
    schema,
    role,
    urls,
    get admin() {
      if (!state.admin) throw new Error("useTwoRoles: the admin connection opens in beforeAll");
      return state.admin;
    },
    get dataDir() {
      return state.dataDir;
    },
  };
}
