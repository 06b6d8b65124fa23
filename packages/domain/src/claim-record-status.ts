// The status a claim row is stored with: open while it is being filed, then the first status of
// section 4 once submitted. claim-status.ts holds how statuses are shown; this is what is stored.

export const CLAIM_RECORD_STATUS = {
  /** Being filed: OTP, documents and the submit are still open. */
  draft: "draft",
  /** Submitted: the first of section 4's statuses. */
  submitted: "CLAIM APPLICATION SUBMITTED",
} as const;

export type ClaimRecordStatus = (typeof CLAIM_RECORD_STATUS)[keyof typeof CLAIM_RECORD_STATUS];
