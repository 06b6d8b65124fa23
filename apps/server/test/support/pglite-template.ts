import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrate } from "../../src/db/migrate.ts";
import { openPgliteDatabase } from "../../src/db/pglite-database.ts";

// Vitest global set-up of the PGlite server tests: one migrated PGlite folder per run, which every
// test database copies instead of running initdb and the migrations again (2 to 4 s a database on
// a 2-core machine; a copy takes a fraction of that).

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PGlite folder to copy, made once per run from the migrations as they are. */
    pgliteTemplate: string;
  }
}

export default async function setUp(project: TestProject): Promise<() => Promise<void>> {
  const root = await mkdtemp(path.join(tmpdir(), "kalinga-template-"));
  const folder = path.join(root, "pglite");
  const db = await openPgliteDatabase(folder);
  await migrate(db);
  await db.close();
  project.provide("pgliteTemplate", folder);
  return () => rm(root, { recursive: true, force: true });
}
