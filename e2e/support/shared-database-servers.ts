import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { findFreePort, stopChild, waitUntilHealthy } from "../../scripts/server-process.ts";

// Two server processes on one PostgreSQL database, as behind a load balancer: a schema of their own
// in DATABASE_URL's database, made here and dropped after, an administrator created on it by the
// documented command, one secret (so a preview token made by one is good on the other) and a short
// refresh of the configuration data each server keeps in memory.

const repoRoot = path.resolve(import.meta.dirname, "../..");

export type SharedDatabaseServers = {
  /** Each server's origin, e.g. http://127.0.0.1:40123. */
  urls: [string, string];
  stop(): Promise<void>;
};

type Options = {
  administrator: { email: string; name: string; password: string };
  refreshSeconds: number;
};

async function adminQuery(connectionString: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function startSharedDatabaseServers(options: Options): Promise<SharedDatabaseServers> {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) {
    throw new Error(
      "This journey runs two servers on PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/<your database>).",
    );
  }
  const schema = `kalinga_e2e_${randomBytes(6).toString("hex")}`;
  await adminQuery(connectionString, `CREATE SCHEMA ${schema}`);
  const databaseUrl = new URL(connectionString);
  databaseUrl.searchParams.set("options", `-c search_path=${schema}`);
  const secret = randomBytes(32).toString("base64url");
  const dataDirs: string[] = [];
  const children: ChildProcess[] = [];

  const stop = async () => {
    await Promise.all(children.map(stopChild));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    await adminQuery(connectionString, `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  };

  const envOf = (port: number) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "kalinga-e2e-shared-"));
    dataDirs.push(dataDir);
    return {
      ...process.env,
      DATABASE_URL: databaseUrl.toString(),
      KALINGA_DATA_DIR: dataDir,
      KALINGA_SECRET: secret,
      KALINGA_COMPANIES_REFRESH_SECONDS: String(options.refreshSeconds),
      PORT: String(port),
      NODE_ENV: "test",
      // The journeys read codes from /api/dev/outbox, served only in demo mode.
      KALINGA_DEMO: "true",
      OTP_SEND_ADDRESS_LIMIT: "100000",
      CLAIM_START_ADDRESS_LIMIT: "100000",
      FAILED_TOKEN_ADDRESS_LIMIT: "100000",
      OTP_MOBILE_DAILY_LIMIT: "1000",
    };
  };

  try {
    // The command migrates the schema, so the servers after it start on a ready database.
    const made = spawnSync(
      process.execPath,
      [
        "apps/server/src/console/create-administrator.ts",
        "--email",
        options.administrator.email,
        "--name",
        options.administrator.name,
      ],
      {
        cwd: repoRoot,
        env: { ...envOf(0), KALINGA_ADMIN_PASSWORD: options.administrator.password },
        encoding: "utf8",
      },
    );
    if (made.status !== 0) throw new Error(`create-administrator failed:\n${made.stderr}`);

    const urls: string[] = [];
    for (let i = 0; i < 2; i++) {
      const port = await findFreePort();
      const child = spawn(process.execPath, ["apps/server/src/main.ts"], {
        cwd: repoRoot,
        env: envOf(port),
        stdio: ["ignore", "pipe", "pipe"],
      });
      children.push(child);
      let output = "";
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-4000);
      };
      child.stdout?.on("data", keep);
      child.stderr?.on("data", keep);
      const url = `http://127.0.0.1:${port}`;
      await waitUntilHealthy(url, child, { timeoutMs: 120_000, describe: () => output });
      urls.push(url);
    }
    return { urls: urls as [string, string], stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
