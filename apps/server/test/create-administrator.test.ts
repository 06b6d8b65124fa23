import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { serverDatabaseEnv } from "./support/test-database.ts";

// The documented command that makes the console's first administrator, run as an operator does,
// against the database the server's environment names.

const COMMAND = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../src/console/create-administrator.ts",
);
const run = promisify(execFile);
let env: Record<string, string>;
let cleanUp: () => Promise<void>;

beforeAll(async () => {
  ({ env, cleanUp } = await serverDatabaseEnv());
});
afterAll(() => cleanUp());

async function createAdministrator(args: string[], extra: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [COMMAND, ...args], {
      env: { ...process.env, NODE_ENV: "test", ...env, ...extra },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe("npm run create-administrator", () => {
  test("creates the administrator once and prints a temporary password; a second time is refused", async () => {
    const args = ["--email", "Ana.Reyes@Kalinga-Life.example", "--name", "Ana Reyes"];
    const first = await createAdministrator(args);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain("Created the administrator ana.reyes@kalinga-life.example.");
    expect(first.output).toMatch(/Temporary password \(shown once\): [A-Za-z2-9]{20}/);

    const again = await createAdministrator(args);
    expect(again.code).toBe(1);
    expect(again.output).toContain("exists already");
  });

  test("a missing name, a bad e-mail or a short given password changes nothing", async () => {
    expect((await createAdministrator(["--email", "ana@kalinga-life.example"])).code).toBe(2);
    expect((await createAdministrator(["--email", "ana", "--name", "Ana"])).code).toBe(2);
    const short = await createAdministrator(
      ["--email", "ben@kalinga-life.example", "--name", "Ben"],
      { KALINGA_ADMIN_PASSWORD: "short" },
    );
    expect(short.code).toBe(2);
    expect(short.output).toContain("KALINGA_ADMIN_PASSWORD must have 12 to 128 characters.");
  });
});
