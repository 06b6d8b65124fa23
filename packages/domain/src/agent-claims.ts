import * as z from "zod/mini";
import { claimCallCommon, type ReturnCode } from "./claim-api.ts";
import { claimStatusLabel, claimTypeLabel } from "./claim-status.ts";
import { csvText } from "./csv.ts";
import { todayInManila } from "./dates.ts";

// The logged-in channels' lists (decision 0059): the portal user's policies for /cfm, and the agent's
// claims report (/claims-report): the claims the agent filed on agent assist and the claims on the
// policies the agent serves, for the agent of the portal's assertion alone.

export const listAgentClaimsSchema = z.object({ ...claimCallCommon });

/** /cfm's policy list: the member's policies of the assertion, or the policies the agent serves. */
export const listPortalPoliciesSchema = z.object({ ...claimCallCommon });

export type PortalPolicy = { policyNumber: string; insuredName: string };

export type ListPortalPoliciesResponse = { returnCode: ReturnCode; policies: PortalPolicy[] };

export type AgentClaim = {
  webReferenceNumber: string;
  /** The insured's first and last name, as filed. */
  insuredName: string;
  policyNumber: string;
  claimInfo: { type: "Death" | "Living"; subType: string };
  status: string;
  /** Requests for documents still waiting on the claimant. */
  openRequirements: number;
  /** ISO time of the submit. */
  submittedAt: string;
  /** Whole days since the submit, in Manila. */
  daysOpen: number;
  /** Filed by the agent on agent assist (else: filed by the client on one of the agent's policies). */
  filedByAgent: boolean;
};

export type ListAgentClaimsResponse = { returnCode: ReturnCode; claims: AgentClaim[] };

/** The report's columns in a CSV export, in order, with their header texts. */
export const AGENT_CLAIMS_CSV_COLUMNS = [
  ["webReferenceNumber", "Web reference number"],
  ["insuredName", "Insured"],
  ["policyNumber", "Policy number"],
  ["claimType", "Claim type"],
  ["status", "Status"],
  ["openRequirements", "Outstanding requirements"],
  ["daysOpen", "Days open"],
  ["submittedAt", "Date filed"],
] as const;

/** The report as a spreadsheet opens it: one row per claim, the labels the screen shows. */
export function agentClaimsCsv(claims: readonly AgentClaim[]): string {
  const rows = claims.map((claim) => {
    const cells: Record<(typeof AGENT_CLAIMS_CSV_COLUMNS)[number][0], string | number> = {
      webReferenceNumber: claim.webReferenceNumber,
      insuredName: claim.insuredName,
      policyNumber: claim.policyNumber,
      claimType: claimTypeLabel(claim.claimInfo.type, claim.claimInfo.subType),
      status: claimStatusLabel(claim.status),
      openRequirements: claim.openRequirements,
      daysOpen: claim.daysOpen,
      submittedAt: todayInManila(new Date(claim.submittedAt)),
    };
    return AGENT_CLAIMS_CSV_COLUMNS.map(([key]) => cells[key]);
  });
  return csvText([AGENT_CLAIMS_CSV_COLUMNS.map(([, title]) => title), ...rows]);
}
