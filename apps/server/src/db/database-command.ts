import { ConfigError } from "../config/config-values.ts";
import { loadConfig, type ServerConfig } from "../config.ts";
import type { Database } from "./database.ts";
import { prepareDatabase } from "./database-roles.ts";
import { openDatabase } from "./open-database.ts";

// What every command-line task shares: the database the server's environment names, migrated and
// granted as at start-up, closed after; and the exit code, with a configuration error said plainly.

/** Runs `task` on the server's database; its result is the command's exit code. */
export async function withServerDatabase(
  task: (db: Database, config: ServerConfig) => Promise<number>,
): Promise<number> {
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await prepareDatabase(db, config);
    return await task(db, config);
  } finally {
    await db.close();
  }
}

/** Runs a command's main and exits with its code: 1, with the reason, when it throws. */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
      process.exit(1);
    },
  );
}
