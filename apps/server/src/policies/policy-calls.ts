import { RETURN_CODES } from "@kalinga/domain/claim-api";
import { toPayloadDate } from "@kalinga/domain/dates";
import { findClaim } from "../claims/claim-repository.ts";
import type { Queryable } from "../db/database.ts";
import type { ClaimCallHandlers } from "../http/claim-call-routes.ts";
import type { Refusal } from "../refusal.ts";
import { findPolicy } from "./policy-repository.ts";

// getPolicyDetails (sections 3 and 7, decision 0058): the policy a logged-in user chose, read from
// the policy store, for a member only among the policies of the portal's assertion and for an agent
// only among the policies the agent serves. Any other answers as if it did not exist.

export const POLICY_MESSAGES = {
  notFound: "We could not find this policy for your account.",
} as const;

const notFound: Refusal = { refused: "policy-not-found", message: POLICY_MESSAGES.notFound };

export function policyCalls(
  db: Queryable,
  /** The channel names of the member portal and agent assist: a public claim reads no policy. */
  loggedInChannels: ReadonlySet<string>,
): Pick<ClaimCallHandlers, "getPolicyDetails"> {
  return {
    async getPolicyDetails({ claim, body, portal }) {
      const found = await findClaim(db, claim.claimId);
      const current = found && loggedInChannels.has(found.channelName) ? found : null;
      const number = body.policyInformation.policyNumber;
      const policy = current ? await findPolicy(db, current.companyName, number) : null;
      if (!policy || !portal) return notFound;
      const allowed =
        portal.kind === "member"
          ? portal.policies.includes(number)
          : policy.agentCode !== "" && policy.agentCode === portal.agentCode;
      if (!allowed) return notFound;
      return {
        returnCode: RETURN_CODES.ok,
        insuredInformation: {
          firstName: policy.insuredFirstName,
          lastName: policy.insuredLastName,
          middleName: policy.insuredMiddleName,
          suffix: policy.insuredSuffix,
          dateOfBirth: toPayloadDate(policy.insuredDateOfBirth),
        },
        policyOwnerInformation: {
          phoneNumber: policy.ownerMobile,
          emailAddress: policy.ownerEmail,
        },
      };
    },
  };
}
