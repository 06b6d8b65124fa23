import type { Queryable } from "../db/database.ts";
import { type QueueFilter, queueConditions } from "./claim-queue-filter.ts";

// The console's queue and the agent's claims, on the claim's own columns (decision 0103).

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
export function agentClaimIds(companyName: string, agentCode: string): string {
  return `SELECT a.id FROM claims a
      WHERE a.company_name = ${companyName} AND a.agent_code = ${agentCode}
        AND a.purpose = 'filing' AND a.submitted_at IS NOT NULL
    UNION
    SELECT b.id FROM claims b JOIN policies p
        ON p.company_name = b.company_name AND p.policy_number = b.policy_number_given
      WHERE p.company_name = ${companyName} AND p.agent_code = ${agentCode}
        AND b.purpose = 'filing' AND b.submitted_at IS NOT NULL`;
}
