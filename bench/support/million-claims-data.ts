import type { Database } from "../../apps/server/src/db/database.ts";
import { migrate, readMigrations } from "../../apps/server/src/db/migrate.ts";
import { claimPayloadSql, fixtureParameter } from "../../apps/server/test/support/claim-rows.ts";

// The million-claim data set of bench/million-claims.bench.ts, built in SQL (generate_series) on
// PostgreSQL: five companies, 5,000 agents serving 400,000 policies, 40 examiners, three years of
// claims (older ones mostly closed, recent ones open), 2% still drafts, one in five filed by an
// agent, about 1.7 claims per mobile number, common Filipino names with one claim in a thousand of
// a name no other claim has. Kept with a marker of the migration it was built at and reused; a
// newer migration is applied to it in place, as it would be to a deployment's claims.

/** KALINGA_MILLION_CLAIMS sets a smaller set (e.g. 200000) for a quicker build while working. */
export const CLAIMS = claimsWanted(process.env.KALINGA_MILLION_CLAIMS);
const POLICIES = 400_000;
export const AGENTS = 5_000;
const EXAMINERS = 40;
const MARKER = "bench_million_claims";

const FIRST = ["Jose", "Maria", "Juan", "Ana", "Pedro", "Rosa", "Antonio", "Carmen", "Manuel"]
  .concat([
    "Teresa",
    "Ramon",
    "Luz",
    "Roberto",
    "Elena",
    "Eduardo",
    "Gloria",
    "Ricardo",
    "Josefina",
  ])
  .concat(["Fernando", "Corazon", "Mark", "Kristine", "John", "Mary Grace", "Paolo", "Angelica"]);
const LAST = ["Santos", "Reyes", "Cruz", "Bautista", "Ocampo", "Garcia", "Mendoza", "Torres"]
  .concat(["Tomas", "Andrada", "Castillo", "Flores", "Villanueva", "Ramos", "Castro", "Rivera"])
  .concat(["Aquino", "Navarro", "Salazar", "Mercado", "Dela Cruz", "De Leon", "Gonzales", "Lopez"])
  .concat(["Pascual", "Soriano", "Manalo", "Dizon", "Aguilar", "Panganiban", "Magbanua", "Lim"]);

function claimsWanted(setting: string | undefined): number {
  if (setting === undefined || setting === "") return 1_000_000;
  const claims = Number(setting);
  if (!Number.isInteger(claims) || claims < 1_000)
    throw new Error(`KALINGA_MILLION_CLAIMS is a whole number of claims, 1000 or more: ${setting}`);
  return claims;
}

const sqlArray = (values: string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(", ")}]`;
/** A company of five, an agent and an examiner as SQL of an integer expression. */
const companyOf = (n: string) => `'Bench Company ' || (1 + (${n}) % 5)`;
const agentOf = (n: string) => `'AG' || lpad(((${n}) * 31 % ${AGENTS})::text, 4, '0')`;
const examinerId = (k: number | string) => `md5('examiner' || (${k}))::uuid`;
/** The claim's policy: a bijection-free spread of claims over the policies. */
const policyOfClaim = `(i::bigint * 7919 % ${POLICIES})::integer`;

const STATUS_CASE = `CASE WHEN i % 50 = 0 THEN 'draft'
  WHEN i > ${CLAIMS} * 0.92 THEN (ARRAY['CLAIM APPLICATION SUBMITTED', 'UNDER REVIEW',
    'PENDING DUE TO INCOMPLETE REQUIREMENTS', 'UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS',
    'WITH CLAIM DECISION'])[1 + (i * 13) % 5]
  ELSE (ARRAY['CLAIM COMPLETED', 'CLAIM COMPLETED', 'CLAIM COMPLETED', 'CLAIM COMPLETED',
    'CLAIM COMPLETED', 'CLAIM COMPLETED', 'WITH CLAIM DECISION',
    'CLOSED - DUE TO INCOMPLETE REQUIREMENTS', 'PAYMENT UNSUCCESSFUL', 'CLAIM COMPLETED'])[1 + (i * 13) % 10]
  END`;

/** One row per claim with everything both tables are written from. */
const SEED = `CREATE UNLOGGED TABLE bench_seed AS
  SELECT i, md5('claim' || i)::uuid AS id,
    'KL-' || left(h, 4) || '-' || right(h, 4) AS ref,
    ${STATUS_CASE} AS status,
    ${companyOf(policyOfClaim)} AS company,
    lpad((${policyOfClaim})::text, 10, '0') AS policy_number,
    CASE WHEN i % 5 = 0 THEN ${agentOf(policyOfClaim)} END AS agent_code,
    (${sqlArray(FIRST)})[1 + (i * 11) % ${FIRST.length}] AS first_name,
    CASE WHEN i % 1000 = 7 THEN 'Dimaculangan' || i
      ELSE (${sqlArray(LAST)})[1 + (i * 7) % ${LAST.length}] END AS last_name,
    '9' || lpad(((i % 580000) * 1543 % 1000000000)::text, 9, '0') AS mobile,
    CASE WHEN i % 3 = 0 THEN 'Death' ELSE 'Living' END AS claim_type,
    (ARRAY['AC', 'IL', 'NA', 'HO'])[1 + i % 4] AS cause,
    CASE WHEN i % 10 < 7 THEN ${examinerId(`(i * 17) % ${EXAMINERS}`)} END AS assigned_to,
    now() - interval '3 years' + (i::double precision / ${CLAIMS}) * interval '3 years'
      + (i % 97) * interval '1 minute' AS submitted_at
  FROM generate_series(1, ${CLAIMS}) AS i,
    LATERAL (SELECT upper(lpad(to_hex(i::bigint * 2654435761 % 4294967296), 8, '0')) AS h) AS hash`;

const CLAIMS_INSERT = `INSERT INTO claims (id, web_reference_number, status, company_name, channel_name,
    mobile_number, verified_mobile_number, verified_at, created_at, updated_at, submitted_at, purpose,
    agent_code, assigned_to, claim_type, insured_name_key, insured_mobile, policy_number_given,
    insured_first_name, insured_last_name, cause_of_loss)
  SELECT id, ref, status, company, 'Corporate Website', mobile, '+63' || mobile,
    submitted_at - interval '15 minutes', submitted_at - interval '20 minutes',
    least(now(), submitted_at + (i * 7 % 60) * interval '1 day'),
    CASE WHEN status <> 'draft' THEN submitted_at END, 'filing', agent_code,
    CASE WHEN status <> 'draft' THEN assigned_to END,
    CASE WHEN status <> 'draft' THEN claim_type END,
    CASE WHEN status <> 'draft' THEN lower(first_name || ' ' || last_name) END,
    CASE WHEN status <> 'draft' THEN mobile END,
    CASE WHEN status <> 'draft' THEN policy_number END,
    CASE WHEN status <> 'draft' THEN first_name END,
    CASE WHEN status <> 'draft' THEN last_name END,
    CASE WHEN status <> 'draft' THEN cause END
  FROM bench_seed`;

const SUBMISSIONS_INSERT = `INSERT INTO claim_submissions
    (claim_id, payload, claim_type, slot_facts, response, submitted_at)
  SELECT id, ${claimPayloadSql("$1::jsonb", {
    webReferenceNumber: "ref",
    firstName: "first_name",
    lastName: "last_name",
    mobile: "mobile",
    emailAddress: "lower(ref) || '@example.ph'",
    policyNumber: "policy_number",
    claimType: "claim_type",
    causeOfLoss: "cause",
  })},
    claim_type, '{}'::jsonb, '{}'::jsonb, submitted_at
  FROM bench_seed WHERE status <> 'draft'`;

const POLICIES_INSERT = `INSERT INTO policies (company_name, policy_number, status, insured_first_key,
    insured_last_key, insured_date_of_birth, owner_mobile, agent_code, record, created_at, updated_at)
  SELECT ${companyOf("p")}, lpad(p::text, 10, '0'), 'INFORCE', 'jose', 'rizal', date '1980-03-05',
    NULL, ${agentOf("p")}, '{}'::jsonb, now(), now()
  FROM generate_series(0, ${POLICIES - 1}) AS p`;

const STAFF_INSERT = `INSERT INTO staff_users (id, email, name, role, password_hash, created_at)
  SELECT ${examinerId("k")}, 'examiner' || k || '@bench.invalid', 'Examiner ' || k, 'examiner',
    'not-a-hash', now()
  FROM generate_series(0, ${EXAMINERS - 1}) AS k`;

/** One requirement on one claim in ten: open while the claim waits for it, accepted otherwise. */
const REQUIREMENTS_INSERT = `INSERT INTO claim_requirements
    (id, claim_id, description, due_date, state, asked_at)
  SELECT md5('requirement' || i)::uuid, id, 'Medical certificate', current_date,
    CASE WHEN status = 'PENDING DUE TO INCOMPLETE REQUIREMENTS' OR i % 20 = 0 THEN 'open'
      ELSE 'accepted' END, submitted_at
  FROM bench_seed WHERE status <> 'draft' AND i % 10 = 0`;

async function latestMigration(): Promise<number> {
  return Math.max(...(await readMigrations()).map((migration) => migration.version));
}

/** The migration the database's complete set of CLAIMS claims was built or brought to; null for none. */
async function builtAt(db: Database): Promise<number | null> {
  const { rows } = await db.query<{ present: boolean }>(
    "SELECT to_regclass($1) IS NOT NULL AS present",
    [MARKER],
  );
  if (!rows[0]?.present) return null;
  const marker = await db.query<{ version: number; claims: number }>(
    `SELECT version, claims FROM ${MARKER}`,
  );
  const row = marker.rows[0];
  return row !== undefined && row.claims === CLAIMS ? row.version : null;
}

/** Starts over on a database that holds an older set, or nothing; refuses one holding anything else. */
async function emptySchema(db: Database): Promise<void> {
  const { rows } = await db.query<{ tables: string; marked: boolean }>(
    `SELECT count(*) AS tables, bool_or(tablename = $1) AS marked FROM pg_tables
     WHERE schemaname = current_schema()`,
    [MARKER],
  );
  if (Number(rows[0]?.tables) > 0 && !rows[0]?.marked)
    throw new Error(
      "the million-claim database holds tables the bench did not make; give it one of its own",
    );
  await db.query("DROP SCHEMA public CASCADE");
  await db.query("CREATE SCHEMA public");
}

/**
 * Builds the set (a few minutes) unless it is there: at the latest migration it is reused, at an
 * older one the newer migrations are applied to it. The tables' indexes
 * are dropped while the rows go in and made again after: faster than keeping them up row by row.
 */
export async function millionClaims(
  db: Database,
  log: (line: string) => void,
): Promise<"built" | "migrated" | "reused"> {
  const version = await latestMigration();
  const at = await builtAt(db);
  if (at === version) return "reused";
  if (at !== null && at < version) {
    const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
    const started = performance.now();
    const applied = await migrate(db);
    log(`${applied.join(", ") || "no migration pending"}: ${seconds(started)}`);
    // As operators do after a migration that writes every claim (docs/operations.md).
    const reindexed = performance.now();
    await db.query("REINDEX TABLE CONCURRENTLY claims");
    log(`claims' indexes built again: ${seconds(reindexed)}`);
    await db.query("VACUUM ANALYZE");
    await db.query(`UPDATE ${MARKER} SET version = $1`, [version]);
    return "migrated";
  }
  await emptySchema(db);
  // Marked from the start (as no claims yet), so a build cut short is started over next time.
  await db.query(`CREATE TABLE ${MARKER} (version integer NOT NULL, claims integer NOT NULL)`);
  await db.query(`INSERT INTO ${MARKER} VALUES ($1, 0)`, [version]);
  await migrate(db);
  const { rows: indexes } = await db.query<{ name: string; definition: string }>(
    `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
     WHERE schemaname = current_schema()
       AND tablename IN ('claims', 'claim_submissions', 'policies', 'claim_requirements')
       AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
  );
  for (const index of indexes) await db.query(`DROP INDEX ${index.name}`);
  // The payloads are most of the bytes: unlogged, they skip the write-ahead log (plans are alike).
  await db.query("ALTER TABLE claim_submissions SET UNLOGGED");
  const steps: [string, string, unknown[]][] = [
    ["seed", SEED, []],
    ["staff", STAFF_INSERT, []],
    ["policies", POLICIES_INSERT, []],
    ["claims", CLAIMS_INSERT, []],
    ["submissions", SUBMISSIONS_INSERT, [fixtureParameter()]],
    ["requirements", REQUIREMENTS_INSERT, []],
    ["seed dropped", "DROP TABLE bench_seed", []],
  ];
  for (const [name, sql, params] of steps) {
    const started = performance.now();
    await db.query(sql, params);
    log(`${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  for (const index of indexes) await db.query(index.definition);
  log(`${indexes.length} indexes made again`);
  await db.query("VACUUM ANALYZE");
  await db.query(`UPDATE ${MARKER} SET claims = $1`, [CLAIMS]);
  return "built";
}
