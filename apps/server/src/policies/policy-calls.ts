import { RETURN_CODES } from "@kalinga/domain/claim-api";
import { toPayloadDate } from "@kalinga/domain/dates";
import {
  findClaim,
  recordPortalPolicy,
  recordVerifiedMobileNumber,
} from "../claims/claim-repository.ts";
import type { Database } from "../db/database.ts";
import type { ClaimCallHandlers } from "../http/claim-call-routes.ts";
import { issueToken, revokeToken } from "../http/claim-token.ts";
import type { Refusal } from "../refusal.ts";
import { findPolicy, policiesOfPortalUser } from "./policy-repository.ts";

// getPolicyDetails (sections 3 and 7, decision 0058): the policy a logged-in user chose, read from
// the policy store, for a member only among the policies of the portal's assertion and for an agent
// only among the policies the agent serves. Any other answers as if it did not exist. The portal's
// sign-in stands in for the OTP (decision 0059): the claim's token is swapped for a verified one.

const POLICY_MESSAGES = {
  notFound: "We could not find this policy for your account.",
} as const;

const notFound: Refusal = { refused: "policy-not-found", message: POLICY_MESSAGES.notFound };

export function policyCalls(
  db: Database,
  /** The channel names of the member portal and agent assist: a public claim reads no policy. */
  channels: { memberPortal: string; agentAssist: string },
): Pick<ClaimCallHandlers, "getPolicyDetails" | "listPortalPolicies"> {
  return {
    /** /cfm's dropdown: the policies this user may claim on, with the insured's name. */
    async listPortalPolicies({ body, portal }) {
      if (!portal) return { returnCode: RETURN_CODES.ok, policies: [] };
      const records = await policiesOfPortalUser(
        db,
        body.basicInformation.companyName,
        portal.kind === "member" ? { numbers: portal.policies } : { agentCode: portal.agentCode },
      );
      return {
        returnCode: RETURN_CODES.ok,
        policies: records.map((policy) => ({
          policyNumber: policy.policyNumber,
          insuredName: [policy.insuredFirstName, policy.insuredLastName].filter(Boolean).join(" "),
        })),
      };
    },
    async getPolicyDetails({ claim, body, portal, now }) {
      const found = await findClaim(db, claim.claimId);
      const loggedIn = [channels.memberPortal, channels.agentAssist];
      const current = found && loggedIn.includes(found.channelName) ? found : null;
      const number = body.policyInformation.policyNumber;
      const policy = current ? await findPolicy(db, current.companyName, number) : null;
      if (!policy || !portal) return notFound;
      const allowed =
        portal.kind === "member"
          ? portal.policies.includes(number)
          : policy.agentCode !== "" && policy.agentCode === portal.agentCode;
      if (!allowed) return notFound;
      const token = await db.transaction(async (tx) => {
        await revokeToken(tx, claim.tokenHash, now);
        // The member portal's payload names the policy of the form (section 3): it must be this one.
        if (current?.channelName === channels.memberPortal) {
          await recordPortalPolicy(tx, claim.claimId, number);
        }
        // The policy owner's number, as an OTP would have verified it: the claim is theirs to follow.
        if (policy.ownerMobile) {
          await recordVerifiedMobileNumber(tx, claim.claimId, policy.ownerMobile, now);
        }
        return issueToken(tx, {
          claimId: claim.claimId,
          rights: "otp-verified",
          now,
          expiresAt: claim.expiresAt,
        });
      });
      return {
        returnCode: RETURN_CODES.ok,
        token,
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
