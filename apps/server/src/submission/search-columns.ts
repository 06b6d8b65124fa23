import type { ClaimSearchColumns } from "../claims/claim-repository.ts";

// What the queue, its search, the agent's report and tracking filter on, read from a submitted
// payload into the claim's own columns (migration 028, decision 0103).

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);

/** The payload's fields the queue, search, report and tracking filter on (migration 028's copy). */
export function searchColumnsOf(payload: unknown, claimType: string): ClaimSearchColumns {
  const sent = (payload ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const insured = sent.insuredInformation ?? {};
  const names = [text(insured.firstName), text(insured.lastName)].filter((name) => name !== null);
  return {
    claimType,
    insuredNameKey: names.join(" ").toLowerCase(),
    insuredMobile: text(insured.phoneNumber),
    policyNumberGiven: text(sent.policyInformation?.policyNumber),
  };
}
