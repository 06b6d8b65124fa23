import type { TrackedClaimRecord } from "@kalinga/domain/claim-tracking";
import {
  type TrackedClaimRow,
  type TrackingScope,
  trackedClaimRow,
  trackedClaimRows,
} from "../claims/claim-queue-repository.ts";
import type { Queryable } from "../db/database.ts";

export type { TrackingScope } from "../claims/claim-queue-repository.ts";

// What a tracking check reads: the claims of its scope, each as the claim status record of section 3.

export type TrackedClaim = { claimId: string; record: TrackedClaimRecord };

function trackedOf(row: TrackedClaimRow): TrackedClaim {
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
  return (await trackedClaimRows(q, scope)).map(trackedOf);
}

/** One claim of the scope by its reference; null for any other claim, so nothing is revealed. */
export async function claimFiledWith(
  q: Queryable,
  scope: TrackingScope,
  webReferenceNumber: string,
): Promise<TrackedClaim | null> {
  const row = await trackedClaimRow(q, scope, webReferenceNumber);
  return row ? trackedOf(row) : null;
}
