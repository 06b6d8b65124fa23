import type { ClaimPayloadColumns } from "../claims/claim-repository.ts";

// What the queue, its search, the agent's report and tracking filter on and show, read from a
// submitted payload into the claim's own columns (migrations 028 and 031, decisions 0103 and 0109).

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);

/** The payload's fields copied onto the claim at submit. */
export function payloadColumnsOf(payload: unknown, claimType: string): ClaimPayloadColumns {
  const sent = (payload ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const insured = sent.insuredInformation ?? {};
  const firstName = text(insured.firstName);
  const lastName = text(insured.lastName);
  const names = [firstName, lastName].filter((name) => name !== null);
  return {
    claimType,
    insuredNameKey: names.join(" ").toLowerCase(),
    insuredMobile: text(insured.phoneNumber),
    policyNumberGiven: text(sent.policyInformation?.policyNumber),
    insuredFirstName: firstName,
    insuredLastName: lastName,
    causeOfLoss: text(sent.basicInformation?.causeOfLoss),
  };
}
