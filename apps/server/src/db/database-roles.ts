import type { Database, Queryable } from "./database.ts";
import { MIGRATION_LOCK_KEY, type Migration, migrate } from "./migrate.ts";
import { openPostgresDatabase } from "./postgres-database.ts";

// Two PostgreSQL roles (docs/decisions/0065): the owner role of DATABASE_MIGRATION_URL applies the
// migrations and grants; the server's queries run as DATABASE_URL's role, which may read and write
// every table but may only add to and read the audit log, so no bug or stolen connection of the
// server can truncate, edit or alter it. One URL (and PGlite, which has one role) migrates itself.

/**
 * The audit log, and the shared secret's fingerprint (replaced by the rotation command alone): the
 * runtime role gets only INSERT and SELECT on them.
 */
const APPEND_ONLY_TABLES = ["staff_audit_log", "server_secret"];
/** Written by migrations alone; the runtime role reads it for the readiness check. */
const READ_ONLY_TABLES = ["schema_migrations"];

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/**
 * Grants `role` what the server needs in the owner's current schema: every table read and
 * written, the audit log only added to and read, the migrations' record only read. Runs under the
 * migrations' lock, since two servers granting at once would collide. Returns false when `role`
 * is the owner itself (one role: nothing to separate).
 */
async function grantRuntimeRole(owner: Database, role: string): Promise<boolean> {
  return owner.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
    const { rows } = await tx.query<{ me: string; schema: string | null }>(
      "SELECT current_user AS me, current_schema() AS schema",
    );
    const me = rows[0]?.me;
    const schema = rows[0]?.schema;
    if (!schema) throw new Error("DATABASE_MIGRATION_URL has no schema on its search_path.");
    if (me === role) return false;
    const s = quoted(schema);
    const r = quoted(role);
    await tx.query(`GRANT USAGE ON SCHEMA ${s} TO ${r}`);
    await tx.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${s} TO ${r}`);
    await tx.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${s} TO ${r}`);
    for (const table of APPEND_ONLY_TABLES) {
      await tx.query(`REVOKE ALL ON ${s}.${quoted(table)} FROM ${r}`);
      await tx.query(`GRANT SELECT, INSERT ON ${s}.${quoted(table)} TO ${r}`);
    }
    for (const table of READ_ONLY_TABLES) {
      await tx.query(`REVOKE ALL ON ${s}.${quoted(table)} FROM ${r}`);
      await tx.query(`GRANT SELECT ON ${s}.${quoted(table)} TO ${r}`);
    }
    return true;
  });
}

/**
 * Applies the migrations: as DATABASE_MIGRATION_URL's owner role, then granting the server's role
 * (whoever DATABASE_URL signs in as) its rights, when that URL is set; otherwise on `db` itself.
 * Answers the names of the migrations it applied.
 */
export async function prepareDatabase(
  db: Database,
  config: { databaseMigrationUrl: string | null },
  migrations?: Migration[],
): Promise<string[]> {
  if (config.databaseMigrationUrl === null || db.kind !== "postgres") {
    return migrate(db, migrations);
  }
  const owner = openPostgresDatabase({ connectionString: config.databaseMigrationUrl, max: 1 });
  try {
    const where = "SELECT current_user AS role, current_database() AS database";
    const [runtime, migrator] = await Promise.all([
      db.query<{ role: string; database: string }>(where),
      owner.query<{ role: string; database: string }>(where),
    ]);
    // Grants made in another database would leave the server's role with no rights at all.
    if (runtime.rows[0]?.database !== migrator.rows[0]?.database) {
      throw new Error(
        `DATABASE_MIGRATION_URL (database ${migrator.rows[0]?.database}) and DATABASE_URL (database ${runtime.rows[0]?.database}) must name the same database.`,
      );
    }
    const applied = await migrate(owner, migrations);
    await grantRuntimeRole(owner, String(runtime.rows[0]?.role));
    return applied;
  } finally {
    await owner.close();
  }
}

/**
 * What the connection's role may do to the audit log beyond adding and reading: UPDATE, DELETE,
 * TRUNCATE, and ALTER when it owns it (or is a superuser). Empty once the roles are separated.
 */
export async function auditLogOverreach(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ privilege: string }>(
    `SELECT privilege FROM unnest(ARRAY['UPDATE', 'DELETE', 'TRUNCATE']) AS privilege
     WHERE has_table_privilege('staff_audit_log', privilege)
     UNION ALL
     SELECT 'ALTER' FROM pg_class c
     WHERE c.oid = 'staff_audit_log'::regclass AND pg_has_role(c.relowner, 'USAGE')`,
  );
  return rows.map((row) => row.privilege).sort();
}
