import { comparableName, type PolicyRecord } from "@kalinga/domain/policy-record";
import type { Queryable } from "../db/database.ts";

// The policy store: records upserted by company and number, and the lookups the match and the
// logged-in channels make.

export type UpsertOutcome = "inserted" | "updated" | "unchanged";

/** One record in; the same record again changes nothing (an import can be run twice). */
export async function upsertPolicy(
  q: Queryable,
  record: PolicyRecord,
  now: Date,
): Promise<UpsertOutcome> {
  const { rows } = await q.query<{ inserted: boolean }>(
    `INSERT INTO policies AS p (company_name, policy_number, status, insured_first_key, insured_last_key,
       insured_date_of_birth, owner_mobile, agent_code, record, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6::date, $7, $8, $9::jsonb, $10, $10)
     ON CONFLICT (company_name, policy_number) DO UPDATE SET
       status = EXCLUDED.status, insured_first_key = EXCLUDED.insured_first_key,
       insured_last_key = EXCLUDED.insured_last_key, insured_date_of_birth = EXCLUDED.insured_date_of_birth,
       owner_mobile = EXCLUDED.owner_mobile, agent_code = EXCLUDED.agent_code, record = EXCLUDED.record,
       updated_at = EXCLUDED.updated_at
     WHERE p.record IS DISTINCT FROM EXCLUDED.record
     RETURNING (xmax = 0) AS inserted`,
    [
      record.companyName,
      record.policyNumber,
      record.status,
      comparableName(record.insuredFirstName),
      comparableName(record.insuredLastName),
      record.insuredDateOfBirth,
      record.ownerMobile || null,
      record.agentCode || null,
      JSON.stringify(record),
      now,
    ],
  );
  if (!rows[0]) return "unchanged";
  return rows[0].inserted ? "inserted" : "updated";
}

export async function findPolicy(
  q: Queryable,
  companyName: string,
  policyNumber: string,
): Promise<PolicyRecord | null> {
  if (!/^\d{10}$/.test(policyNumber)) return null;
  const { rows } = await q.query<{ record: PolicyRecord }>(
    "SELECT record FROM policies WHERE company_name = $1 AND policy_number = $2",
    [companyName, policyNumber],
  );
  return rows[0]?.record ?? null;
}

/** The company's policies insuring a person of this name and date of birth (yyyy-MM-dd). */
export async function findPoliciesOfInsured(
  q: Queryable,
  companyName: string,
  insured: { firstName: string; lastName: string; dateOfBirth: string },
): Promise<PolicyRecord[]> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(insured.dateOfBirth)) return [];
  const { rows } = await q.query<{ record: PolicyRecord }>(
    `SELECT record FROM policies WHERE company_name = $1 AND insured_last_key = $2
       AND insured_first_key = $3 AND insured_date_of_birth = $4::date ORDER BY policy_number`,
    [
      companyName,
      comparableName(insured.lastName),
      comparableName(insured.firstName),
      insured.dateOfBirth,
    ],
  );
  return rows.map((row) => row.record);
}

export async function companyHasPolicies(q: Queryable, companyName: string): Promise<boolean> {
  const { rows } = await q.query("SELECT 1 FROM policies WHERE company_name = $1 LIMIT 1", [
    companyName,
  ]);
  return rows.length > 0;
}

/** The portal user's policies in the store: a member's among `numbers`, or an agent's by code. */
export async function policiesOfPortalUser(
  q: Queryable,
  companyName: string,
  user: { numbers: string[] } | { agentCode: string },
): Promise<PolicyRecord[]> {
  const { rows } =
    "numbers" in user
      ? await q.query<{ record: PolicyRecord }>(
          `SELECT record FROM policies WHERE company_name = $1
             AND policy_number IN (SELECT jsonb_array_elements_text($2::jsonb)) ORDER BY policy_number`,
          [companyName, JSON.stringify(user.numbers)],
        )
      : await q.query<{ record: PolicyRecord }>(
          `SELECT record FROM policies WHERE company_name = $1 AND agent_code = $2
             ORDER BY policy_number LIMIT 500`,
          [companyName, user.agentCode],
        );
  return rows.map((row) => row.record);
}
