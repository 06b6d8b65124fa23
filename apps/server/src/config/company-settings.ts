import path from "node:path";
import { type Env, integer, text } from "./config-values.ts";

// The companies are data in the database (decision 0083); these settings say where an empty table
// is seeded from and how stale a server's copy may grow before it is re-read.

export type CompanySettings = {
  /** KALINGA_COMPANIES_FILE: the JSON list of companies an empty table is seeded from. */
  seedFile: string;
  /** KALINGA_COMPANIES_REFRESH_SECONDS: at most a minute, so every server sees a change within it. */
  refreshSeconds: number;
};

export function companySettings(env: Env, serverRoot: string): CompanySettings {
  return {
    seedFile: path.resolve(
      text(env, "KALINGA_COMPANIES_FILE") ?? path.join(serverRoot, "config", "companies.demo.json"),
    ),
    refreshSeconds: integer(env, "KALINGA_COMPANIES_REFRESH_SECONDS", 30, 1, 60),
  };
}
