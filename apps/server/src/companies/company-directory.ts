import { readFile } from "node:fs/promises";
import {
  type CompanyConfig,
  type CompanyProblem,
  describeCompanyProblem,
  validateCompanies,
} from "@kalinga/domain/company-config";
import type { Database } from "../db/database.ts";
import { companyKeyWarnings } from "./company-keys.ts";
import {
  type CompanyRow,
  readCompanyRows,
  seedCompanies,
  writeCompany,
} from "./company-repository.ts";

// The companies every call reads (decision 0083): the table's rows, seeded from a file when the
// table is empty, kept in memory and re-read when older than the refresh setting, so a change made
// on one server is seen by every other within that time without a restart.

/** Any fixed number: one server at a time checks and writes a change of the set. */
const COMPANY_WRITE_LOCK_KEY = 7_204_383;

export type CompanyDirectoryOptions = {
  seedFile: string;
  refreshSeconds: number;
  /** Every locale the deployment serves: each company needs its texts in each. */
  locales: readonly string[];
  /** KALINGA_API_KEYS: a company's key id that names none of them is told at start. */
  apiKeys: readonly string[];
  now: () => Date;
  warn: (detail: object, message: string) => void;
};

export type CompanySave =
  | { saved: CompanyConfig; version: number }
  | { problems: CompanyProblem[] }
  | { stale: true };

async function readSeed(file: string, locales: readonly string[]): Promise<CompanyConfig[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`The companies' seed file ${file} cannot be read: ${reason}`);
  }
  const result = validateCompanies(parsed, locales);
  if (!result.ok) {
    const reasons = result.problems.map(describeCompanyProblem).join(" ");
    throw new Error(`The companies' seed file ${file} is refused: ${reasons}`);
  }
  return result.companies;
}

export type CompanyDirectory = ReturnType<typeof createCompanyDirectory>;

export function createCompanyDirectory(db: Database, options: CompanyDirectoryOptions) {
  const { locales, now } = options;
  const refreshMs = options.refreshSeconds * 1000;
  let cached: { companies: CompanyConfig[]; loadedAt: number } | null = null;
  let loading: Promise<CompanyConfig[]> | null = null;

  /** The table's set; rows that no longer pass (a newer rule) refuse the load with the reasons. */
  async function load(): Promise<CompanyConfig[]> {
    const rows = await readCompanyRows(db);
    const result = validateCompanies(
      rows.map((row) => row.config),
      locales,
    );
    if (!result.ok) throw new Error(result.problems.map(describeCompanyProblem).join(" "));
    cached = { companies: result.companies, loadedAt: now().getTime() };
    return result.companies;
  }

  function reload(): Promise<CompanyConfig[]> {
    loading ??= load().finally(() => {
      loading = null;
    });
    return loading;
  }

  /** The set, re-read when older than the refresh; the last good set while the table fails. */
  async function current(): Promise<readonly CompanyConfig[]> {
    if (!cached) return reload();
    const age = now().getTime() - cached.loadedAt;
    if (age >= 0 && age < refreshMs) return cached.companies;
    try {
      return await reload();
    } catch (error) {
      options.warn({ err: error }, "companies not re-read; the last good set stays");
      return cached.companies;
    }
  }

  return {
    /** Seeds an empty table from the file and loads the set; a bad seed or set stops the start. */
    async start(): Promise<void> {
      const rows = await readCompanyRows(db);
      if (rows.length === 0) {
        const seed = await readSeed(options.seedFile, locales);
        await db.transaction(async (tx) => {
          await tx.query("SELECT pg_advisory_xact_lock($1)", [COMPANY_WRITE_LOCK_KEY]);
          await seedCompanies(tx, seed, now());
        });
      }
      const companies = await load();
      for (const warning of companyKeyWarnings(companies, options.apiKeys)) {
        options.warn({}, warning);
      }
    },

    /** The set, re-read when older than the refresh; the last good set while the table fails. */
    companies: current,

    /** Whether a company names this insurer page's origin among its allowedOrigins (decision 0093). */
    async allowsOrigin(origin: string): Promise<boolean> {
      const set = await current();
      return set.some((company) => company.allowedOrigins?.includes(origin) ?? false);
    },

    /** The rows as the table holds them now, with their versions, for the console's editor. */
    rows(): Promise<CompanyRow[]> {
      return readCompanyRows(db);
    },

    /**
     * Adds a company (version null) or changes one of the version read, once the whole set with it
     * passes; a stale version changes nothing.
     */
    async save(
      input: unknown,
      change: { version: number | null; by: string },
    ): Promise<CompanySave> {
      const outcome = await db.transaction(async (tx): Promise<CompanySave> => {
        await tx.query("SELECT pg_advisory_xact_lock($1)", [COMPANY_WRITE_LOCK_KEY]);
        const rows = (await readCompanyRows(tx)).map((row) => row.config as CompanyConfig);
        const id = (input as { id?: unknown } | null)?.id;
        const index = rows.findIndex((row) => row.id === id);
        if (change.version !== null && index < 0) return { stale: true };
        const set =
          index < 0 ? [...rows, input] : rows.map((row, i) => (i === index ? input : row));
        const result = validateCompanies(set, locales);
        if (!result.ok) return { problems: result.problems };
        const saved = result.companies[index < 0 ? set.length - 1 : index] as CompanyConfig;
        const written = await writeCompany(tx, saved, { ...change, now: now() });
        return written ? { saved, version: (change.version ?? 0) + 1 } : { stale: true };
      });
      if ("saved" in outcome) await reload();
      return outcome;
    },
  };
}
