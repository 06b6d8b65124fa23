import type { ClaimStatus } from "@kalinga/domain/claim-lifecycle";
import type { Queryable } from "../db/database.ts";
import { type QueueFilter, queueConditions } from "./claim-queue-filter.ts";

// The console's queue, the agent's claims and tracking's, on the claim's own columns alone: what
// they filter on and what they show is copied there at submit (decisions 0103, 0109).

async function countUpTo(q: Queryable, filter: QueueFilter, upTo: number): Promise<number> {
  const where = queueConditions(filter);
  // A search counts in the queue's order: a common name walks the queue's index (which holds what
  // the search compares) to its bound; a rare one is still found on its own indexes and sorted.
  const order = filter.search !== null ? "ORDER BY c.submitted_at, c.id" : "";
  const { rows } = await q.query<{ total: string | number }>(
    `SELECT count(*) AS total FROM
       (SELECT 1 FROM claims c WHERE ${where.sql} ${order} LIMIT $${where.params.length + 1})
       AS counted`,
    [...where.params, upTo + 1],
  );
  return Number(rows[0]?.total ?? 0);
}

/**
 * The queue's claims counted up to `upTo` (past it: that bound, `atLeast`), stopping one past it.
 * An examiner's view (own or nobody's) is counted in its two parts, each a range of an index.
 */
export async function queueCount(
  q: Queryable,
  filter: QueueFilter,
  upTo: number,
): Promise<{ total: number; atLeast: boolean }> {
  const counted =
    filter.visibleTo !== null && filter.assignedTo === null && !filter.unassignedOnly
      ? (
          await Promise.all([
            countUpTo(q, { ...filter, visibleTo: null, assignedTo: filter.visibleTo }, upTo),
            countUpTo(q, { ...filter, visibleTo: null, unassignedOnly: true }, upTo),
          ])
        ).reduce((sum, part) => sum + part, 0)
      : await countUpTo(q, filter, upTo);
  return counted > upTo ? { total: upTo, atLeast: true } : { total: counted, atLeast: false };
}

/**
 * The ids of an agent's claims: filed under the agent's code, or on the agent's policies. Two
 * indexed reads made one, where an OR across the policies' join read every claim of the company.
 */
function agentClaimIds(companyName: string, agentCode: string): string {
  return `SELECT a.id FROM claims a
      WHERE a.company_name = ${companyName} AND a.agent_code = ${agentCode}
        AND a.purpose = 'filing' AND a.submitted_at IS NOT NULL
    UNION
    SELECT b.id FROM claims b JOIN policies p
        ON p.company_name = b.company_name AND p.policy_number = b.policy_number_given
      WHERE p.company_name = ${companyName} AND p.agent_code = ${agentCode}
        AND b.purpose = 'filing' AND b.submitted_at IS NOT NULL`;
}

export type QueueClaimRow = {
  id: string;
  web_reference_number: string;
  status: ClaimStatus;
  claim_type: "Death" | "Living";
  cause: string | null;
  first_name: string | null;
  last_name: string | null;
  mobile: string | null;
  submitted_at: Date;
  updated_at: Date;
  assigned_to: string | null;
  assignee_name: string | null;
};

/**
 * A page of the console's queue: submitted claims, oldest first. The page's claims are found on
 * the claims' index alone, then read: a deep page skips index entries, not rows. What a row shows
 * is on the claim (migration 031), so the payload is not read.
 */
export async function queueRows(
  q: Queryable,
  filter: QueueFilter,
  page: { offset: number; limit: number },
): Promise<QueueClaimRow[]> {
  const where = queueConditions(filter);
  const n = where.params.length;
  const { rows } = await q.query<QueueClaimRow>(
    `WITH page AS (
       SELECT c.id FROM claims c WHERE ${where.sql}
       ORDER BY c.submitted_at ASC, c.id ASC OFFSET $${n + 1} LIMIT $${n + 2}
     )
     SELECT c.id, c.web_reference_number, c.status, c.claim_type, c.submitted_at, c.updated_at,
       c.cause_of_loss AS cause, c.insured_first_name AS first_name,
       c.insured_last_name AS last_name, c.insured_mobile AS mobile,
       c.assigned_to, u.name AS assignee_name
     FROM page JOIN claims c ON c.id = page.id
     LEFT JOIN staff_users u ON u.id = c.assigned_to
     ORDER BY c.submitted_at ASC, c.id ASC`,
    [...where.params, page.offset, page.limit],
  );
  return rows;
}

export type AgentReportRow = {
  web_reference_number: string;
  status: string;
  submitted_at: Date | string;
  agent_code: string | null;
  claim_type: "Death" | "Living";
  cause: string | null;
  first_name: string | null;
  last_name: string | null;
  policy_number_given: string | null;
  open_requirements: number | string;
};

/**
 * An agent's claims, newest first: filed under the agent's code, or on the agent's policies. What
 * the report shows is on the claim (migration 031), so the payload is not read.
 */
export async function agentReportRows(
  q: Queryable,
  agent: { companyName: string; agentCode: string },
  limit: number,
): Promise<AgentReportRow[]> {
  const { rows } = await q.query<AgentReportRow>(
    `SELECT c.web_reference_number, c.status, c.submitted_at, c.agent_code, c.claim_type,
       c.cause_of_loss AS cause, c.insured_first_name AS first_name,
       c.insured_last_name AS last_name, c.policy_number_given,
       count(r.claim_id) AS open_requirements
     FROM claims c LEFT JOIN claim_requirements r ON r.claim_id = c.id AND r.state = 'open'
     WHERE c.id IN (${agentClaimIds("$1", "$2")})
     GROUP BY c.id
     ORDER BY c.submitted_at DESC, c.id DESC
     LIMIT $3`,
    [agent.companyName, agent.agentCode, limit],
  );
  return rows;
}

/**
 * Whose claims a tracking check reads: those a verified number filed (decision 0055), or on the
 * logged-in channels the portal's user's (decision 0059): a member's on the member's policies, an
 * agent's filed by the agent or on the agent's policies.
 */
export type TrackingScope =
  | { kind: "number"; mobile: string }
  | { kind: "member"; companyName: string; policies: string[] }
  | { kind: "agent"; companyName: string; agentCode: string };

export type TrackedClaimRow = {
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

/** The scope's condition, its parameters numbered from `from`. */
function scopeCondition(scope: TrackingScope, from: number): { sql: string; params: unknown[] } {
  const at = (n: number) => `$${from + n}`;
  switch (scope.kind) {
    case "number":
      return { sql: `c.verified_mobile_number = ${at(0)}`, params: [scope.mobile] };
    case "member":
      return {
        sql: `c.company_name = ${at(0)} AND c.policy_number_given
          IN (SELECT jsonb_array_elements_text(${at(1)}::jsonb))`,
        params: [scope.companyName, JSON.stringify(scope.policies)],
      };
    case "agent":
      return {
        sql: `c.id IN (${agentClaimIds(at(0), at(1))})`,
        params: [scope.companyName, scope.agentCode],
      };
  }
}

// What tracking shows is on the claim (migrations 028 and 031): the payload is not read.
const TRACKED_CLAIMS = `SELECT c.id, c.web_reference_number, c.status, c.claim_type, c.submitted_at,
    c.cause_of_loss AS cause, c.policy_number_given, c.policy_number, c.match_code
  FROM claims c
  WHERE c.purpose = 'filing' AND c.submitted_at IS NOT NULL`;

/** The claims of a tracking check's scope, newest first. */
export async function trackedClaimRows(
  q: Queryable,
  scope: TrackingScope,
): Promise<TrackedClaimRow[]> {
  const where = scopeCondition(scope, 1);
  const { rows } = await q.query<TrackedClaimRow>(
    `${TRACKED_CLAIMS} AND ${where.sql} ORDER BY c.submitted_at DESC, c.id`,
    where.params,
  );
  return rows;
}

/** One claim of the scope by its reference; null for any other claim, so nothing is revealed. */
export async function trackedClaimRow(
  q: Queryable,
  scope: TrackingScope,
  webReferenceNumber: string,
): Promise<TrackedClaimRow | null> {
  const where = scopeCondition(scope, 2);
  const { rows } = await q.query<TrackedClaimRow>(
    `${TRACKED_CLAIMS} AND c.web_reference_number = $1 AND ${where.sql}`,
    [webReferenceNumber, ...where.params],
  );
  return rows[0] ?? null;
}
