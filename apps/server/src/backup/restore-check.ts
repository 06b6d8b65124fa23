import { execFile } from "node:child_process";
import { access } from "node:fs/promises";
import { parseArgs, promisify } from "node:util";
import pg from "pg";
import { ConfigError } from "../config/config-values.ts";
import { loadConfig } from "../config.ts";
import { runCommand } from "../db/database-command.ts";
import { openPostgresDatabase } from "../db/postgres-database.ts";
import { documentKeyRing, rawDocumentStore } from "../documents/open-document-store.ts";
import { reportLines, verifyRestore } from "./restore-verification.ts";

// Restores a backup into a fresh database and proves it readable with the server's own code
// (docs/operations.md, "Restore"; decision 0107):
//   KALINGA_DOCUMENT_KEYS=… npm run restore-check -- --dump kalinga.dump \
//     --database postgres://postgres@127.0.0.1:5432/kalinga_restore \
//     --documents /restore/documents [--claim REF …] [--latest 5]
// The database named in --database must not exist: it is created, filled by pg_restore, then read.
// Without --documents the store is the environment's (DOCUMENT_STORE=s3 and KALINGA_S3_* naming the
// bucket or prefix that holds the copy). Exit code 0 when every check passed, 1 otherwise, 2 for
// bad arguments. The restored database is left for inspection: drop it when done.

const USAGE =
  "Usage: npm run restore-check -- --dump <pg_dump -Fc file> --database <postgres URL of a database to create> [--documents <folder>] [--claim <reference> ...] [--latest <n>]";
const PLAIN_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const run = promisify(execFile);

type Options = {
  dump: string;
  database: string;
  databaseName: string;
  documents: string | null;
  references: string[];
  latest: number;
};

function readOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      dump: { type: "string" },
      database: { type: "string" },
      documents: { type: "string" },
      claim: { type: "string", multiple: true },
      latest: { type: "string" },
    },
  });
  if (!values.dump || !values.database) throw new ConfigError(USAGE);
  const databaseName = decodeURIComponent(new URL(values.database).pathname.slice(1));
  if (!PLAIN_NAME.test(databaseName)) {
    throw new ConfigError(
      `--database must name a database of lowercase letters, digits and _, got "${databaseName}".`,
    );
  }
  const latest = Number(values.latest ?? "5");
  if (!Number.isInteger(latest) || latest < 1 || latest > 10_000) {
    throw new ConfigError(
      `--latest must be a whole number from 1 to 10000, got "${values.latest}".`,
    );
  }
  return {
    dump: values.dump,
    database: values.database,
    databaseName,
    documents: values.documents ?? null,
    references: values.claim ?? [],
    latest,
  };
}

/** Creates the database on the server --database names; one that exists already is refused. */
async function createDatabase(options: Options): Promise<void> {
  const maintenance = new URL(options.database);
  maintenance.pathname = "/postgres";
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [
      options.databaseName,
    ]);
    if (rowCount) {
      throw new ConfigError(
        `The database "${options.databaseName}" exists: the check restores into a new one only.`,
      );
    }
    await client.query(`CREATE DATABASE "${options.databaseName}"`);
  } finally {
    await client.end();
  }
}

/** pg_restore of the whole dump; roles and grants of the source are left out (--no-owner). */
async function restoreDump(options: Options): Promise<void> {
  const args = ["--no-owner", "--no-privileges", "--exit-on-error", "--dbname", options.database];
  try {
    await run("pg_restore", [...args, options.dump], { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === "ENOENT") throw new ConfigError("pg_restore is not on the PATH.");
    throw new Error(`pg_restore failed: ${failure.stderr?.trim() || failure.message}`);
  }
}

/** The server's configuration for the restored data: its database and the store copy. */
function restoredConfig(options: Options) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: options.database };
  if (options.documents !== null) {
    env.DOCUMENT_STORE = "disk";
    env.KALINGA_DOCUMENTS_DIR = options.documents;
  } else if (env.DOCUMENT_STORE?.trim() !== "s3") {
    throw new ConfigError(
      "Name the copy of the documents: --documents <folder>, or DOCUMENT_STORE=s3 with KALINGA_S3_* naming the bucket or prefix that holds it.",
    );
  }
  const config = loadConfig(env);
  if (config.documentEncryption.by === "application" && config.documentEncryption.keys === null) {
    throw new ConfigError(
      "Set KALINGA_DOCUMENT_KEYS to the keys of the backup's servers (or KALINGA_DOCUMENT_ENCRYPTION=store when the store encrypts on its own): without them no document opens.",
    );
  }
  return config;
}

async function main(): Promise<number> {
  let options: Options;
  try {
    options = readOptions(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const config = restoredConfig(options);
  if (options.documents !== null) await access(options.documents);
  await access(options.dump);
  const started = performance.now();
  await createDatabase(options);
  await restoreDump(options);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Restored ${options.dump} into the database "${options.databaseName}" (${seconds} s).`,
  );
  const db = openPostgresDatabase({ connectionString: options.database, max: 2 });
  const raw = rawDocumentStore(config);
  try {
    const ring = await documentKeyRing(config);
    const which = { references: options.references, latest: options.latest };
    const report = await verifyRestore(db, { raw, ring }, which);
    for (const line of reportLines(report)) console.log(line);
    return report.problems.length === 0 ? 0 : 1;
  } finally {
    raw.close?.();
    await db.close();
  }
}

runCommand(main);
