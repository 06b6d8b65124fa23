import { matchPolicy, payloadBirthDate } from "@kalinga/domain/policy-record";
import { setPolicyMatch } from "../claims/claim-repository.ts";
import type { Queryable } from "../db/database.ts";
import { recordClaimEvent, SYSTEM } from "../lifecycle/lifecycle-repository.ts";
import { companyHasPolicies, findPoliciesOfInsured, findPolicy } from "./policy-repository.ts";

// At submit, a claim is matched against the company's policy records (decision 0057): the
// matchCode and policy number of its status record are set in the submit's transaction, with an
// event, so the claimant's and the insurer's views agree from the first moment.

export async function matchClaimToPolicy(
  tx: Queryable,
  claimId: string,
  claim: {
    companyName: string;
    policyNumber: string;
    /** The payload's insured: names, and the date of birth as MM/dd/yyyy. */
    insured: { firstName: string; lastName: string; dateOfBirth: string };
  },
  now: Date,
): Promise<void> {
  const company = claim.companyName;
  const insured = claim.insured;
  const facts = {
    policyNumber: claim.policyNumber,
    firstName: insured.firstName,
    lastName: insured.lastName,
    dateOfBirth: payloadBirthDate(insured.dateOfBirth),
  };
  const match = matchPolicy(
    facts,
    await findPolicy(tx, company, facts.policyNumber),
    await findPoliciesOfInsured(tx, company, facts),
    await companyHasPolicies(tx, company),
  );
  if (!match) return;
  await setPolicyMatch(tx, claimId, match.policyNumber, match.matchCode);
  await recordClaimEvent(
    tx,
    claimId,
    { kind: "policy-match", detail: { matchCode: match.matchCode } },
    SYSTEM,
    now,
  );
}
