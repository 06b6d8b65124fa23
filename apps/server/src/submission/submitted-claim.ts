import type { ClaimStatus, DecisionOutcome } from "@kalinga/domain/claim-lifecycle";

// A submitted claim as the lifecycle, the console's queue, the insurer and tracking read it: a
// claim's row with its submission, and how a row of the repository's join becomes one
// (submission-repository.ts holds the SQL).

/** reason: what the claimant is told of an outcome other than approved (decision 0067). */
export type Decision = { outcome: DecisionOutcome; reasonCode: string; reason?: string | null };

export type SubmittedClaim = {
  claimId: string;
  webReferenceNumber: string;
  status: ClaimStatus;
  claimType: "Death" | "Living";
  companyName: string;
  submittedAt: Date;
  updatedAt: Date;
  payload: Record<string, unknown>;
  decision: Decision | null;
  policyNumber: string | null;
  matchCode: number | null;
  /** The number the OTP proved; null on the channels that file without one. */
  verifiedMobileNumber: string | null;
  /** The language it was filed in (decision 0089), and the channel, by name (decision 0096). */
  locale: string;
  channelName: string;
};

export type SubmittedClaimRow = {
  id: string;
  web_reference_number: string;
  status: ClaimStatus;
  claim_type: "Death" | "Living";
  company_name: string;
  submitted_at: Date;
  updated_at: Date;
  payload: Record<string, unknown>;
  decision: Decision | null;
  policy_number: string | null;
  match_code: number | null;
  verified_mobile_number: string | null;
  locale: string;
  channel_name: string;
};

/** A row of the claim joined with its submission, in the shape the readers use. */
export const submittedClaimOf = (row: SubmittedClaimRow): SubmittedClaim => ({
  claimId: row.id,
  webReferenceNumber: row.web_reference_number,
  status: row.status,
  claimType: row.claim_type,
  companyName: row.company_name,
  submittedAt: new Date(row.submitted_at),
  updatedAt: new Date(row.updated_at),
  payload: row.payload,
  decision: row.decision,
  policyNumber: row.policy_number,
  matchCode: row.match_code,
  verifiedMobileNumber: row.verified_mobile_number,
  locale: row.locale,
  channelName: row.channel_name,
});
