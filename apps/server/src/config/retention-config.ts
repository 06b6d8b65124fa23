import type { RetentionSettings } from "@kalinga/domain/retention";
import { RETENTION_DEFAULTS } from "@kalinga/domain/retention";
import { ConfigError, type Env, flag, integer } from "./config-values.ts";

// How long claims are kept (docs/decisions/0106): RETENTION_CLAIM_YEARS after a claim's closing
// (the privacy notice's 10 years for electronic records), RETENTION_UNSUBMITTED_DAYS after the last
// change of a claim never submitted, which must outlive its draft. RETENTION_DRY_RUN=true (decision
// 0111): the job audits and logs what it would erase, and erases nothing.

export type RetentionJobSettings = RetentionSettings & { dryRun: boolean };

export function retentionConfig(env: Env, draftExpiryDays: number): RetentionJobSettings {
  const claimYears = integer(env, "RETENTION_CLAIM_YEARS", RETENTION_DEFAULTS.claimYears, 1, 100);
  const unsubmittedDays = integer(
    env,
    "RETENTION_UNSUBMITTED_DAYS",
    Math.max(RETENTION_DEFAULTS.unsubmittedDays, draftExpiryDays),
    1,
    3650,
  );
  if (unsubmittedDays < draftExpiryDays) {
    throw new ConfigError(
      `RETENTION_UNSUBMITTED_DAYS must be at least DRAFT_EXPIRY_DAYS (${draftExpiryDays}), got ${unsubmittedDays}.`,
    );
  }
  return { claimYears, unsubmittedDays, dryRun: flag(env, "RETENTION_DRY_RUN", false) };
}
