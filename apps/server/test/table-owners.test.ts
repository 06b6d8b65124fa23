import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

// One repository per table (decisions 0075, 0081): every table of the migrations has the file that
// holds its SQL, or, for a table many features read, the files of its own folder split by topic.
// Reads the source files; starts no server.

const SOURCE = path.resolve(import.meta.dirname, "../src");

/** Each table → the file (or its folder's files by topic), under apps/server/src, owning its SQL. */
const TABLE_OWNERS: Record<string, string | readonly string[]> = {
  caller_idempotency_keys: "http/caller-idempotency.ts",
  claim_documents: "documents/document-repository.ts",
  claim_drafts: "drafts/draft-repository.ts",
  claim_events: "lifecycle/lifecycle-repository.ts",
  claim_notes: "console/console-claims.ts",
  claim_ratings: "ratings/rating-repository.ts",
  claim_requirements: "lifecycle/lifecycle-repository.ts",
  claim_submissions: "submission/submission-repository.ts",
  claim_tokens: "http/claim-token.ts",
  claims: [
    "claims/claim-repository.ts",
    "claims/claim-queue-repository.ts",
    "claims/claim-retention-repository.ts",
  ],
  companies: "companies/company-repository.ts",
  content_drafts: "content/content-version-repository.ts",
  content_versions: "content/content-version-repository.ts",
  notices: "content/notice-repository.ts",
  email_outbox: "email/outbox-email-sender.ts",
  idempotency_keys: "http/idempotency-keys.ts",
  notifications: "notifications/notification-repository.ts",
  otp_codes: "otp/otp-code-repository.ts",
  otp_devices: "otp/otp-code-repository.ts",
  policies: "policies/policy-repository.ts",
  rate_limit_hits: "http/rate-limit.ts",
  server_secret: "db/secret-fingerprint.ts",
  sms_outbox: "sms/outbox-sms-sender.ts",
  spent_challenges: "http/challenge.ts",
  staff_audit_log: "console/audit-log.ts",
  staff_sessions: "console/staff-sessions.ts",
  staff_sign_in_throttle: "console/staff-sign-in.ts",
  staff_users: "console/staff-accounts.ts",
};

/** Files that name tables for the database's own plumbing, not for a feature's rows. */
const EXEMPT: Record<string, string> = {
  "db/migrate.ts": "runs the migrations and records which ran",
  "db/database-roles.ts": "grants the roles their rights on every table",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : sourceFiles(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}

/** A file's string and template literals, where its SQL is. */
function literals(source: string): string[] {
  return [...source.matchAll(/`(?:[^`\\]|\\.)*`|"(?:[^"\\\n]|\\.)*"/g)].map((m) => m[0]);
}

function tablesOfMigrations(): string[] {
  const dir = path.join(SOURCE, "db/migrations");
  const sql = readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .map((name) => readFileSync(path.join(dir, name), "utf8"))
    .join("\n");
  return [...sql.matchAll(/create\s+table\s+(?:if\s+not\s+exists\s+)?"?(\w+)"?/gi)].map((m) =>
    (m[1] as string).toLowerCase(),
  );
}

const ownersOf = (table: string): readonly string[] => [TABLE_OWNERS[table] ?? []].flat();

const named = (table: string) =>
  new RegExp(`\\b(?:from|into|update|delete\\s+from)\\s+${table}(?!\\w)`, "i");
const joined = (table: string) => new RegExp(`\\bjoin\\s+${table}(?!\\w)`, "i");

/**
 * The tables a statement joins: those after JOIN, and in an owner's `UPDATE <its table> … FROM
 * <other>` the FROM, which is PostgreSQL's join for an UPDATE.
 */
function joinsOf(statement: string, ownTables: string[]): string[] {
  const update = /^[`"]\s*update\s+(\w+)/i.exec(statement)?.[1]?.toLowerCase();
  const updatesOwn = update !== undefined && ownTables.includes(update);
  return Object.keys(TABLE_OWNERS).filter(
    (table) =>
      joined(table).test(statement) ||
      (updatesOwn && new RegExp(`\\bfrom\\s+${table}(?!\\w)`, "i").test(statement)),
  );
}

/** Every `file → table` where a file names a table it may not: a join only in an owner file. */
function trespasses(): string[] {
  const found = new Set<string>();
  for (const file of sourceFiles(SOURCE)) {
    const name = path.relative(SOURCE, file).split(path.sep).join("/");
    if (name in EXEMPT) continue;
    const ownTables = Object.keys(TABLE_OWNERS).filter((table) => ownersOf(table).includes(name));
    for (const statement of literals(readFileSync(file, "utf8"))) {
      const joins = ownTables.length > 0 ? joinsOf(statement, ownTables) : [];
      for (const table of Object.keys(TABLE_OWNERS)) {
        if (ownTables.includes(table) || joins.includes(table)) continue;
        if (named(table).test(statement) || joined(table).test(statement)) {
          found.add(`${name} → ${table}`);
        }
      }
    }
  }
  return [...found].sort();
}

describe("one repository per table", () => {
  test("every table of the migrations has exactly one owner file, and it exists", () => {
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual([...new Set(tablesOfMigrations())].sort());
    const files = new Set(
      sourceFiles(SOURCE).map((file) => path.relative(SOURCE, file).split(path.sep).join("/")),
    );
    for (const table of Object.keys(TABLE_OWNERS)) {
      const owners = ownersOf(table);
      for (const owner of owners) expect(files, owner).toContain(owner);
      // A table split by topic stays in one folder: its repository is still one place.
      expect(new Set(owners.map((owner) => path.dirname(owner))).size, table).toBe(1);
    }
  });

  test("no file but a table's owner names it in SQL", () => {
    expect(trespasses()).toEqual([]);
  });
});
