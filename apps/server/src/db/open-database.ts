import path from "node:path";
import type { ServerConfig } from "../config.ts";
import type { Database } from "./database.ts";
import { openPgliteDatabase } from "./pglite-database.ts";
import { openPostgresDatabase } from "./postgres-database.ts";

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite in <KALINGA_DATA_DIR>/pglite. */
export async function openDatabase(config: ServerConfig): Promise<Database> {
  if (config.databaseUrl) return openPostgresDatabase({ connectionString: config.databaseUrl });
  return openPgliteDatabase(path.join(config.dataDir, "pglite"));
}
