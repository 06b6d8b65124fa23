import type { AgentClaim } from "@kalinga/domain/agent-claims";
import { RETURN_CODES } from "@kalinga/domain/claim-api";
import { daysBetween, todayInManila } from "@kalinga/domain/dates";
import { agentReportRows } from "../claims/claim-queue-repository.ts";
import type { Queryable } from "../db/database.ts";
import { forbidden } from "../http/api-error.ts";
import type { ClaimCallHandlers } from "../http/claim-call-routes.ts";

// listAgentClaims (issue 12, decision 0059): the agent's claims report. An agent sees the claims
// filed on agent assist under the agent's code and those on the policies the policy store gives
// the agent; nothing of another agent's clients, and a member's sign-in opens nothing.

const AGENT_REPORT_MESSAGES = {
  notAnAgent: "Only an agent's sign-in opens the claims report.",
} as const;

/** The newest this many; an agent with more filters in the core claims system. */
const REPORT_LIMIT = 500;

export function agentClaimsCalls(db: Queryable): Pick<ClaimCallHandlers, "listAgentClaims"> {
  return {
    async listAgentClaims({ body, portal, now }) {
      if (portal?.kind !== "agent") throw forbidden(AGENT_REPORT_MESSAGES.notAnAgent);
      const rows = await agentReportRows(
        db,
        { companyName: body.basicInformation.companyName, agentCode: portal.agentCode },
        REPORT_LIMIT,
      );
      const today = todayInManila(now);
      const claims: AgentClaim[] = rows.map((row) => {
        const submittedAt = new Date(row.submitted_at);
        return {
          webReferenceNumber: row.web_reference_number,
          insuredName: [row.first_name, row.last_name].filter(Boolean).join(" "),
          policyNumber: row.policy_number_given ?? "",
          claimInfo: { type: row.claim_type, subType: row.cause ?? "" },
          status: row.status,
          openRequirements: Number(row.open_requirements),
          submittedAt: submittedAt.toISOString(),
          daysOpen: daysBetween(todayInManila(submittedAt), today),
          filedByAgent: row.agent_code === portal.agentCode,
        };
      });
      return { returnCode: RETURN_CODES.ok, claims };
    },
  };
}
