/**
 * Vitest projects of Kalinga (run all: `npx vitest run`; one: `npx vitest run --project domain`).
 *
 * - `domain`          packages/domain/**\/*.test.ts — pure rules, node environment.
 * - `web`             apps/web/src/**\/*.test.ts — widget logic without a DOM, node environment.
 * - `console`         apps/console/src/**\/*.test.{ts,tsx} — the console's screens rendered in happy-dom,
 *                     the server answered by a fake fetch.
 * - `web-components`  apps/web/src/**\/*.test.tsx — widget screens rendered in happy-dom, with the
 *                     real session and a fake fetch answering the claim API.
 * - `server-pglite`   apps/server/test/**\/*.test.ts with KALINGA_TEST_DB=pglite (DATABASE_URL is
 *                     emptied so nothing reaches a real PostgreSQL).
 * - `server-postgres` the same files again with KALINGA_TEST_DB=postgres and DATABASE_URL passed on;
 *                     present only when DATABASE_URL is set.
 *
 * Server test files read KALINGA_TEST_DB to choose their database: `pglite` means an embedded PGlite
 * in a fresh temporary folder, `postgres` means DATABASE_URL. Each file starts its own server and
 * database, so server files run one at a time (`fileParallelism: false`) and the two server projects
 * run after the unit projects and after each other (`sequence.groupOrder`), never side by side.
 * Every project gets NODE_ENV=test.
 */
import { defineConfig } from "vitest/config";

const databaseUrl = process.env.DATABASE_URL ?? "";
const serverTests = ["apps/server/test/**/*.test.ts"];
// PGlite needs about 2.6 s to start and migrations run once per file, so set-up hooks get room.
const serverTimeouts = { testTimeout: 20_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
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
          include: serverTests,
          environment: "node",
          env: { NODE_ENV: "test", KALINGA_TEST_DB: "pglite", DATABASE_URL: "" },
          globalSetup: ["apps/server/test/support/pglite-template.ts"],
          fileParallelism: false,
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
                fileParallelism: false,
                sequence: { groupOrder: 2 },
                ...serverTimeouts,
              },
            },
          ]),
    ],
  },
});
