import type { TrackedClaimRecord } from "@kalinga/domain/claim-tracking";
import { lockClaimStatus } from "../claims/claim-repository.ts";
import type { Queryable } from "../db/database.ts";

// What a tracking check reads: the claims a verified number filed, each as the claim status record
// of section 3, and the files the claimant added for a request and has not sent yet.

type TrackedRow = {
  id: string;
  web_reference_number: string;
  status: string;
  claim_type: "Death" | "Living";
  cause: string | null;
  policy_number_given: string | null;
  policy_number: string | null;
  match_code: number | null;
  submitted_at: Date;
};

export type TrackedClaim = { claimId: string; record: TrackedClaimRecord };

const SELECT = `SELECT c.id, c.web_reference_number, c.status, s.claim_type, c.submitted_at,
    s.payload->'basicInformation'->>'causeOfLoss' AS cause,
    s.payload->'policyInformation'->>'policyNumber' AS policy_number_given,
    c.policy_number, c.match_code
  FROM claims c JOIN claim_submissions s ON s.claim_id = c.id
  WHERE c.purpose = 'filing' AND c.submitted_at IS NOT NULL`;

/**
 * Whose claims a tracking check reads: those a verified number filed (decision 0055), or on the
 * logged-in channels the portal's user's (decision 0059): a member's on the member's policies, an
 * agent's filed by the agent or on the agent's policies.
 */
export type TrackingScope =
  | { kind: "number"; mobile: string }
  | { kind: "member"; companyName: string; policies: string[] }
  | { kind: "agent"; companyName: string; agentCode: string };

/** The scope's condition, its parameters numbered from `from`. */
function scopeCondition(scope: TrackingScope, from: number): { sql: string; params: unknown[] } {
  const at = (n: number) => `$${from + n}`;
  switch (scope.kind) {
    case "number":
      return { sql: `c.verified_mobile_number = ${at(0)}`, params: [scope.mobile] };
    case "member":
      return {
        sql: `c.company_name = ${at(0)} AND s.payload->'policyInformation'->>'policyNumber'
          IN (SELECT jsonb_array_elements_text(${at(1)}::jsonb))`,
        params: [scope.companyName, JSON.stringify(scope.policies)],
      };
    case "agent":
      return {
        sql: `c.company_name = ${at(0)} AND (c.agent_code = ${at(1)}
          OR s.payload->'policyInformation'->>'policyNumber' IN (
            SELECT policy_number FROM policies WHERE company_name = ${at(0)} AND agent_code = ${at(1)}))`,
        params: [scope.companyName, scope.agentCode],
      };
  }
}

function trackedOf(row: TrackedRow): TrackedClaim {
  return {
    claimId: row.id,
    record: {
      webReferenceNumber: row.web_reference_number,
      claimInfo: {
        // The insurer's matched number once it has one; the number the claimant gave until then.
        policyNumber: row.policy_number ?? row.policy_number_given ?? "",
        type: row.claim_type,
        subType: row.cause ?? "",
      },
      matchCode: row.match_code,
      status: row.status,
      submittedAt: new Date(row.submitted_at).toISOString(),
    },
  };
}

export async function claimsFiledWith(q: Queryable, scope: TrackingScope): Promise<TrackedClaim[]> {
  const where = scopeCondition(scope, 1);
  const { rows } = await q.query<TrackedRow>(
    `${SELECT} AND ${where.sql} ORDER BY c.submitted_at DESC, c.id`,
    where.params,
  );
  return rows.map(trackedOf);
}

/** One claim of the scope by its reference; null for any other claim, so nothing is revealed. */
export async function claimFiledWith(
  q: Queryable,
  scope: TrackingScope,
  webReferenceNumber: string,
): Promise<TrackedClaim | null> {
  const where = scopeCondition(scope, 2);
  const { rows } = await q.query<TrackedRow>(
    `${SELECT} AND c.web_reference_number = $1 AND ${where.sql}`,
    [webReferenceNumber, ...where.params],
  );
  return rows[0] ? trackedOf(rows[0]) : null;
}

/** Locks the claim and reads one of its items, for a change to that item's files. */
export async function lockRequirement(
  tx: Queryable,
  claimId: string,
  requirementId: string,
): Promise<{ state: string; dueDate: string } | null> {
  await lockClaimStatus(tx, claimId);
  const { rows } = await tx.query<{ state: string; due_date: string }>(
    `SELECT state, to_char(due_date, 'YYYY-MM-DD') AS due_date FROM claim_requirements
     WHERE claim_id = $1 AND id = $2`,
    [claimId, requirementId],
  );
  return rows[0] ? { state: rows[0].state, dueDate: rows[0].due_date } : null;
}
