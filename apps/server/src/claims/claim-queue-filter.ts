import type { ClaimStatus } from "@kalinga/domain/claim-lifecycle";

// The console's queue filters as conditions on the claim's own columns (decision 0103), for the
// claims table's queries aliased `c`.

export type QueueFilter = {
  status: ClaimStatus | null;
  claimType: "Death" | "Living" | null;
  /** A staff id, or null for any. */
  assignedTo: string | null;
  unassignedOnly: boolean;
  /** Only claims assigned to this examiner or to nobody (an examiner's own view). */
  visibleTo: string | null;
  /** A reference number, or (as `namePattern`, a lowercase LIKE pattern) part of the insured's name. */
  search: string | null;
  namePattern: string | null;
  /** The insured's mobile number's digits, when the search is one. */
  mobile: string | null;
};

/** The queue's conditions on the claim's own columns, each parameter numbered in turn. */
export function queueConditions(filter: QueueFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const at = (value: unknown) => `$${params.push(value)}`;
  const where = ["c.submitted_at IS NOT NULL"];
  if (filter.status !== null) where.push(`c.status = ${at(filter.status)}`);
  if (filter.claimType !== null) where.push(`c.claim_type = ${at(filter.claimType)}`);
  if (filter.assignedTo !== null) where.push(`c.assigned_to = ${at(filter.assignedTo)}`);
  if (filter.unassignedOnly) where.push("c.assigned_to IS NULL");
  if (filter.visibleTo !== null)
    where.push(`(c.assigned_to = ${at(filter.visibleTo)} OR c.assigned_to IS NULL)`);
  if (filter.search !== null) {
    // References are upper case; each alternative has its index (a bitmap OR of the three).
    const anyOf = [`c.web_reference_number = upper(${at(filter.search)})`];
    if (filter.namePattern !== null)
      anyOf.push(`c.insured_name_key LIKE ${at(filter.namePattern)}`);
    if (filter.mobile !== null) anyOf.push(`c.insured_mobile = ${at(filter.mobile)}`);
    where.push(`(${anyOf.join(" OR ")})`);
  }
  return { sql: where.join(" AND "), params };
}
