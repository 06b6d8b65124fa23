/**
 * Vitest projects of Kalinga (run all: `npx vitest run`; one: `npx vitest run --project domain`).
 *
 * - `domain`          packages/domain/**\/*.test.ts — pure rules, node environment.
 * - `web`             apps/web/src/**\/*.test.ts — widget logic without a DOM, node environment.
 * - `console`         apps/console/src/**\/*.test.{ts,tsx} — the console's screens rendered in happy-dom,
 *                     the server answered by a fake fetch.
 * - `web-components`  apps/web/src/**\/*.test.tsx — widget screens rendered in happy-dom, with the
 *                     real session and a fake fetch answering the claim API.
 * - `server-pglite`   with DATABASE_URL set, the files about the embedded database (the list below);
 *                     without it, every apps/server/test/**\/*.test.ts. KALINGA_TEST_DB=pglite
 *                     (DATABASE_URL is emptied so nothing reaches a real PostgreSQL).
 * - `server-s3`       the files whose uploads and downloads go through the document store, with
 *                     DOCUMENT_STORE=s3 against a local S3-compatible server started for the run
 *                     (support/s3-global-setup.ts), on PGlite.
 * - `server-postgres` every server file with KALINGA_TEST_DB=postgres and DATABASE_URL passed on;
 *                     present only when DATABASE_URL is set. The files that need PostgreSQL's own
 *                     tools (postgresOnlyTests) run only here.
 *
 * Server test files read KALINGA_TEST_DB to choose their database: `pglite` means an embedded PGlite
 * in a fresh temporary folder, copied from one migrated folder made per run (support/pglite-template.ts),
 * `postgres` means DATABASE_URL with a schema of the file's own. Each file starts its own server and
 * database. The PostgreSQL project's workers keep their loaded
 * modules from file to file (`isolate: false`: importing the server anew for each file cost more than
 * half its run); the PGlite project runs a fresh process per file. Each project runs two files at
 * a time, after the one before it (`sequence.groupOrder`: units, PGlite, PostgreSQL): Vitest runs
 * projects side by side only when their worker counts agree. Every project gets NODE_ENV=test.
 */
import { configDefaults, defineConfig } from "vitest/config";

const databaseUrl = process.env.DATABASE_URL ?? "";
const serverTests = ["apps/server/test/**/*.test.ts"];
/**
 * Beside PostgreSQL, PGlite runs the files about the embedded database's own behaviour (decision
 * 0095): one connection whose transactions queue, a data folder reopened and copied, the server and
 * its commands started on the embedded default, and the main flows end to end. The browser journeys
 * run every feature on PGlite besides. Without DATABASE_URL, PGlite runs every file.
 */
const embeddedDatabaseTests = [
  "test-database-reset",
  "restart",
  "main",
  "create-administrator",
  "migrate-command",
  "kill-during-upload",
  "documents-store-limits",
  "documents-idempotency",
  "state-change-idempotency",
  "otp-send-during-submit",
  "notifications",
  "otp",
  "claim-drafts",
  "claim-submit",
  "claim-tracking",
  "companies",
  "console-content",
  "staff-console-claims",
  "insurer-api-changes",
  "policies",
].map((name) => `apps/server/test/${name}.test.ts`);
/**
 * Run again with the document store in a local S3-compatible bucket (decision 0098): uploads
 * while filing and tracking, the tracking page's and the console's and the insurer API's downloads.
 */
const s3StoreTests = [
  "claim-submit",
  "claim-tracking",
  "console-claim-view",
  "insurer-api-policies-documents",
].map((name) => `apps/server/test/${name}.test.ts`);
/**
 * Files that need a real PostgreSQL server and its tools (pg_dump, pg_restore): without
 * DATABASE_URL they are not run at all, rather than run against PGlite.
 */
const postgresOnlyTests = ["restore-check"].map((name) => `apps/server/test/${name}.test.ts`);
// A server and its database take a few seconds to start on a loaded 2-core machine: hooks get room.
const serverTimeouts = { testTimeout: 30_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    // Both cores, whatever the machine reports: the server projects use one worker each.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "domain",
          include: ["packages/domain/**/*.test.ts"],
          environment: "node",
          env: { NODE_ENV: "test" },
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.ts"],
          environment: "node",
          env: { NODE_ENV: "test" },
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: "console",
          include: ["apps/console/src/**/*.test.ts", "apps/console/src/**/*.test.tsx"],
          environment: "happy-dom",
          env: { NODE_ENV: "test" },
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: "web-components",
          include: ["apps/web/src/**/*.test.tsx"],
          environment: "happy-dom",
          env: { NODE_ENV: "test" },
          sequence: { groupOrder: 0 },
          // A screen's lazy chunks are transformed on first use: room for a loaded machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: "server-pglite",
          include: databaseUrl === "" ? serverTests : embeddedDatabaseTests,
          exclude: [...configDefaults.exclude, ...postgresOnlyTests],
          environment: "node",
          env: { NODE_ENV: "test", KALINGA_TEST_DB: "pglite", DATABASE_URL: "" },
          globalSetup: ["apps/server/test/support/pglite-template.ts"],
          // A fresh process per file: a hundred PGlite instances in one process crash V8's WebAssembly
          // code tracking (a fatal "jit_page_->allocations_" check) a few dozen files in.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          ...serverTimeouts,
        },
      },
      {
        test: {
          name: "server-s3",
          include: s3StoreTests,
          environment: "node",
          env: { NODE_ENV: "test", KALINGA_TEST_DB: "pglite", DATABASE_URL: "" },
          globalSetup: [
            "apps/server/test/support/pglite-template.ts",
            "apps/server/test/support/s3-global-setup.ts",
          ],
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          ...serverTimeouts,
        },
      },
      ...(databaseUrl === ""
        ? []
        : [
            {
              test: {
                name: "server-postgres",
                include: serverTests,
                environment: "node" as const,
                env: { NODE_ENV: "test", KALINGA_TEST_DB: "postgres", DATABASE_URL: databaseUrl },
                isolate: false,
                // Each file has a schema of its own: two run at once, on both cores.
                maxWorkers: 2,
                sequence: { groupOrder: 2 },
                ...serverTimeouts,
              },
            },
          ]),
    ],
  },
});
